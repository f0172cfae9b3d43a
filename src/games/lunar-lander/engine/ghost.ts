import { continueGame, createGame, type InputBits, type LanderState, step } from './game.ts';
import { decodeInputLog } from './inputLog.ts';

/**
 * One level of a recorded run, ready to fly again as a ghost: the state the run's landing
 * attempt at that level began from, and that attempt's inputs, one per tick.
 */
export interface GhostFlight {
  level: number;
  start: LanderState;
  inputs: Uint8Array;
}

/**
 * Finds the attempt that landed `level` in a run (seed and input log, as the server
 * verified it). Null when the log is malformed or the run never landed that level.
 * The run is replayed from its seed with the same engine, so the flight is exactly the
 * one that was recorded.
 */
export function ghostFlight(seed: unknown, inputs: unknown, level: number): GhostFlight | null {
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed) || seed < 0 || seed > 0xffffffff) return null;
  const runs = decodeInputLog(inputs);
  if (!runs) return null;
  let state = createGame(seed);
  let start: LanderState | null = null;
  let ticks: InputBits[] = [];
  for (const [bits, count] of runs) {
    for (let i = 0; i < count; i++) {
      if (state.phase === 'gameover') return null;
      if (state.phase !== 'playing') state = continueGame(state);
      if (state.attemptTicks === 0) {
        // A new attempt: keep it only while it is on the level we want.
        start = state.level === level ? state : null;
        ticks = [];
      }
      if (start) ticks.push(bits);
      state = step(state, bits);
      if (start && state.phase !== 'playing') {
        if (state.phase === 'landed') return { level, start, inputs: Uint8Array.from(ticks) };
        start = null;
      }
      if (state.level > level) return null;
    }
  }
  return null;
}

/**
 * A ghost lander: a second engine instance flying a recorded flight, one tick for each
 * tick of the live game (the caller steps both together). It reads nothing of the live
 * game and the live game reads nothing of it. After its last recorded tick it rests where
 * the run touched down.
 */
export class GhostReplay {
  state: LanderState;
  previous: LanderState;
  private tick = 0;

  constructor(readonly flight: GhostFlight) {
    this.state = flight.start;
    this.previous = flight.start;
  }

  get level(): number {
    return this.flight.level;
  }

  /** True once the recorded attempt has touched down. */
  get done(): boolean {
    return this.tick >= this.flight.inputs.length;
  }

  /** One fixed tick of the recorded attempt. */
  step(): void {
    this.previous = this.state;
    if (this.done) return;
    this.state = step(this.state, this.flight.inputs[this.tick++]);
  }

  /** Back to the top of the attempt (the live player starts the level again). */
  restart(): void {
    this.tick = 0;
    this.state = this.flight.start;
    this.previous = this.flight.start;
  }
}
