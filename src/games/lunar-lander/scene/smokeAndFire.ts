/**
 * The lander's particles, in world units: the engine's exhaust, the dust of a landing, and
 * a crash's fireball, debris and smoke. Two pools on the ground of the level (a particle
 * that comes down spreads along it): smoke, drawn under the landers, and fire, drawn over
 * them and added to what is behind it so it glows. Cosmetic, so Math.random is fine here.
 */
import type { ParticleContainer, Texture } from 'pixi.js';
import { ParticleLayer, ParticlePool } from '../../../lib/particles.ts';
import { FOOT_DROP, FOOT_SPAN_HALF, TICK_HZ } from '../engine/index.ts';
import { DOT_RADIUS } from './artwork.ts';

/** Particles fade in over the first 8 % of their life (no popping in at full strength). */
const FADE_IN = 0.08;
/** Particles of each pool at most: a new one past that replaces the oldest. */
const CAPACITY = 260;

export class SmokeAndFire {
  private readonly smoke: ParticlePool;
  private readonly fire: ParticlePool;
  private readonly smokeLayer: ParticleLayer;
  private readonly fireLayer: ParticleLayer;

  /** `dot` is the soft dot each particle is drawn as; `groundAt(x)` the ground's height at x. */
  constructor(dot: Texture, groundAt: (x: number) => number) {
    this.smoke = new ParticlePool({ capacity: CAPACITY, groundAt });
    this.fire = new ParticlePool({ capacity: CAPACITY, groundAt });
    this.smokeLayer = new ParticleLayer(this.smoke, dot, { radius: DOT_RADIUS });
    this.fireLayer = new ParticleLayer(this.fire, dot, { radius: DOT_RADIUS, blendMode: 'add' });
  }

  /** The smoke and dust, for under the landers. */
  get smokeView(): ParticleContainer {
    return this.smokeLayer.container;
  }

  /** The flames and sparks, for over the landers. */
  get fireView(): ParticleContainer {
    return this.fireLayer.container;
  }

  /** Some particles are still on screen. */
  get active(): boolean {
    return this.smoke.count > 0 || this.fire.count > 0;
  }

  /** 0..1: the share of each burst emitted (fewer on a slow device). */
  set density(density: number) {
    this.smoke.density = density;
    this.fire.density = density;
  }

  /** One frame of the main engine firing from a lander at (x, y) moving at vx, vy (per tick: the exhaust moves per second). */
  exhaust(x: number, y: number, vx: number, vy: number): void {
    const rnd = Math.random;
    this.fire.burst(3, () => ({
      x: x + (rnd() - 0.5) * 1.6,
      y: y - 4.6,
      vx: vx * TICK_HZ + (rnd() - 0.5) * 10,
      vy: vy * TICK_HZ - 26 - rnd() * 22,
      life: 0.28 + rnd() * 0.3,
      size0: 1.8,
      size1: 4.5,
      colors: [0xfff0b0, 0xff9a2e, 0xb8401a],
      fadeIn: FADE_IN,
      drag: 1.2,
    }));
    this.smoke.burst(1, () => ({
      x: x + (rnd() - 0.5) * 2,
      y: y - 7,
      vx: vx * TICK_HZ + (rnd() - 0.5) * 8,
      vy: vy * TICK_HZ - 20 - rnd() * 10,
      life: 0.8 + rnd() * 0.7,
      size0: 2,
      size1: 8,
      alpha: 0.28,
      colors: [0x9a93b0, 0x4a4560],
      fadeIn: FADE_IN,
      drag: 1.5,
    }));
  }

  /** A landing at (x, y): dust rolling out from under the feet. */
  dust(x: number, y: number): void {
    const rnd = Math.random;
    this.smoke.burst(46, (i) => {
      const dir = i % 2 === 0 ? -1 : 1;
      return {
        x: x + dir * (FOOT_SPAN_HALF - 1 + rnd() * 2),
        y: y - FOOT_DROP + 0.4,
        vx: dir * (6 + rnd() * 22),
        vy: rnd() * 4,
        life: 0.9 + rnd() * 1.1,
        size0: 1.5,
        size1: 7 + rnd() * 5,
        alpha: 0.5,
        colors: [0xc9c2dc, 0x8c86a3],
        fadeIn: FADE_IN,
        drag: 2.2,
      };
    });
  }

  /** A crash at (x, y) at vx, vy (per tick): a fireball, debris flung up, and smoke. */
  explosion(x: number, y: number, vx: number, vy: number): void {
    const rnd = Math.random;
    this.fire.burst(70, () => {
      const a = rnd() * Math.PI * 2;
      const sp = 6 + rnd() * 38;
      return {
        x: x + (rnd() - 0.5) * 4,
        y: y + (rnd() - 0.5) * 4,
        vx: Math.cos(a) * sp + vx * 20,
        vy: Math.abs(Math.sin(a)) * sp * 0.9 + vy * 6,
        life: 0.5 + rnd() * 0.9,
        size0: 4 + rnd() * 4,
        size1: 10 + rnd() * 8,
        colors: [0xffffff, 0xffe07a, 0xff7a1a, 0x8a1d0a],
        fadeIn: FADE_IN,
        gravity: -10,
        drag: 1.6,
      };
    });
    this.fire.burst(26, () => {
      const a = rnd() * Math.PI;
      const sp = 25 + rnd() * 45;
      return {
        x,
        y,
        vx: Math.cos(a) * sp,
        vy: Math.sin(a) * sp,
        life: 1 + rnd() * 1.2,
        size0: 1.4,
        size1: 0.6,
        colors: [0xfff6c8, 0xffb347, 0xb0401a],
        fadeIn: FADE_IN,
        gravity: -38,
        drag: 0.2,
      };
    });
    this.smoke.burst(50, () => {
      const a = rnd() * Math.PI;
      const sp = 3 + rnd() * 16;
      return {
        x: x + (rnd() - 0.5) * 6,
        y: y + rnd() * 3,
        vx: Math.cos(a) * sp,
        vy: Math.sin(a) * sp * 0.7 + 3,
        life: 1.6 + rnd() * 1.8,
        size0: 5,
        size1: 18 + rnd() * 10,
        alpha: 0.55,
        colors: [0x5a4a44, 0x3a3642, 0x25222e],
        fadeIn: FADE_IN,
        drag: 0.9,
      };
    });
  }

  /** Moves every particle on by `dt` seconds and shows them where they are. */
  step(dt: number): void {
    this.smoke.step(dt);
    this.fire.step(dt);
    this.smokeLayer.sync();
    this.fireLayer.sync();
  }

  /** Another level: no particles left over from the last. */
  clear(): void {
    this.smoke.clear();
    this.fire.clear();
  }
}
