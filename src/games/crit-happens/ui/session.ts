/**
 * One visit to /crit-happens, on the game runtime: the engine host in its physics worker
 * (it throws each roll's whole tumble), the arena's scene in its render worker (or on the
 * page with `?render=main`), the sounds, and the roll flow that ties them to the store. A
 * roll is decided here first (seeded plan); the engine throws it and posts the track
 * straight to the scene, which plays it; the page gets the track's timings and follows the
 * same timeline, so as each die settles the store learns its face and each impact clacks.
 */
import type { TableRoll } from '../../../api/schemas/tables.ts';
import { createRng, type Rng } from '../../../lib/pure/rng.ts';
import { startGameWorkers, wireSnapshots } from '../../../lib/runtime/GameWorkers.ts';
import { markInput } from '../../../lib/runtime/inputMarks.ts';
import type { RenderMode, SceneMount } from '../../../lib/runtime/SceneMount.ts';
import { type WorkerBridge, WorkerStoppedError } from '../../../lib/runtime/WorkerBridge.ts';
import { yieldToMain } from '../../../lib/yieldToMain.ts';
import type { Die } from '../engine/dice.ts';
import type { TumbleInput } from '../engine/physics.ts';
import { critMessage, planRoll, type RollPlan } from '../engine/roll.ts';
import { readTableRoll, tableRollPlan } from '../engine/tableRoll.ts';
import type { CritPhysicsApi, RollTimes, TumbleSnapshot } from '../host/TumbleHost.ts';
import { dieSizeFor, MIN_ARENA_PX, symmetryOf } from '../scene/arena.ts';
import type { DiceSceneHud, DiceSceneInput } from '../scene/DiceScene.ts';
import { RollTimeline } from '../scene/playback.ts';
import { CritSound, clacksToPlay } from './sound.ts';
import { critActions, useCritSettings, useCritStore } from './store.ts';
import { loadTableRollPool } from './tableRolls.ts';
import type { TrayFaces } from './trayFaces.ts';
import { DICE_WORKERS } from './workers.ts';

const FIREWORK_EVERY_MS = 1200;

/** The seed of a session's rolls: `?seed=N` replays a sequence (tests, sharing a story); otherwise fresh. */
export function sessionSeed(search: string): number {
  const param = new URLSearchParams(search).get('seed');
  if (param !== null && /^\d{1,10}$/.test(param)) return Number(param) >>> 0;
  const word = new Uint32Array(1);
  crypto.getRandomValues(word);
  return word[0];
}

/** The arena's size in CSS pixels (never under the scene's minimum). */
function arenaSize(stage: HTMLElement): { width: number; height: number } {
  return {
    width: Math.max(MIN_ARENA_PX, stage.clientWidth),
    height: Math.max(MIN_ARENA_PX, stage.clientHeight),
  };
}

export class CritSession {
  private readonly physics: WorkerBridge<CritPhysicsApi>;
  private readonly mount: SceneMount<TumbleSnapshot, DiceSceneInput, DiceSceneHud>;
  /** The frame a roll's playback starts at, while it is awaited. */
  private rollFrame = 0;
  /** The wake at a playing roll's next event. */
  private rollTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly sound = new CritSound();
  private readonly seeds: Rng;
  private readonly unsubscribes: (() => void)[] = [];
  private fireworkTimer: ReturnType<typeof setInterval> | null = null;
  private started = false;
  private disposed = false;
  /** A roll asked for, waiting for its own task (see roll). */
  private rollQueued = false;
  /** Rolls thrown this visit: each one's number, for the scene to play it once. */
  private rolls = 0;
  private readonly motionQuery = window.matchMedia?.('(prefers-reduced-motion: reduce)') ?? null;

  /**
   * @param stage the arena: its size is the scene's, and it carries the scene's state for tests.
   * @param canvasBox where the canvas goes: a box over the arena whose layout is its own (the
   *   canvas's size changes lay out that box alone).
   * @param trayFaces the tray's cells, which each die's face is written into as it settles;
   *   the store learns the faces when the roll ends.
   */
  constructor(
    private readonly stage: HTMLElement,
    canvasBox: HTMLElement,
    seed: number,
    private readonly trayFaces: TrayFaces,
  ) {
    this.seeds = createRng(seed);
    ({ physics: this.physics, mount: this.mount } = startGameWorkers(DICE_WORKERS, {
      container: canvasBox,
      stage,
      size: () => arenaSize(stage),
      onHud: this.onHud,
      onError: this.onError,
    }));
    this.styleCanvas();
    // A canvas on screen says the arena is ready: hidden until it is.
    this.mount.canvas.style.visibility = 'hidden';
  }

  get renderMode(): RenderMode {
    return this.mount.mode;
  }

  async start(): Promise<void> {
    try {
      await this.mount.start();
    } catch (error) {
      // Closed while starting (the page left): its refused calls are not a failure to show.
      if (this.disposed) return;
      throw error;
    }
    if (this.disposed) return;
    wireSnapshots(this.physics, this.mount);
    this.sendSceneState();
    this.mount.canvas.style.visibility = '';
    this.started = true;
    this.unsubscribes.push(
      useCritStore.subscribe((state, prev) => {
        if (state.pool !== prev.pool && !state.rolling)
          this.sceneInput({ type: 'dice', dice: state.pool.dice });
        if (prev.overlay && !state.overlay) this.endCelebration();
      }),
      useCritSettings.subscribe((s, prev) => {
        if (
          s.diceColor !== prev.diceColor ||
          s.numberColor !== prev.numberColor ||
          s.arenaColor !== prev.arenaColor
        ) {
          this.sendColors();
        }
      }),
    );
  }

  // ---- workers ---------------------------------------------------------------------------

  /** What the scene shows that the page owns: the colours and the pool (faces included). */
  private sendSceneState(): void {
    this.sendColors();
    this.sceneInput({ type: 'dice', dice: useCritStore.getState().pool.dice });
  }

  private sendColors(): void {
    const s = useCritSettings.getState();
    this.sceneInput({
      type: 'colors',
      colors: { dice: s.diceColor, numbers: s.numberColor, arena: s.arenaColor },
    });
  }

  /** The arena scrolls the page on a phone: a swipe over it is not the game's. */
  private styleCanvas(): void {
    this.mount.canvas.style.touchAction = 'manipulation';
  }

  private readonly onError = (error: Error): void => {
    if (this.disposed) return;
    if (error instanceof WorkerStoppedError) useCritStore.setState({ stopped: error.message });
    else useCritStore.setState({ notice: `Something went wrong: ${error.message}` });
  };

  /**
   * The Restart of the "stopped working" message: a fresh worker for whichever stopped. The
   * page kept the pool and the last roll's result (tray, total, history); a new arena is given
   * them again and the engine hands it the last roll, which it shows where the dice came to rest.
   */
  async restart(): Promise<void> {
    useCritStore.setState({ stopped: null });
    if (this.physics.stopped) this.physics.restart();
    if (this.mount.stopped) {
      await this.mount.restart();
      this.styleCanvas();
      this.sendSceneState();
    }
    wireSnapshots(this.physics, this.mount);
  }

  /** The arena's state on the stage, for tests to read without reading a worker's canvas. */
  private readonly onHud = (hud: DiceSceneHud): void => {
    const data = this.stage.dataset;
    const dice = String(hud.dice);
    const roll = String(hud.roll);
    const playing = String(hud.playing);
    if (data.sceneDice !== dice) data.sceneDice = dice;
    if (data.sceneRoll !== roll) data.sceneRoll = roll;
    if (data.scenePlaying !== playing) data.scenePlaying = playing;
  };

  // ---- rolls -----------------------------------------------------------------------------

  /** Roll (spec §4): refused while rolling or with an empty pool. Never rejects. */
  roll(): void {
    this.rollHere().catch(this.onUnexpected);
  }

  private async rollHere(): Promise<void> {
    if (!this.started || this.rollQueued || !critActions.canRoll()) return;
    const inputMark = markInput('roll');
    this.sound.unlock();
    this.endCelebration();
    // The rolling state (controls disabled, "Rolling…") renders in a task of its own, not
    // in the click's, which at 4× CPU then ran past 50 ms. A second click meanwhile
    // is refused by rollQueued, as one after it is by the store.
    this.rollQueued = true;
    try {
      await yieldToMain();
    } finally {
      this.rollQueued = false;
    }
    if (this.disposed || !critActions.canRoll()) return;
    const rollSeed = this.seeds.int(1, 0x7fffffff);
    const rng = createRng(rollSeed);
    const { pool } = useCritStore.getState();
    await this.play(planRoll(pool, rng), rollSeed, rng, inputMark);
  }

  /**
   * A roll decided by the table's server, played like a local one: the roll's dice replace
   * the pool, the faces are the server's and the tumble comes from its seed, so every
   * member sees the same roll. False when it cannot play now (a roll is under way).
   */
  async playTableRoll(roll: Pick<TableRoll, 'notation' | 'mode' | 'faces' | 'seed'>): Promise<boolean> {
    const state = useCritStore.getState();
    if (!this.started || this.rollQueued || state.rolling || !roll.notation || !roll.faces || !roll.seed)
      return false;
    const read = readTableRoll({ notation: roll.notation, mode: roll.mode ?? 'normal' }, state.pool);
    if (!read.ok || read.roll.pool.dice.length !== roll.faces.length) return false;
    this.endCelebration();
    loadTableRollPool(read.roll);
    const { plan, rng } = tableRollPlan(roll.faces, roll.seed);
    await this.play(plan, roll.seed, rng, 0);
    return true;
  }

  private async play(plan: RollPlan, rollSeed: number, rng: Rng, inputMark: number): Promise<void> {
    const { pool, outcome } = useCritStore.getState();
    critActions.beginRoll(plan);
    const dice = useCritStore.getState().pool.dice;
    this.trayFaces.begin(dice);
    // The scene's own size, kept from the arena's last resize: reading the stage here would
    // lay out the page again in the click's task, after the tray's cells above were written.
    const arena = this.mount.sceneSize;
    // The size the scene lays these dice out at (it sizes them the same way when the roll arrives).
    const size = dieSizeFor(arena.width, arena.height, dice.length);
    const input: TumbleInput = {
      arena,
      sizes: dice.map(() => size),
      durationsMs: plan.durationsMs,
      symmetry: dice.map((d) => symmetryOf(d.renderType)),
      seed: rollSeed,
    };
    let times: RollTimes;
    try {
      times = await this.physics.call('roll', {
        id: ++this.rolls,
        input,
        dice,
        faces: plan.faces,
        seed: rollSeed,
        inputMark,
      });
    } catch (error) {
      // No throw: the dice go back as they were (a stopped worker has said so, with its Restart).
      if (!this.disposed) critActions.cancelRoll({ pool, outcome });
      if (!(error instanceof WorkerStoppedError)) this.onUnexpected(error);
      return;
    }
    if (this.disposed) return;
    this.followRoll(
      new RollTimeline(times),
      (index) => this.trayFaces.settle(index, plan.faces[index]),
      () => this.finish(rng, times, dice, size),
    );
  }

  /**
   * The roll's events by the scene's own timeline: its clock starts at the next frame, as the
   * scene's does. From there the page wakes only when an event falls due (a timer to the next
   * impact, die at rest or the end), not at every frame: a frame callback makes the page's
   * thread run a frame of its own (style, paint, commit) for each of the scene's, though the
   * tumble is drawn in the render worker. Events share a step (16.7 ms), so each wake plays
   * one step's clacks, as a frame did. A die at rest shows its face in the tray (`settle`,
   * straight into the page: these wakes render nothing through React).
   */
  private followRoll(timeline: RollTimeline, settle: (index: number) => void, done: () => void): void {
    let start = 0;
    const wake = () => {
      this.rollTimer = null;
      if (this.disposed) return;
      const elapsed = performance.now() - start;
      const events = timeline.advance(elapsed);
      // A hidden page's timers fire late and bunched; its clacks would not match a roll anyone sees.
      if (!document.hidden) for (const speed of clacksToPlay(events.impacts)) this.sound.clack(speed);
      for (const index of events.settled) settle(index);
      if (events.done) {
        // The outcome (total, history, overlay) renders a task after the last die's face, so
        // that task does not also render and lay it out.
        yieldToMain().then(() => {
          if (!this.disposed) done();
        }, this.onUnexpected);
        return;
      }
      // Null only once the end is reported, which returned above.
      const next = timeline.nextEventMs();
      if (next === null) return;
      // A millisecond past the due time: a timer that fired on it could find the step not yet reached.
      this.rollTimer = setTimeout(wake, Math.max(0, next - elapsed) + 1);
    };
    this.rollFrame = requestAnimationFrame((now) => {
      this.rollFrame = 0;
      start = now;
      wake();
    });
  }

  private sceneInput(input: DiceSceneInput): void {
    if (this.disposed) return;
    this.mount.input(input);
  }

  private readonly onUnexpected = (error: unknown): void => {
    this.onError(error instanceof Error ? error : new Error(String(error)));
  };

  /** Call from a user gesture so sounds can start. */
  unlockSound(): void {
    this.sound.unlock();
  }

  private finish(rng: Rng, times: RollTimes, rolled: readonly Die[], size: number): void {
    const outcome = critActions.finishRoll((crit) => critMessage(crit, rng));
    if (!outcome) return;
    this.sceneInput({ type: 'dice', dice: useCritStore.getState().pool.dice });
    if (!outcome.crit) return;
    const { pool } = useCritStore.getState();
    if (outcome.crit === 'fail') {
      this.sound.play('sad');
      this.sceneInput({ type: 'celebrate', kind: 'fail', ids: outcome.fallenIds });
      return;
    }
    // Where the celebrated dice lie: where the roll left them, for the DOM laid out around them.
    const restingSpots = (ids: readonly string[]) =>
      ids.flatMap((id) => {
        const index = rolled.findIndex((d) => d.id === id);
        return index < 0 ? [] : [{ x: times.resting[index * 3], y: times.resting[index * 3 + 1], size }];
      });
    const arena = this.mount.sceneSize;
    const twenties = pool.dice.filter((d) => d.type === 'd20' && d.face === 20).map((d) => d.id);
    if (outcome.crit === 'success') {
      const celebrated = outcome.keptId ? [outcome.keptId] : twenties;
      critActions.spotOverlay(restingSpots(celebrated), arena);
      this.sound.play('fanfare');
      this.sceneInput({ type: 'celebrate', kind: 'success', ids: celebrated });
      return;
    }
    critActions.spotOverlay(restingSpots(twenties), arena);
    this.sound.play('fanfare');
    this.sceneInput({ type: 'celebrate', kind: 'double-twenty', ids: twenties });
    if (!(this.motionQuery?.matches ?? false)) {
      this.sound.play('firework');
      this.fireworkTimer = setInterval(() => this.sound.play('firework'), FIREWORK_EVERY_MS);
    }
  }

  private endCelebration(): void {
    if (this.fireworkTimer !== null) clearInterval(this.fireworkTimer);
    this.fireworkTimer = null;
    this.sceneInput({ type: 'clearEffects' });
    const { pool } = useCritStore.getState();
    this.sceneInput({ type: 'dice', dice: pool.dice });
  }

  dispose(): void {
    this.disposed = true;
    for (const off of this.unsubscribes) off();
    cancelAnimationFrame(this.rollFrame);
    if (this.rollTimer !== null) clearTimeout(this.rollTimer);
    if (this.fireworkTimer !== null) clearInterval(this.fireworkTimer);
    this.physics.dispose();
    this.mount.dispose();
    this.sound.dispose();
  }
}
