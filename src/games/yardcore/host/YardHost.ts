import { STEP } from '../engine/constants.ts';
import {
  applyCommand,
  createGame,
  mowing,
  type NewGameOptions,
  NO_INPUT,
  nextLevel,
  progressOf,
  step,
  type YardCommand,
  type YardGame,
  type YardInput,
  type YardProgress,
} from '../engine/game.ts';
import { chunkTiles, snapshot, type YardSnapshot } from '../engine/snapshot.ts';

/** Time and timers, injected so tests drive the clock by hand. */
export interface HostClock {
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/** Marks values to move (not copy) across postMessage; identity outside a worker. */
export type MarkTransfer = <T>(value: T, transfer: Transferable[]) => T;

/** Longest catch-up after a stall (a quarter second), then time is dropped rather than rushed. */
const MAX_STEPS_PER_TICK = 15;

/**
 * Runs a Yardcore game on its own clock (the worker's) at the engine's fixed 1/60 s step,
 * with the latest input, and hands out snapshots: each `nextSnapshot` call is answered
 * with the first state the page has not seen, its entity buffer handed back transferred.
 * Plumbing only: the rules live in the engine.
 */
export class YardHost {
  private game: YardGame | null = null;
  private seed = 1;
  private input: YardInput = NO_INPUT;
  private running = false;
  private visible = true;
  private timer: unknown = null;
  private lastTick = 0;
  private carry = 0;
  private version = 0;
  /** Counts the yards started (new game, restart, next level): tags snapshots and chunks. */
  private run = 0;
  private deliveredVersion = -1;
  private pending: { buffer: Float32Array | null; resolve: (s: YardSnapshot) => void } | null = null;
  private readonly clock: HostClock;
  private readonly markTransfer: MarkTransfer;

  constructor(options: { clock: HostClock; markTransfer?: MarkTransfer }) {
    this.clock = options.clock;
    this.markTransfer = options.markTransfer ?? ((v) => v);
  }

  /** Starts a yard (a new game, or Continue with saved progress) and runs it. */
  newGame(seed: number, options: NewGameOptions = {}): void {
    this.seed = seed >>> 0;
    this.game = createGame(this.seed, options);
    this.run++;
    this.input = NO_INPUT;
    this.carry = 0;
    this.running = true;
    this.changed();
  }

  /** After a levelup: the next level's yard, score kept. */
  nextLevel(): void {
    if (!this.game) return;
    this.game = nextLevel(this.game, this.seed);
    this.run++;
    this.input = NO_INPUT;
    this.carry = 0;
    this.running = true;
    this.changed();
  }

  setInput(input: YardInput): void {
    this.input = {
      moveX: Number.isFinite(input.moveX) ? input.moveX : 0,
      moveY: Number.isFinite(input.moveY) ? input.moveY : 0,
      moveTo:
        input.moveTo && Number.isFinite(input.moveTo.x) && Number.isFinite(input.moveTo.y)
          ? { x: input.moveTo.x, y: input.moveTo.y }
          : null,
    };
  }

  command(command: YardCommand): void {
    if (!this.game) return;
    applyCommand(this.game, command);
    this.changed();
  }

  /** Paused (menus) or playing. */
  setRunning(running: boolean): void {
    this.running = running;
    this.schedule();
  }

  /** The page is hidden or shown: nothing runs while hidden. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    this.schedule();
  }

  /** A chunk's tiles for the scene, transferred, with the yard (run) they belong to. */
  chunk(cx: number, cy: number): { run: number; tiles: Uint8Array } {
    const tiles = this.game ? chunkTiles(this.game, cx, cy) : new Uint8Array(0);
    return this.markTransfer({ run: this.run, tiles }, [tiles.buffer as ArrayBuffer]);
  }

  /** What a save keeps (score, cut count, level, the mowed tiles), while a level is being played; else null. */
  progress(): YardProgress | null {
    return this.game?.status === 'playing' ? progressOf(this.game) : null;
  }

  stats(): { t: number; entities: number; status: string } {
    return {
      t: this.game?.t ?? 0,
      entities: this.game?.entities.length ?? 0,
      status: this.game?.status ?? 'none',
    };
  }

  /** The next state the page has not seen; waits for the clock when nothing changed. */
  nextSnapshot(buffer: Float32Array | null): Promise<YardSnapshot> {
    if (this.pending && this.game) this.pending.resolve(this.take(null));
    return new Promise((resolve) => {
      this.pending = { buffer, resolve };
      if (this.game && this.version !== this.deliveredVersion) this.deliver();
      this.schedule();
    });
  }

  private take(buffer: Float32Array | null): YardSnapshot {
    const game = this.game as YardGame;
    const s = snapshot(game, mowing(game), buffer ?? undefined);
    s.run = this.run;
    this.deliveredVersion = this.version;
    return this.markTransfer(s, [s.entities.buffer as ArrayBuffer, s.tileChanges.buffer as ArrayBuffer]);
  }

  private deliver(): void {
    const p = this.pending;
    if (!p || !this.game) return;
    this.pending = null;
    p.resolve(this.take(p.buffer));
  }

  private changed(): void {
    this.version++;
    this.deliver();
    this.schedule();
  }

  private schedule(): void {
    const shouldRun = this.visible && this.running && this.game?.status === 'playing';
    if (!shouldRun) {
      if (this.timer !== null) this.clock.clearTimer(this.timer);
      this.timer = null;
      return;
    }
    if (this.timer !== null) return;
    this.lastTick = this.clock.now();
    this.timer = this.clock.setTimer(this.tick, STEP * 1000);
  }

  private tick = (): void => {
    this.timer = null;
    const game = this.game;
    if (!game) return;
    const now = this.clock.now();
    this.carry += Math.min(now - this.lastTick, 250) / 1000;
    let steps = 0;
    while (this.carry >= STEP && steps < MAX_STEPS_PER_TICK && game.status === 'playing') {
      step(game, this.input);
      this.carry -= STEP;
      steps++;
    }
    if (steps === MAX_STEPS_PER_TICK) this.carry = 0;
    if (steps > 0) this.changed();
    else this.schedule();
  };
}
