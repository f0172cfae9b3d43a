import type { HostClock } from '../../../lib/runtime/clock.ts';
import { FixedStepLoop, StepAccumulator } from '../../../lib/runtime/FixedStepLoop.ts';
import { SnapshotRequests } from '../../../lib/runtime/SnapshotRequests.ts';
import type { MarkTransfer, SnapshotSource } from '../../../lib/runtime/workerEntries.ts';
import {
  decodeInputLog,
  FOOT_DROP,
  heightAt,
  type InputBits,
  type LanderInputLog,
  type LanderPhase,
  LanderSession,
  type LanderState,
  type LanderTickSnapshot,
  landerSnapshot,
  scoreOf,
  TICK_HZ,
  type Touchdown,
} from '../engine/index.ts';
import { type GhostInfo, type GhostKind, type GhostRun, LanderGhosts, tickWithGhosts } from './ghosts.ts';

export type { HostClock, MarkTransfer };

const TICK_MS = 1000 / TICK_HZ;
/** Longest catch-up in one wake-up (a stalled worker): 250 ms of game time, then it slows down. */
const MAX_TICKS_PER_WAKE = Math.ceil(250 / TICK_MS);
/** A wake-up one tick long is one tick: timer times' floating-point noise (16.666…7 − 16.666…4) is forgiven. */
const EPSILON = 1e-9;
/** Flight readouts go to the page every this many ticks: 10 a second. */
export const HUD_EVERY_TICKS = 6;

/** Flight readouts for the HUD, sent a few times a second (never per frame). */
export interface Telemetry {
  fuel: number;
  speed: number;
  vx: number;
  vy: number;
  /** Feet above the ground below. */
  altitude: number;
  /** Platform centre minus lander x (the HUD's platform pointer). */
  dx: number;
  /** Feet above the platform's surface. */
  platformHeight: number;
  platformHalfWidth: number;
  /** The run's tick this readout is from: tells a reader (the tests' autopilot) how old it is. */
  tick: number;
}

export function telemetryOf(state: LanderState): Telemetry {
  const l = state.lander;
  const { platform } = state.terrain;
  return {
    fuel: l.fuel,
    speed: Math.hypot(l.vx, l.vy),
    vx: l.vx,
    vy: l.vy,
    altitude: Math.max(0, l.y - FOOT_DROP - heightAt(state.terrain, l.x)),
    dx: (platform.x0 + platform.x1) / 2 - l.x,
    platformHeight: l.y - FOOT_DROP - platform.y,
    platformHalfWidth: (platform.x1 - platform.x0) / 2,
    tick: state.runTicks,
  };
}

/** Where the game stands, for the page's HUD and screens. */
export interface LanderStatus {
  phase: LanderPhase;
  level: number;
  lives: number;
  score: number;
  telemetry: Telemetry;
}

/** A game that ended: what the game-over screen shows and submits. */
export interface FinishedGame {
  score: number;
  level: number;
  durationSeconds: number;
  metadata: Record<string, unknown>;
}

/** What the host tells the page, on the port it was given (`listen`). */
export type LanderHostMessage =
  /** Flight readouts, every HUD_EVERY_TICKS ticks while flying. */
  | { type: 'telemetry'; telemetry: Telemetry }
  /** The engines the lander fires changed (the page's engine sounds). */
  | { type: 'firing'; firing: InputBits }
  /**
   * A tick ended in a touchdown: a landing, a crash or game over. `inputs` is the run's log
   * through this tick, exactly the input the engine consumed (the page keeps it: the run it
   * submits, and the state a restarted worker resumes from).
   */
  | {
      type: 'touchdown';
      status: LanderStatus;
      touchdown: Touchdown;
      inputs: LanderInputLog;
      finished: FinishedGame | null;
    }
  /** The ghosts flying this attempt (the HUD's legend). */
  | { type: 'ghosts'; ghosts: GhostInfo[] };

/** Where the host's messages go (a MessagePort in the worker; anything with postMessage in tests). */
export type PagePort = Pick<MessagePort, 'postMessage'>;

function statusOf(state: LanderState): LanderStatus {
  return {
    phase: state.phase,
    level: state.level,
    lives: state.lives,
    score: scoreOf(state),
    telemetry: telemetryOf(state),
  };
}

/**
 * Runs Lunar Lander on its own clock (the worker's): the live game and the ghost landers
 * beside it, one fixed tick (TICK_HZ) at a time on a FixedStepLoop whatever the display's
 * rate. The page sends held input bits and commands; the scene asks for snapshots (one per
 * drawn frame, only when a tick made a new one); the page hears readouts and touchdowns on
 * a port of its own. The rules stay in the engine; this is plumbing.
 */
export class LanderHost {
  /** The game being played (null on the intro). */
  private session: LanderSession | null = null;
  /** What the scene shows: the game, or the intro's preview (a level-1 landscape, the lander waiting). */
  private shown: LanderSession | null = null;
  private readonly ghosts = new LanderGhosts();
  private showTop = false;
  private held: InputBits = 0;
  /** Bits pressed since the last tick: a press shorter than a tick still reaches one. */
  private latched: InputBits = 0;
  /** The newest input number the page sent, and the newest a tick applied. */
  private pendingInput = 0;
  private appliedInput = 0;
  private attempt = 0;
  private hudTicks = 0;
  private firing: InputBits = 0;
  /** The touchdown of the last tick, until a snapshot carried it to the scene. */
  private touchdown: LanderTickSnapshot['touchdown'] = null;
  private visible = true;
  /** A tick that applies a new press goes to the scene at once, asked for or not. */
  private readonly snapshots = new SnapshotRequests<null, LanderTickSnapshot>(
    () => this.snapshot(),
    () => this.shown !== null,
    () => this.appliedInput,
  );
  private page: PagePort | null = null;
  private readonly loop: FixedStepLoop;
  private readonly steps = new StepAccumulator(MAX_TICKS_PER_WAKE);

  constructor(options: { clock: HostClock }) {
    this.loop = new FixedStepLoop({
      clock: options.clock,
      tickMs: TICK_MS,
      shouldRun: () => this.visible && this.session?.state.phase === 'playing',
      tick: this.tick,
    });
  }

  /** The page's port for readouts and touchdowns (again after the worker restarted). */
  listen(port: PagePort): void {
    this.page = port;
  }

  // ---- commands --------------------------------------------------------------------------

  /** The intro: no game, a level-1 landscape from `seed` behind the menu. */
  preview(seed: number): void {
    this.session = null;
    this.shown = new LanderSession(seed);
    this.newAttempt();
  }

  /** A new game from `seed` (the run ticket's, or a local one). */
  start(seed: number): LanderStatus {
    const session = new LanderSession(seed);
    this.session = session;
    this.shown = session;
    this.newAttempt();
    return statusOf(session.state);
  }

  /** Landed → next level, crashed → the same level again. Null when there is nothing to continue. */
  continueGame(): LanderStatus | null {
    const session = this.session;
    if (!session || (session.state.phase !== 'landed' && session.state.phase !== 'crashed')) return null;
    session.continue();
    this.newAttempt();
    return statusOf(session.state);
  }

  /**
   * A game again from its seed and the log of what its engine consumed (after this worker
   * restarted): replayed tick by tick, continuing after each touchdown as the player did, so
   * the run and its log are exactly the ones before. Null for a malformed log.
   */
  resume(seed: number, inputs: LanderInputLog): LanderStatus | null {
    const runs = decodeInputLog(inputs);
    if (!runs) return null;
    const session = new LanderSession(seed);
    for (const [bits, count] of runs) {
      for (let i = 0; i < count; i++) {
        if (session.state.phase === 'gameover') return null;
        if (session.state.phase !== 'playing') session.continue();
        session.tick(bits);
      }
    }
    this.session = session;
    this.shown = session;
    this.newAttempt();
    return statusOf(session.state);
  }

  /**
   * The held input bits (thrust, left, right) and the number (`markInput`) of the press
   * that sent them, 0 for none: applied from the next tick, and echoed in its snapshot.
   */
  setInput(bits: InputBits, seq = 0): void {
    this.latched |= bits & ~this.held;
    this.held = bits;
    if (seq > this.pendingInput) this.pendingInput = seq;
  }

  /** The recorded runs the ghosts fly on `level` (ignored once the game is on another level). */
  setGhostRuns(level: number, runs: Partial<Record<GhostKind, GhostRun>>): void {
    const session = this.session;
    if (!session || session.state.level !== level) return;
    for (const kind of ['best', 'top'] as const) this.ghosts.setRun(kind, runs[kind] ?? null);
    this.ghosts.catchUp(session.state.attemptTicks);
    this.publishGhosts();
    this.changed();
  }

  /** Whether the board's #1 run flies as a ghost too (the player's best always does). */
  setShowTop(show: boolean): void {
    this.showTop = show;
    this.changed();
  }

  /** The page is hidden or shown: nothing runs while hidden, and keys held are let go. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    if (!visible) this.setInput(0);
    this.loop.schedule();
  }

  /** Where the game stands now (null on the intro). */
  status(): LanderStatus | null {
    return this.session ? statusOf(this.session.state) : null;
  }

  // ---- snapshots -------------------------------------------------------------------------

  /** The next state the scene has not seen; waits for the clock when there is none yet. */
  nextSnapshot(_request: null): Promise<LanderTickSnapshot> {
    return this.snapshots.next(null);
  }

  /** A new renderer reads the snapshots: the next one goes to it, whatever the old one saw. */
  newReader(): void {
    this.snapshots.newReader();
  }

  /** The reader served last takes a snapshot showing a new input at once (SnapshotRequests). */
  sendUnaskedSnapshots(send: (snapshot: LanderTickSnapshot) => void): void {
    this.snapshots.sendUnaskedTo(send);
  }

  private snapshot(): LanderTickSnapshot {
    const shown = this.shown!;
    const base = landerSnapshot(shown.state, this.touchdown);
    this.touchdown = null;
    const ghosts =
      shown === this.session
        ? this.ghosts.views(shown.state.terrain, 1, (kind) => kind === 'best' || this.showTop)
        : [];
    return {
      ...base,
      ...(ghosts.length ? { ghosts } : {}),
      attempt: this.attempt,
      ticks: shown.state.runTicks,
      input: this.appliedInput,
    };
  }

  private changed(): void {
    this.snapshots.changed();
  }

  // ---- the clock -------------------------------------------------------------------------

  /** A new attempt (or game, or preview): drawn where it starts, ghosts from the top, keys let go. */
  private newAttempt(): void {
    this.attempt++;
    this.held = 0;
    this.latched = 0;
    this.hudTicks = 0;
    this.touchdown = null;
    this.steps.reset();
    this.setFiring(0);
    if (this.session) {
      this.ghosts.beginAttempt(this.session.state.level);
      this.publishGhosts();
    }
    this.changed();
    this.loop.schedule();
  }

  private readonly tick = (elapsedMs: number): void => {
    const session = this.session;
    if (!session) return;
    const ticks = this.steps.add(elapsedMs / TICK_MS + EPSILON);
    let ran = 0;
    for (; ran < ticks && session.state.phase === 'playing'; ran++) this.step(session);
    if (ran > 0) this.changed();
  };

  /** One tick of the live game and its ghosts, with the input held (or pressed) since the last. */
  private step(session: LanderSession): void {
    const bits = this.held | this.latched;
    this.latched = 0;
    this.appliedInput = this.pendingInput;
    tickWithGhosts(session, this.ghosts, bits);
    const s = session.state;
    if (s.phase === 'playing') {
      this.setFiring(s.lander.firing);
      if (++this.hudTicks >= HUD_EVERY_TICKS) {
        this.hudTicks = 0;
        this.post({ type: 'telemetry', telemetry: telemetryOf(s) });
      }
      return;
    }
    const touchdown = s.lastTouchdown!;
    this.touchdown = touchdown.landed ? 'landed' : 'crashed';
    this.setFiring(0);
    this.steps.reset();
    this.post({
      type: 'touchdown',
      status: statusOf(s),
      touchdown,
      inputs: session.inputLog(),
      finished:
        s.phase === 'gameover'
          ? {
              score: session.score,
              level: s.level,
              durationSeconds: Math.round((s.runTicks / TICK_HZ) * 10) / 10,
              metadata: session.metadata,
            }
          : null,
    });
  }

  private setFiring(firing: InputBits): void {
    if (firing === this.firing) return;
    this.firing = firing;
    this.post({ type: 'firing', firing });
  }

  private publishGhosts(): void {
    this.post({ type: 'ghosts', ghosts: this.ghosts.info(() => true) });
  }

  private post(message: LanderHostMessage): void {
    this.page?.postMessage(message);
  }

  /** Stops the clock for good. */
  dispose(): void {
    this.loop.dispose();
  }
}

/** What the lunar-lander worker serves the page: the host, and its snapshots on a port of their own. */
export type LanderPhysicsApi = LanderHost & SnapshotSource;
