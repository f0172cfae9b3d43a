/**
 * A winning player's fireworks: a burst of sparks over the winner's car every BURST_EVERY_MS
 * for FIREWORKS_SECONDS. Pure (no Pixi, no DOM): the scene draws `pool` through a
 * `ParticleLayer` and says where the winner is on the screen when a burst is due.
 */
import { ParticlePool } from '../../../lib/pure/particles.ts';
import { FIREWORKS_SECONDS } from '../engine/constants.ts';
import type { ScreenPoint } from './camera.ts';

/**
 * A spark: its radius (px) at birth, shrinking to `minPx` as it fades, and its motion per
 * second (what 0.97 of the speed kept and 0.05 px added each 60 Hz frame were).
 */
export const SPARK = { maxPx: 3, minPx: 1.2, drag: 1.8, gravity: 180 } as const;
/** Sparks in one burst; each lives up to 85 frames of 60 Hz. */
export const SPARKS_PER_BURST = 70;
export const BURST_EVERY_MS = 380;
const PALETTE = [0xffd54f, 0xff5252, 0x69f0ae, 0x40c4ff, 0xe040fb, 0xffffff];

export class RaceFireworks {
  /** Sized for six bursts; up to four are alive at once. */
  readonly pool = new ParticlePool({ capacity: 6 * SPARKS_PER_BURST });
  private until = 0;
  private nextBurst = 0;
  private asked = false;
  /** Varies where bursts go and their colours; the same from race to race. */
  private seed = 1;

  /** Fireworks from the next frame on: they start at that frame's time. */
  ask(): void {
    this.asked = true;
  }

  /** Starts fireworks asked for at `now`; true while sparks fly or bursts are still to come. */
  live(now: number): boolean {
    if (this.asked) {
      this.asked = false;
      this.until = now + FIREWORKS_SECONDS * 1000;
      this.nextBurst = 0;
    }
    return this.pool.count > 0 || this.until > now;
  }

  /** Moves the sparks on by `dt` seconds, first bursting over `origin()` when a burst is due. */
  step(now: number, dt: number, origin: () => ScreenPoint): void {
    if (this.until > now && now >= this.nextBurst) this.burst(now, origin());
    this.pool.step(dt);
  }

  private burst(now: number, base: ScreenPoint): void {
    this.seed = (this.seed * 1103515245 + 12345) >>> 0;
    const r = (k: number) => (((Math.sin(this.seed * 0.001 + k * 12.9898) * 43758.5453) % 1) + 1) % 1;
    const cx = base.x + (r(1) - 0.5) * 220;
    const cy = base.y - 40 - r(2) * 140;
    const color = PALETTE[Math.floor(r(3) * PALETTE.length)];
    for (let i = 0; i < SPARKS_PER_BURST; i++) {
      const a = (i / SPARKS_PER_BURST) * Math.PI * 2;
      // Px per 60 Hz frame, as the bursts were tuned, in px per second.
      const v = (1.5 + r(10 + i) * 2.5) * 60;
      this.pool.emit({
        x: cx,
        y: cy,
        vx: Math.cos(a) * v,
        vy: Math.sin(a) * v,
        life: (55 + r(200 + i) * 30) / 60,
        size0: SPARK.maxPx,
        size1: SPARK.minPx,
        colors: [color],
        gravity: SPARK.gravity,
        drag: SPARK.drag,
      });
    }
    this.nextBurst = now + BURST_EVERY_MS;
  }
}
