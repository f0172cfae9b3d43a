import {
  continueGame,
  createGame,
  type InputBits,
  type LanderState,
  scoreMetadata,
  scoreOf,
  step,
} from './game.ts';
import { InputRecorder, type LanderInputLog } from './inputLog.ts';

/**
 * One game as the page plays it: the engine state plus the input log of every tick it
 * simulated, so a finished game can be submitted as a verifiable run. The previous
 * state is kept for drawing between ticks.
 */
export class LanderSession {
  state: LanderState;
  previous: LanderState;
  readonly seed: number;
  private readonly recorder = new InputRecorder();

  constructor(seed: number) {
    this.seed = seed >>> 0;
    this.state = createGame(this.seed);
    this.previous = this.state;
  }

  /** One 1/60 s tick with the held input bits; recorded only while playing. */
  tick(bits: InputBits): void {
    this.previous = this.state;
    if (this.state.phase !== 'playing') return;
    this.recorder.record(bits);
    this.state = step(this.state, bits);
  }

  /** The player's "next level" / "try again" after a touchdown. */
  continue(): void {
    this.state = continueGame(this.state);
    this.previous = this.state;
  }

  get score(): number {
    return scoreOf(this.state);
  }

  get metadata(): Record<string, unknown> {
    return scoreMetadata(this.state);
  }

  inputLog(): LanderInputLog {
    return this.recorder.log();
  }
}
