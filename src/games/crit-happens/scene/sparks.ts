/**
 * The crit effects' particles: a natural 20's golden burst, a natural 1's rain and a double
 * 20's fireworks, in one pool that `CritEffects` (effects.ts) draws with a `ParticleLayer`.
 * Pure: no Pixi, no DOM.
 * A tiny LCG makes the bursts vary; the roll's own randomness is in the engine.
 */
import { ParticlePool } from '../../../lib/pure/particles.ts';

/** The dot texture's radius (px): a particle of size 8 is drawn at scale 1. */
export const DOT_RADIUS = 8;
/** Particles on the table at most; a burst into a full pool stops where it is. */
export const MAX_PARTICLES = 420;
/** A natural 20's burst around each die, in gold. */
export const GOLD = [0xffd54a, 0xfff3b0, 0xffffff];
/** Spec §9: 60–110 particles a burst. */
export const FIREWORK_MIN = 60;
export const FIREWORK_MAX = 110;
const FIREWORK_PALETTES = [
  [0xff5d8f, 0xffd1e0, 0xffffff],
  [0x4dd6ff, 0xc8f4ff, 0xffffff],
  [0xffd54a, 0xfff3b0, 0xff9f1c],
  [0x8cff8a, 0xe0ffe0, 0xffffff],
];

export class CritSparks {
  readonly pool = new ParticlePool({ capacity: MAX_PARTICLES, whenFull: 'drop' });
  private rng = 1;

  /** `count` sparks flying out of (x, y) in every direction, falling as they fade. */
  burst(x: number, y: number, count: number, palette: readonly number[], speed: number): void {
    for (let k = 0; k < count; k++) {
      const a = (k / count) * Math.PI * 2 + (this.next() % 100) / 300;
      const v = speed * (0.5 + (this.next() % 100) / 100) * 60;
      const size = (0.22 + (this.next() % 10) / 60) * DOT_RADIUS;
      const emitted = this.pool.emit({
        x,
        y,
        vx: Math.cos(a) * v,
        vy: Math.sin(a) * v,
        life: 1.1 + (this.next() % 100) / 120,
        size0: size,
        colors: [palette[k % palette.length]],
        gravity: 140,
      });
      if (!emitted) return;
    }
  }

  /** One firework over a table of width × height: where, how big and in which colours varies. */
  firework(width: number, height: number): void {
    const count = FIREWORK_MIN + (this.next() % (FIREWORK_MAX - FIREWORK_MIN + 1));
    const x = width * (0.2 + (this.next() % 60) / 100);
    const y = height * (0.2 + (this.next() % 35) / 100);
    this.burst(x, y, count, FIREWORK_PALETTES[this.next() % FIREWORK_PALETTES.length], 6);
  }

  /** A streak of rain: a dot stretched tall, at a steady 0.55 alpha, falling past the bottom edge. */
  raindrop(width: number, height: number): void {
    const x = (this.next() % 1000) * (width / 1000);
    const vy = 520 + (this.next() % 200);
    this.pool.emit({
      x,
      y: -10,
      vx: -30,
      vy,
      life: (height + 20) / vy,
      size0: 0.12 * DOT_RADIUS,
      stretch: 0.7 / 0.12,
      alpha: 0.55,
      fade: false,
      colors: [0x9fb7d9],
    });
  }

  private next(): number {
    this.rng = (Math.imul(this.rng, 1664525) + 1013904223) >>> 0;
    return this.rng >>> 8;
  }
}
