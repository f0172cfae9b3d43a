import type { HostClock } from '../../../lib/runtime/clock.ts';
import { FixedStepLoop, StepAccumulator } from '../../../lib/runtime/FixedStepLoop.ts';
import { SnapshotRequests } from '../../../lib/runtime/SnapshotRequests.ts';
import type { MarkTransfer, SnapshotSource } from '../../../lib/runtime/workerEntries.ts';
import { STEP } from '../engine/constants.ts';
import {
  applyCommand,
  createGame,
  type GameStatus,
  mowing,
  type NewGameOptions,
  nextLevel,
  progressOf,
  step,
  type YardCommand,
  type YardEvent,
  type YardGame,
  type YardInput,
  type YardProgress,
} from '../engine/game.ts';
import {
  chunkTiles,
  type PlayerView,
  playerView,
  snapshot,
  type YardChunk,
  type YardSnapshot,
  type YardSnapshotRequest,
} from '../engine/snapshot.ts';

export type { HostClock, MarkTransfer };

/** Longest catch-up after a stall (a quarter second), then time is dropped rather than rushed. */
const MAX_STEPS_PER_TICK = 15;
/** Events kept for a scene that is not reading (its worker restarting): the newest this many. */
const MAX_SCENE_EVENTS = 500;

/**
 * What the page hears from the game, on a port of its own (`watch`): the events of the
 * steps since the last message (sounds, messages, the level's end) and the player's HUD
 * figures. Sent only when there are events or a figure the page shows changed: a few
 * times a second while mowing, never per frame.
 */
export interface YardFeed {
  /** The yard (as in YardSnapshot.run). */
  run: number;
  status: GameStatus;
  player: PlayerView;
  events: YardEvent[];
}

/** Keys and the joystick: a direction, and whether it replaces a tap's walk target. */
export interface YardSteer {
  moveX: number;
  moveY: number;
  /** A new direction (a key pressed, the stick moved) ends a walk to a tapped point. */
  clearTarget: boolean;
}

const finite = (v: number) => (Number.isFinite(v) ? v : 0);

/**
 * Runs a Yardcore game on its own clock (the worker's) at the engine's fixed 1/60 s step on
 * a `FixedStepLoop`, with the latest input, and hands out snapshots: each `nextSnapshot`
 * call is answered with the first state the scene has not seen, its entity buffer handed
 * back transferred, with the chunks of tiles the scene asked for. The page hears events and
 * HUD figures on a port of its own (`watch`). Plumbing only: the rules live in the engine.
 */
export class YardHost {
  private game: YardGame | null = null;
  private seed = 1;
  private direction = { moveX: 0, moveY: 0 };
  /** Where a tap sent the gardener (tiles), until they get there or a key takes over. */
  private target: { x: number; y: number } | null = null;
  private running = false;
  private visible = true;
  private readonly loop: FixedStepLoop;
  private readonly steps = new StepAccumulator(MAX_STEPS_PER_TICK);
  /** The newest input's number (`markInput`) received, and the newest a step has applied. */
  private inputSeq = 0;
  private appliedSeq = 0;
  /** Counts the yards started (new game, restart, next level): tags snapshots, chunks and the feed. */
  private run = 0;
  /**
   * No snapshot before the first game: the scene's requests wait for one. A step that applies
   * a new move goes to the scene at once, asked for or not.
   */
  private readonly snapshots = new SnapshotRequests<YardSnapshotRequest, YardSnapshot>(
    (request) => this.take(request),
    () => this.game !== null,
    () => this.appliedSeq,
  );
  /** Events not yet in a snapshot (the scene's) and not yet posted (the page's). */
  private sceneEvents: YardEvent[] = [];
  private pageEvents: YardEvent[] = [];
  private feedPort: MessagePort | null = null;
  private lastFeedKey = '';
  private readonly clock: HostClock;
  private readonly markTransfer: MarkTransfer;

  constructor(options: { clock: HostClock; markTransfer?: MarkTransfer }) {
    this.clock = options.clock;
    this.markTransfer = options.markTransfer ?? ((v) => v);
    this.loop = new FixedStepLoop({
      clock: this.clock,
      tickMs: STEP * 1000,
      shouldRun: () => this.visible && this.running && this.game?.status === 'playing',
      tick: this.tick,
    });
  }

  /**
   * Starts a yard (a new game, Continue with saved progress, or a restart from the page's
   * checkpoint) and runs it; returns its run number, above `after` (the page's last one, so
   * a restarted worker's yards are told from the stopped one's).
   */
  newGame(seed: number, options: NewGameOptions = {}, after = 0): number {
    this.seed = seed >>> 0;
    if (Number.isFinite(after) && after > this.run) this.run = Math.floor(after);
    this.startYard(createGame(this.seed, options));
    return this.run;
  }

  /** After a levelup: the next level's yard, score kept; returns its run number. */
  nextLevel(): number {
    if (this.game) this.startYard(nextLevel(this.game, this.seed));
    return this.run;
  }

  private startYard(game: YardGame): void {
    this.game = game;
    this.run++;
    this.direction = { moveX: 0, moveY: 0 };
    this.target = null;
    this.steps.reset();
    this.sceneEvents = [];
    this.pageEvents = [];
    this.running = true;
    this.changed();
  }

  /** The engine's input as it is (absolute walk target): tests and tools. */
  setInput(input: YardInput, seq = 0): void {
    this.direction = { moveX: finite(input.moveX), moveY: finite(input.moveY) };
    this.target =
      input.moveTo && Number.isFinite(input.moveTo.x) && Number.isFinite(input.moveTo.y)
        ? { x: input.moveTo.x, y: input.moveTo.y }
        : null;
    this.received(seq);
  }

  /** Keys and the joystick (see YardSteer); `seq` is the move's `markInput` number, or 0. */
  steer(input: YardSteer, seq = 0): void {
    this.direction = { moveX: finite(input.moveX), moveY: finite(input.moveY) };
    if (input.clearTarget) this.target = null;
    this.received(seq);
  }

  /**
   * A tap: walk to the point `dx`, `dy` tiles from where the gardener is now (the page
   * measures from the middle of the stage, where the scene draws them).
   */
  moveToward(dx: number, dy: number, seq = 0): void {
    const p = this.game?.player;
    if (!p || !Number.isFinite(dx) || !Number.isFinite(dy)) return;
    this.target = { x: p.x + dx, y: p.y + dy };
    this.received(seq);
  }

  private received(seq: number): void {
    if (Number.isFinite(seq) && seq > this.inputSeq) this.inputSeq = seq;
  }

  command(command: YardCommand): void {
    if (!this.game) return;
    applyCommand(this.game, command);
    this.changed();
  }

  /** A double tap: food thrown toward the point `dx`, `dy` tiles from the gardener. */
  throwToward(dx: number, dy: number): void {
    const p = this.game?.player;
    if (p && Number.isFinite(dx) && Number.isFinite(dy))
      this.command({ type: 'throw', x: p.x + dx, y: p.y + dy });
  }

  /** The throw button (joystick mode): food toward where the gardener faces. */
  throwAhead(): void {
    const p = this.game?.player;
    if (p) this.command({ type: 'throw', x: p.x + p.facingX * 5, y: p.y + p.facingY * 5 });
  }

  /** Paused (menus) or playing. */
  setRunning(running: boolean): void {
    this.running = running;
    this.loop.schedule();
  }

  /** The page is hidden or shown: nothing runs while hidden. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    this.loop.schedule();
  }

  /**
   * Sends the scene a snapshot although nothing moved, so its next request can ask for the
   * chunks a new view size or zoom shows (a paused yard sends none otherwise).
   */
  refresh(): void {
    if (this.game) this.snapshots.changed();
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

  // ---- the page's feed -------------------------------------------------------------------

  /** Events and HUD figures go to `port` from now on (the page's, again after a restart). */
  watch(port: MessagePort): void {
    this.feedPort?.close();
    this.feedPort = port;
    this.lastFeedKey = '';
    this.post();
  }

  private post(): void {
    const game = this.game;
    const port = this.feedPort;
    if (!game || !port) return;
    const p = game.player;
    const mowingNow = mowing(game);
    const key = `${this.run}|${game.status}|${p.hp}|${p.score}|${p.cutCount}|${game.level}|${p.activeSlot}|${mowingNow}|${JSON.stringify(p.slots)}`;
    if (this.pageEvents.length === 0 && key === this.lastFeedKey) return;
    this.lastFeedKey = key;
    const events = this.pageEvents;
    this.pageEvents = [];
    const feed: YardFeed = {
      run: this.run,
      status: game.status,
      player: playerView(game, mowingNow),
      events,
    };
    port.postMessage(feed);
  }

  /** Hands what the steps and commands said to both the scene's and the page's queues. */
  private collectEvents(): void {
    const game = this.game;
    if (!game || game.events.length === 0) return;
    const fresh = game.events;
    game.events = [];
    for (const event of fresh) {
      this.sceneEvents.push(event);
      this.pageEvents.push(event);
    }
    if (this.sceneEvents.length > MAX_SCENE_EVENTS)
      this.sceneEvents.splice(0, this.sceneEvents.length - MAX_SCENE_EVENTS);
  }

  // ---- snapshots -------------------------------------------------------------------------

  /**
   * The next state the scene has not seen; waits for the clock when nothing changed, unless
   * the scene asks for chunks (then at once: a paused yard still fills in a new view).
   */
  nextSnapshot(request: YardSnapshotRequest | null): Promise<YardSnapshot> {
    const next = this.snapshots.next(request, (request?.chunks.length ?? 0) > 0);
    this.loop.schedule();
    return next;
  }

  /** A new scene reads (its worker restarted): the one waiting goes to the old reader, and the next is sent at once. */
  newReader(): void {
    this.snapshots.newReader();
  }

  /** The reader served last takes a snapshot showing a new input at once (SnapshotRequests). */
  sendUnaskedSnapshots(send: (snapshot: YardSnapshot) => void): void {
    this.snapshots.sendUnaskedTo(send);
  }

  private take(request: YardSnapshotRequest | null): YardSnapshot {
    const game = this.game as YardGame;
    game.events = this.sceneEvents;
    this.sceneEvents = [];
    const s = snapshot(game, mowing(game), request?.entities ?? undefined);
    s.run = this.run;
    s.input = this.appliedSeq;
    const transfer: Transferable[] = [s.entities.buffer as ArrayBuffer, s.tileChanges.buffer as ArrayBuffer];
    const asked = request?.chunks ?? [];
    const chunks: YardChunk[] = [];
    for (let i = 0; i + 1 < asked.length && chunks.length < 64; i += 2) {
      const cx = asked[i];
      const cy = asked[i + 1];
      if (!Number.isInteger(cx) || !Number.isInteger(cy)) continue;
      const tiles = chunkTiles(game, cx, cy);
      chunks.push({ cx, cy, tiles });
      transfer.push(tiles.buffer as ArrayBuffer);
    }
    s.chunks = chunks;
    return this.markTransfer(s, transfer);
  }

  private changed(): void {
    this.collectEvents();
    this.snapshots.changed();
    this.post();
    this.loop.schedule();
  }

  // ---- clock -----------------------------------------------------------------------------

  private readonly tick = (elapsedMs: number): void => {
    const game = this.game;
    if (!game) return;
    const steps = this.steps.add(elapsedMs / 1000 / STEP);
    let ran = 0;
    for (let i = 0; i < steps && game.status === 'playing'; i++) {
      const wasMoving = game.player.moving;
      step(game, { moveX: this.direction.moveX, moveY: this.direction.moveY, moveTo: this.target });
      ran++;
      // A tap's walk ends where the gardener arrives (or a hedge stops them).
      if (this.target && wasMoving && !game.player.moving) this.target = null;
    }
    if (ran > 0) {
      this.appliedSeq = this.inputSeq;
      this.changed();
    }
  };

  /** Stops the clock for good. */
  dispose(): void {
    this.loop.dispose();
    this.feedPort?.close();
  }
}

/** What the yardcore worker serves the page: the host, and its snapshots on a port of their own. */
export type YardPhysicsApi = YardHost & SnapshotSource;
