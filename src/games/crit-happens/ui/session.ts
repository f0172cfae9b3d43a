/**
 * One visit to /crit-happens: the arena scene, the tumble worker, the sounds, and the roll
 * flow that ties them to the store. A roll is decided first (seeded plan), its tumble
 * computed in the worker, then played back; as each die settles the store learns its face.
 */
import * as Comlink from 'comlink';
import type { CritWorkerApi } from '../../../../workers/crit-happens.worker.ts';
import type { TableRoll } from '../../../api/schemas/tables.ts';
import { createRng, type Rng } from '../../../lib/pure/rng.ts';
import { yieldToMain } from '../../../lib/yieldToMain.ts';
import type { TumbleInput, TumbleTrack } from '../engine/physics.ts';
import { critMessage, planRoll, type RollPlan } from '../engine/roll.ts';
import { readTableRoll, tableRollPlan } from '../engine/tableRoll.ts';
import { TumbleHost } from '../host/TumbleHost.ts';
import { createDiceScene, type DiceScene, symmetryOf } from '../scene/DiceScene.ts';
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
    const scene = await createDiceScene(this.stage, {
      dice: settings.diceColor,
      numbers: settings.numberColor,
      arena: settings.arenaColor,
    });
    if (this.disposed) {
      scene.dispose();
      return;
    }
    this.scene = scene;
    scene.setReducedMotion(this.motionQuery?.matches ?? false);
    this.motionQuery?.addEventListener('change', this.onMotionChange);
    scene.setDice(useCritStore.getState().pool.dice);
    this.unsubscribes.push(
      useCritStore.subscribe((state, prev) => {
        if (state.pool !== prev.pool && !state.rolling) scene.setDice(state.pool.dice);
        if (prev.overlay && !state.overlay) this.endCelebration();
      }),
      useCritSettings.subscribe((s, prev) => {
        if (
          s.diceColor !== prev.diceColor ||
          s.numberColor !== prev.numberColor ||
          s.arenaColor !== prev.arenaColor
        ) {
          scene.setColors({ dice: s.diceColor, numbers: s.numberColor, arena: s.arenaColor });
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
    const size = scene.dieSize();
    const input: TumbleInput = {
      arena: scene.arena(),
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
    scene.playRoll(track, dice, plan.faces, rollSeed, {
      onSettle: (index) => critActions.settle(index),
      onImpact: (speed) => this.sound.clack(speed),
      // The outcome (total, history, overlay) renders a task after the frame the last die
      // stops in, so that frame's task does not also render and lay it out.
      onDone: () => {
        void yieldToMain().then(() => {
          if (!this.disposed) this.finish(rng);
        });
      },
    });
  }

  /** Call from a user gesture so sounds can start. */
  unlockSound(): void {
    this.sound.unlock();
  }

  private finish(rng: Rng): void {
    const outcome = critActions.finishRoll((crit) => critMessage(crit, rng));
    const scene = this.scene;
    if (!outcome || !scene) return;
    scene.setDice(useCritStore.getState().pool.dice);
    if (!outcome.crit) return;
    const { pool } = useCritStore.getState();
    if (outcome.crit === 'fail') {
      this.sound.sad();
      scene.celebrate('fail', outcome.fallenIds);
      return;
    }
    const twenties = pool.dice.filter((d) => d.type === 'd20' && d.face === 20).map((d) => d.id);
    if (outcome.crit === 'success') {
      const celebrated = outcome.keptId ? [outcome.keptId] : twenties;
      critActions.spotOverlay(scene.restingSpots(celebrated), scene.arena());
      this.sound.fanfare();
      scene.celebrate('success', celebrated);
      return;
    }
    critActions.spotOverlay(scene.restingSpots(twenties), scene.arena());
    this.sound.fanfare();
    scene.celebrate('double-twenty', twenties);
    if (!(this.motionQuery?.matches ?? false)) {
      this.sound.firework();
      this.fireworkTimer = setInterval(() => this.sound.firework(), FIREWORK_EVERY_MS);
    }
  }

  private endCelebration(): void {
    if (this.fireworkTimer !== null) clearInterval(this.fireworkTimer);
    this.fireworkTimer = null;
    this.scene?.clearEffects();
    const { pool } = useCritStore.getState();
    this.scene?.setDice(pool.dice);
  }

  private readonly onVisibility = (): void => {
    this.scene?.setActive(document.visibilityState === 'visible');
  };

  private readonly onMotionChange = (event: MediaQueryListEvent): void => {
    this.scene?.setReducedMotion(event.matches);
  };

  dispose(): void {
    this.disposed = true;
    for (const off of this.unsubscribes) off();
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.motionQuery?.removeEventListener('change', this.onMotionChange);
    if (this.fireworkTimer !== null) clearInterval(this.fireworkTimer);
    this.scene?.dispose();
    this.scene = null;
    this.remote?.[Comlink.releaseProxy]();
    this.worker?.terminate();
    this.sound.dispose();
  }
}
