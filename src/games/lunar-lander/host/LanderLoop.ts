import {
  advanceClock,
  type GhostSnapshot,
  type InputBits,
  type LanderSession,
  type LanderSnapshot,
  landerSnapshot,
} from '../engine/index.ts';

/** What a frame's ticks did: where to draw between them, and whether the last one was a touchdown. */
export interface LanderFrame {
  /** 0..1 between the last two ticks (1 once the lander is down). */
  alpha: number;
  ticks: number;
  touchdown: boolean;
}

/**
 * Drives a game's fixed 60 Hz ticks from display frames of any length and hands each
 * tick's snapshot to `emit` (the scene, on the page or, later, in a render worker). Keys
 * and touch buttons are held bits; a press shorter than a tick still reaches one tick
 * (latched). No DOM and no scene here: the page feeds it frame times and input.
 */
export class LanderLoop {
  private readonly clock = { accumulator: 0 };
  private held: InputBits = 0;
  private latched: InputBits = 0;

  constructor(
    private readonly emit: (snapshot: LanderSnapshot) => void,
    private readonly extras: {
      /** Runs one tick (the live game, and the ghosts beside it). */
      tick?: (session: LanderSession, bits: InputBits) => void;
      /** The ghosts to draw at the tick just run. */
      ghosts?: (session: LanderSession) => readonly GhostSnapshot[];
    } = {},
  ) {}

  private snapshotOf(session: LanderSession, touchdown: LanderSnapshot['touchdown'] = null): LanderSnapshot {
    const snapshot = landerSnapshot(session.state, touchdown);
    const ghosts = this.extras.ghosts?.(session);
    return ghosts?.length ? { ...snapshot, ghosts } : snapshot;
  }

  /** A new game, or the next attempt after `session.continue()`: drawn where it starts, no interpolation from before. */
  restart(session: LanderSession): void {
    this.clock.accumulator = 0;
    this.held = 0;
    this.latched = 0;
    this.show(session);
  }

  /** Shows a state as it is (twice: the scene interpolates between its last two snapshots). */
  show(session: LanderSession): void {
    const snapshot = this.snapshotOf(session);
    this.emit(snapshot);
    this.emit(snapshot);
  }

  setInput(bit: InputBits, down: boolean): void {
    if (down) {
      this.held |= bit;
      this.latched |= bit;
    } else {
      this.held &= ~bit;
    }
  }

  releaseAll(): void {
    this.held = 0;
  }

  /** Runs the ticks `dtSeconds` of display time make due (none once the lander is down). */
  advance(session: LanderSession, dtSeconds: number): LanderFrame {
    const { ticks, alpha } = advanceClock(this.clock, dtSeconds);
    let ran = 0;
    let touchdown = false;
    for (let i = 0; i < ticks && session.state.phase === 'playing'; i++) {
      const bits = this.held | this.latched;
      this.latched = 0;
      if (this.extras.tick) this.extras.tick(session, bits);
      else session.tick(bits);
      ran++;
      const s = session.state;
      touchdown = s.phase !== 'playing';
      this.emit(
        this.snapshotOf(session, touchdown ? (s.lastTouchdown?.landed ? 'landed' : 'crashed') : null),
      );
    }
    return { alpha: session.state.phase === 'playing' ? alpha : 1, ticks: ran, touchdown };
  }
}
