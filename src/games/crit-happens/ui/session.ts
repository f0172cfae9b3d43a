/**
 * One visit to /crit-happens: the arena scene (its canvas, size and frame loop), the
 * tumble worker, the sounds, and the roll flow that ties them to the store. A roll is
 * decided first (seeded plan), its tumble computed in the worker, then played back by the
 * scene; the page follows the same timeline from the same frames, so as each die settles
 * the store learns its face and each impact clacks.
 */
import * as Comlink from 'comlink';
import type { CritWorkerApi } from '../../../../workers/crit-happens.worker.ts';
import type { TableRoll } from '../../../api/schemas/tables.ts';
import {
  newSceneCanvas,
  PageSceneLoop,
  pageEnvironment,
  viewportOf,
  watchEnvironment,
} from '../../../lib/pageScene.ts';
import { createRng, type Rng } from '../../../lib/pure/rng.ts';
import type { SceneViewport } from '../../../lib/runtime/GameScene.ts';
import { yieldToMain } from '../../../lib/yieldToMain.ts';
import type { TumbleInput, TumbleTrack } from '../engine/physics.ts';
import { critMessage, planRoll, type RollPlan } from '../engine/roll.ts';
import { readTableRoll, tableRollPlan } from '../engine/tableRoll.ts';
import { TumbleHost } from '../host/TumbleHost.ts';
import { DiceScene, type DiceSceneInput, dieSizeFor, MIN_ARENA_PX, symmetryOf } from '../scene/DiceScene.ts';
import { RollTimeline, restingPlace } from '../scene/playback.ts';
import { CritSound } from './sound.ts';
import { critActions, useCritSettings, useCritStore } from './store.ts';
import { loadTableRollPool } from './tableRolls.ts';

const FIREWORK_EVERY_MS = 1200;

/** The seed of a session's rolls: `?seed=N` replays a sequence (tests, sharing a story); otherwise fresh. */
export function sessionSeed(search: string): number {
  const param = new URLSearchParams(search).get('seed');
  if (param !== null && /^\d{1,10}$/.test(param)) return Number(param) >>> 0;
  const word = new Uint32Array(1);
  crypto.getRandomValues(word);
  return word[0];
}

export class CritSession {
  private scene: DiceScene | null = null;
  private loop: PageSceneLoop | null = null;
  private canvas: HTMLCanvasElement | null = null;
  private resizeObserver: ResizeObserver | null = null;
  private viewport: SceneViewport = { width: MIN_ARENA_PX, height: MIN_ARENA_PX, resolution: 1 };
  /** The animation frame following a roll's playback, if one plays. */
  private rollFrame = 0;
  private worker: Worker | null = null;
  private remote: Comlink.Remote<CritWorkerApi> | null = null;
  private readonly localHost = new TumbleHost();
  private readonly sound = new CritSound();
  private readonly seeds: Rng;
  private readonly unsubscribes: (() => void)[] = [];
  private fireworkTimer: ReturnType<typeof setInterval> | null = null;
  private disposed = false;
  /** A roll asked for, waiting for its own task (see roll). */
  private rollQueued = false;
  private readonly motionQuery = window.matchMedia?.('(prefers-reduced-motion: reduce)') ?? null;
  private unwatchEnvironment: (() => void) | null = null;

  constructor(
    private readonly stage: HTMLElement,
    seed: number,
  ) {
    this.seeds = createRng(seed);
  }

  async start(): Promise<void> {
    try {
      this.worker = new Worker(new URL('../../../../workers/crit-happens.worker.ts', import.meta.url), {
        type: 'module',
        name: 'crit-happens',
      });
      this.remote = Comlink.wrap<CritWorkerApi>(this.worker);
    } catch (error) {
      // No module workers: the tumble is cheap enough to compute here.
      console.warn('Crit Happens: computing dice on the main thread', error);
    }
    const settings = useCritSettings.getState();
    const scene = new DiceScene({
      dice: settings.diceColor,
      numbers: settings.numberColor,
      arena: settings.arenaColor,
    });
    // Measured before the canvas is in the stage (its default 300 × 150 px must not count).
    this.viewport = viewportOf(this.stage, MIN_ARENA_PX);
    const canvas = newSceneCanvas();
    await scene.init(canvas, this.viewport, pageEnvironment());
    if (this.disposed) {
      scene.destroy();
      return;
    }
    this.scene = scene;
    this.canvas = canvas;
    this.stage.appendChild(canvas);
    this.unwatchEnvironment = watchEnvironment((environment) => scene.setEnvironment(environment));
    // A still arena asks for no frames (a still table costs nothing) until it is given something.
    this.loop = new PageSceneLoop(scene, undefined, () => scene.hud().still);
    this.loop.start();
    // A restored WebGL context has the scene draw again (its textures re-baked): wake the loop for it.
    canvas.addEventListener('webglcontextrestored', () => this.loop?.wake());
    this.resizeObserver = new ResizeObserver(() => {
      this.viewport = viewportOf(this.stage, MIN_ARENA_PX);
      scene.resize(this.viewport);
      this.loop?.wake();
    });
    this.resizeObserver.observe(this.stage);
    this.sceneInput({ type: 'dice', dice: useCritStore.getState().pool.dice });
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
          this.sceneInput({
            type: 'colors',
            colors: { dice: s.diceColor, numbers: s.numberColor, arena: s.arenaColor },
          });
        }
      }),
    );
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  /** Roll (spec §4): refused while rolling or with an empty pool. */
  async roll(): Promise<void> {
    if (!this.scene || this.rollQueued || !critActions.canRoll()) return;
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
    const scene = this.scene;
    if (this.disposed || !scene || !critActions.canRoll()) return;
    const rollSeed = this.seeds.int(1, 0x7fffffff);
    const rng = createRng(rollSeed);
    const { pool } = useCritStore.getState();
    await this.play(planRoll(pool, rng), rollSeed, rng);
  }

  /**
   * A roll decided by the table's server, played like a local one: the roll's dice replace
   * the pool, the faces are the server's and the tumble comes from its seed, so every
   * member sees the same roll. False when it cannot play now (a roll is under way).
   */
  async playTableRoll(roll: Pick<TableRoll, 'notation' | 'mode' | 'faces' | 'seed'>): Promise<boolean> {
    const state = useCritStore.getState();
    if (!this.scene || this.rollQueued || state.rolling || !roll.notation || !roll.faces || !roll.seed)
      return false;
    const read = readTableRoll({ notation: roll.notation, mode: roll.mode ?? 'normal' }, state.pool);
    if (!read.ok || read.roll.pool.dice.length !== roll.faces.length) return false;
    this.endCelebration();
    loadTableRollPool(read.roll);
    const { plan, rng } = tableRollPlan(roll.faces, roll.seed);
    await this.play(plan, roll.seed, rng);
    return true;
  }

  private async play(plan: RollPlan, rollSeed: number, rng: Rng): Promise<void> {
    const scene = this.scene;
    if (!scene) return;
    critActions.beginRoll(plan);
    const dice = useCritStore.getState().pool.dice;
    const arena = this.arena();
    // The size the scene lays these dice out at (it sizes them the same way when the roll arrives).
    const size = dieSizeFor(arena.width, arena.height, dice.length);
    const input: TumbleInput = {
      arena,
      sizes: dice.map(() => size),
      durationsMs: plan.durationsMs,
      symmetry: dice.map((d) => symmetryOf(d.renderType)),
      seed: rollSeed,
    };
    let track: TumbleTrack;
    try {
      track = this.remote ? await this.remote.tumble(input) : this.localHost.tumble(input);
    } catch (error) {
      console.warn('Crit Happens: the dice worker failed; computing here', error);
      track = this.localHost.tumble(input);
    }
    if (this.disposed) return;
    this.sceneInput({ type: 'roll', track, dice, faces: plan.faces, seed: rollSeed });
    this.followRoll(new RollTimeline(track), () => this.finish(rng, track, dice, size));
  }

  /**
   * The roll's events by the scene's own timeline, from the same frames: its clock starts
   * at the next frame, as the scene's does.
   */
  private followRoll(timeline: RollTimeline, done: () => void): void {
    let start = -1;
    const frame = (now: number) => {
      this.rollFrame = 0;
      if (this.disposed) return;
      if (start < 0) start = now;
      const events = timeline.advance(now - start);
      for (const speed of events.impacts) this.sound.clack(speed);
      for (const index of events.settled) critActions.settle(index);
      if (events.done) {
        // The outcome (total, history, overlay) renders a task after the frame the last die
        // stops in, so that frame's task does not also render and lay it out.
        void yieldToMain().then(() => {
          if (!this.disposed) done();
        });
        return;
      }
      this.rollFrame = requestAnimationFrame(frame);
    };
    this.rollFrame = requestAnimationFrame(frame);
  }

  private sceneInput(input: DiceSceneInput): void {
    this.scene?.input(input);
    this.loop?.wake();
  }

  private arena(): { width: number; height: number } {
    return { width: this.viewport.width, height: this.viewport.height };
  }

  /** Call from a user gesture so sounds can start. */
  unlockSound(): void {
    this.sound.unlock();
  }

  private finish(rng: Rng, track: TumbleTrack, rolled: readonly { id: string }[], size: number): void {
    const outcome = critActions.finishRoll((crit) => critMessage(crit, rng));
    if (!outcome || !this.scene) return;
    this.sceneInput({ type: 'dice', dice: useCritStore.getState().pool.dice });
    if (!outcome.crit) return;
    const { pool } = useCritStore.getState();
    if (outcome.crit === 'fail') {
      this.sound.sad();
      this.sceneInput({ type: 'celebrate', kind: 'fail', ids: outcome.fallenIds });
      return;
    }
    // Where the celebrated dice lie: where the roll left them, for the DOM laid out around them.
    const restingSpots = (ids: readonly string[]) =>
      ids.flatMap((id) => {
        const index = rolled.findIndex((d) => d.id === id);
        return index < 0 ? [] : [{ ...restingPlace(track, index), size }];
      });
    const twenties = pool.dice.filter((d) => d.type === 'd20' && d.face === 20).map((d) => d.id);
    if (outcome.crit === 'success') {
      const celebrated = outcome.keptId ? [outcome.keptId] : twenties;
      critActions.spotOverlay(restingSpots(celebrated), this.arena());
      this.sound.fanfare();
      this.sceneInput({ type: 'celebrate', kind: 'success', ids: celebrated });
      return;
    }
    critActions.spotOverlay(restingSpots(twenties), this.arena());
    this.sound.fanfare();
    this.sceneInput({ type: 'celebrate', kind: 'double-twenty', ids: twenties });
    if (!(this.motionQuery?.matches ?? false)) {
      this.sound.firework();
      this.fireworkTimer = setInterval(() => this.sound.firework(), FIREWORK_EVERY_MS);
    }
  }

  private endCelebration(): void {
    if (this.fireworkTimer !== null) clearInterval(this.fireworkTimer);
    this.fireworkTimer = null;
    this.sceneInput({ type: 'clearEffects' });
    const { pool } = useCritStore.getState();
    this.sceneInput({ type: 'dice', dice: pool.dice });
  }

  private readonly onVisibility = (): void => {
    if (document.visibilityState === 'visible') this.loop?.start();
    else this.loop?.stop();
  };

  dispose(): void {
    this.disposed = true;
    for (const off of this.unsubscribes) off();
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.unwatchEnvironment?.();
    this.resizeObserver?.disconnect();
    this.loop?.stop();
    cancelAnimationFrame(this.rollFrame);
    if (this.fireworkTimer !== null) clearInterval(this.fireworkTimer);
    this.scene?.destroy();
    this.scene = null;
    this.canvas?.remove();
    this.canvas = null;
    this.remote?.[Comlink.releaseProxy]();
    this.worker?.terminate();
    this.sound.dispose();
  }
}
