/**
 * The crit effects over the table: a natural 20's golden glow and burst, a natural 1's rain
 * with the losing d20s falling off the table, a double 20's fireworks. Their sparks are one
 * pool (sparks.ts) drawn by one particle layer. With reduced motion the glow holds still and
 * nothing falls, rains or bursts.
 */
import { Container, Graphics, type Texture } from 'pixi.js';
import { ParticleLayer } from '../../../lib/particles.ts';
import type { SceneCanvas } from '../../../lib/sceneCanvas.ts';
import type { CritKind } from '../engine/roll.ts';
import type { DieSprite } from './dieSprite.ts';
import { CritSparks, DOT_RADIUS, GOLD } from './sparks.ts';

/** An effect's or a roll's clock starts at the first frame drawn after it was asked for. */
export const NEXT_FRAME = -1;
/** How long a losing d20 takes to fall off the table (ms). */
const FALL_MS = 1400;
/** Spec §9: a burst every 1200 ms. */
const FIREWORK_EVERY_MS = 1200;

type Effect =
  | { kind: 'none' }
  | { kind: 'rain'; fallen: string[]; start: number }
  | { kind: 'fireworks'; nextBurst: number }
  | { kind: 'glow'; ids: string[]; start: number };

export class CritEffects {
  /** Its own render group: particles coming and going change its structure, not the dice's. */
  readonly layer = new Container({ isRenderGroup: true });
  private effect: Effect = { kind: 'none' };
  private readonly sparks = new CritSparks();
  private readonly dotTexture: Texture;
  private readonly particleLayer: ParticleLayer;

  /** The dice are the scene's (by id): an effect plays on those it names that are on the table. */
  constructor(
    keeper: SceneCanvas,
    private readonly dice: ReadonlyMap<string, DieSprite>,
    public reducedMotion: boolean,
  ) {
    this.dotTexture = keeper.bake(() =>
      new Graphics().circle(DOT_RADIUS, DOT_RADIUS, DOT_RADIUS).fill(0xffffff),
    );
    this.particleLayer = new ParticleLayer(this.sparks.pool, this.dotTexture, { radius: DOT_RADIUS });
    this.layer.addChild(this.particleLayer.container);
  }

  /** An effect is playing, or sparks are still flying. */
  get busy(): boolean {
    return this.effect.kind !== 'none' || this.sparks.pool.count > 0;
  }

  /** Starts a crit's effect on the dice `ids` (the natural 20s, or the d20s that fall), ending any other. */
  celebrate(kind: CritKind, ids: string[]): void {
    this.clear();
    if (kind === 'success') this.effect = { kind: 'glow', ids, start: NEXT_FRAME };
    if (kind === 'fail')
      this.effect = { kind: 'rain', fallen: this.reducedMotion ? [] : ids, start: NEXT_FRAME };
    if (kind === 'double-twenty') this.effect = { kind: 'fireworks', nextBurst: NEXT_FRAME };
    if (kind === 'success' && !this.reducedMotion) {
      for (const id of ids) {
        const die = this.dice.get(id);
        if (die) this.sparks.burst(die.x, die.y, 40, GOLD, 4);
      }
    }
  }

  /**
   * Ends the effect and its sparks, and undoes what it did to the dice's look (a fallen die's
   * fade and shrink, a pulsing glow). Where a fallen die is drawn again is the scene's to say.
   */
  clear(): void {
    this.effect = { kind: 'none' };
    this.sparks.pool.clear();
    for (const die of this.dice.values()) {
      die.root.alpha = 1;
      die.root.scale.set(1);
      die.glow.alpha = 1;
    }
  }

  /** The frame at `now`, `ms` after the last, on a table `width` × `height` (CSS px). */
  draw(now: number, ms: number, width: number, height: number): void {
    this.advance(now, width, height);
    this.sparks.pool.step(Math.min(ms / 1000, 0.05));
    this.particleLayer.sync();
  }

  destroy(): void {
    this.particleLayer.destroy();
    this.dotTexture.destroy(true);
  }

  private advance(now: number, width: number, height: number): void {
    const effect = this.effect;
    if ('start' in effect && effect.start === NEXT_FRAME) effect.start = now;
    if (effect.kind === 'fireworks' && effect.nextBurst === NEXT_FRAME) effect.nextBurst = now;
    if (effect.kind === 'glow') {
      const pulse = 0.6 + 0.4 * Math.sin((now - effect.start) / 180);
      for (const id of effect.ids) {
        const die = this.dice.get(id);
        if (!die) continue;
        die.glow.visible = true;
        die.glow.alpha = this.reducedMotion ? 1 : pulse;
      }
    } else if (effect.kind === 'rain') {
      if (!this.reducedMotion) {
        for (let k = 0; k < 3; k++) this.sparks.raindrop(width, height);
      }
      const t = Math.min(1, (now - effect.start) / FALL_MS);
      for (const id of effect.fallen) {
        const die = this.dice.get(id);
        if (!die) continue;
        // Off the edge of the table: it drops, shrinks and tips over.
        const ease = t * t;
        die.root.position.set(die.x + ease * die.size * 0.8, die.y + ease * (height + die.size - die.y));
        die.root.scale.set(1 - ease * 0.45);
        die.turn(die.angle, ease * 2.4);
        die.root.alpha = 1 - ease * 0.6;
      }
    } else if (effect.kind === 'fireworks' && !this.reducedMotion && now >= effect.nextBurst) {
      this.sparks.firework(width, height);
      effect.nextBurst = now + FIREWORK_EVERY_MS;
    }
  }
}
