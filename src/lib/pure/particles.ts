/**
 * Cosmetic particles for the canvas games' scenes (sparks, fire, smoke, dust, confetti,
 * rain): a fixed pool of plain data stepped by display time. `ParticleLayer`
 * (src/lib/particles.ts) shows one on screen. Effects are not engine state: a scene may
 * feed them Math.random.
 */

/** One particle to emit; sizes are in the layer's `radius` units, colours a ramp over the life. */
export interface ParticleSpawn {
  x: number;
  y: number;
  /** Units per second. */
  vx: number;
  vy: number;
  /** Seconds. */
  life: number;
  size0: number;
  /** The size at the end of the life (default: `size0`). */
  size1?: number;
  /** Alpha at birth (default 1). */
  alpha?: number;
  /** Fades out linearly over the life (default true); false keeps `alpha`. */
  fade?: boolean;
  /** Fades in over this fraction of the life (default 0). */
  fadeIn?: number;
  /** Tints from first to last over the life; one colour stays. */
  colors: readonly number[];
  /** Added to vy each second (its sign is the scene's y axis). */
  gravity?: number;
  /** Fraction of the velocity lost per second. */
  drag?: number;
  /** Height over width (default 1): a streak of rain is a stretched dot. */
  stretch?: number;
}

export interface ParticlePoolOptions {
  capacity: number;
  /** Emitting into a full pool: replace the oldest particle (default) or emit nothing. */
  whenFull?: 'replace-oldest' | 'drop';
  /**
   * Ground under the particles, in a y-up world: a particle that falls below `groundAt(x)`
   * stays on it and spreads sideways as dust instead of sinking in.
   */
  groundAt?: (x: number) => number;
}

/** Where a particle is and how it looks this frame (read by the layer). */
export interface ParticleLook {
  x: number;
  y: number;
  scaleX: number;
  scaleY: number;
  tint: number;
  alpha: number;
}

export function lerpColor(a: number, b: number, t: number): number {
  const ar = (a >> 16) & 255;
  const ag = (a >> 8) & 255;
  const ab = a & 255;
  const r = ar + (((b >> 16) & 255) - ar) * t;
  const g = ag + (((b >> 8) & 255) - ag) * t;
  const bl = ab + ((b & 255) - ab) * t;
  return (r << 16) | (g << 8) | bl;
}

/** The pool: struct of arrays, no allocation after construction. */
export class ParticlePool {
  readonly capacity: number;
  /** 0..1: fewer particles per burst on slow devices. */
  density = 1;
  /** Changes whenever a particle is born or dies (the layer rebuilds its list then). */
  version = 0;
  private readonly whenFull: 'replace-oldest' | 'drop';
  private readonly groundAt: ((x: number) => number) | undefined;
  private readonly alive: Uint8Array;
  private readonly grounded: Uint8Array;
  private readonly fade: Uint8Array;
  private readonly x: Float64Array;
  private readonly y: Float64Array;
  private readonly vx: Float64Array;
  private readonly vy: Float64Array;
  private readonly age: Float64Array;
  private readonly life: Float64Array;
  private readonly size0: Float64Array;
  private readonly size1: Float64Array;
  private readonly alpha0: Float64Array;
  private readonly fadeIn: Float64Array;
  private readonly gravity: Float64Array;
  private readonly drag: Float64Array;
  private readonly stretch: Float64Array;
  private readonly colors: (readonly number[])[];
  private cursor = 0;
  private living = 0;

  constructor(options: ParticlePoolOptions) {
    const n = Math.max(1, Math.floor(options.capacity));
    this.capacity = n;
    this.whenFull = options.whenFull ?? 'replace-oldest';
    this.groundAt = options.groundAt;
    this.alive = new Uint8Array(n);
    this.grounded = new Uint8Array(n);
    this.fade = new Uint8Array(n);
    this.x = new Float64Array(n);
    this.y = new Float64Array(n);
    this.vx = new Float64Array(n);
    this.vy = new Float64Array(n);
    this.age = new Float64Array(n);
    this.life = new Float64Array(n);
    this.size0 = new Float64Array(n);
    this.size1 = new Float64Array(n);
    this.alpha0 = new Float64Array(n);
    this.fadeIn = new Float64Array(n);
    this.gravity = new Float64Array(n);
    this.drag = new Float64Array(n);
    this.stretch = new Float64Array(n);
    this.colors = new Array(n).fill([0xffffff]);
  }

  /** Particles alive now. */
  get count(): number {
    return this.living;
  }

  isAlive(i: number): boolean {
    return this.alive[i] === 1;
  }

  /** Emits `count` particles (scaled by density, at least one), each from `make(i)`. */
  burst(count: number, make: (i: number) => ParticleSpawn): void {
    const n = Math.max(1, Math.round(count * this.density));
    for (let i = 0; i < n; i++) this.emit(make(i));
  }

  /** False when the pool is full and drops new particles. */
  emit(spawn: ParticleSpawn): boolean {
    let i = this.cursor;
    if (this.alive[i]) {
      if (this.whenFull === 'drop') {
        // The cursor's slot is the oldest only when the pool is full; else find a free one.
        if (this.living >= this.capacity) return false;
        while (this.alive[i]) i = (i + 1) % this.capacity;
      }
    }
    this.cursor = (i + 1) % this.capacity;
    if (!this.alive[i]) this.living++;
    this.alive[i] = 1;
    this.grounded[i] = 0;
    this.x[i] = spawn.x;
    this.y[i] = spawn.y;
    this.vx[i] = spawn.vx;
    this.vy[i] = spawn.vy;
    this.age[i] = 0;
    this.life[i] = spawn.life;
    this.size0[i] = spawn.size0;
    this.size1[i] = spawn.size1 ?? spawn.size0;
    this.alpha0[i] = spawn.alpha ?? 1;
    this.fade[i] = spawn.fade === false ? 0 : 1;
    this.fadeIn[i] = spawn.fadeIn ?? 0;
    this.colors[i] = spawn.colors;
    this.gravity[i] = spawn.gravity ?? 0;
    this.drag[i] = spawn.drag ?? 0;
    this.stretch[i] = spawn.stretch ?? 1;
    this.version++;
    return true;
  }

  /** Advances every particle by `dt` seconds. */
  step(dt: number): void {
    if (this.living === 0) return;
    const groundAt = this.groundAt;
    for (let i = 0; i < this.capacity; i++) {
      if (!this.alive[i]) continue;
      this.age[i] += dt;
      if (this.age[i] >= this.life[i]) {
        this.alive[i] = 0;
        this.living--;
        this.version++;
        continue;
      }
      const damp = Math.max(0, 1 - this.drag[i] * dt);
      this.vx[i] *= damp;
      this.vy[i] = this.vy[i] * damp + this.gravity[i] * dt;
      this.x[i] += this.vx[i] * dt;
      this.y[i] += this.vy[i] * dt;
      if (groundAt) {
        const ground = groundAt(this.x[i]);
        if (this.y[i] < ground) {
          this.y[i] = ground;
          if (!this.grounded[i]) {
            this.grounded[i] = 1;
            const spread = Math.abs(this.vy[i]) * 0.6;
            this.vx[i] += (this.vx[i] >= 0 ? 1 : -1) * spread;
          }
          this.vy[i] = Math.abs(this.vy[i]) * 0.15;
        }
      }
    }
  }

  /** Particle `i`'s look now (alive ones only), with sizes over `radius` as scales. */
  look(i: number, radius: number, out: ParticleLook): ParticleLook {
    const t = this.age[i] / this.life[i];
    const c = this.colors[i];
    if (c.length === 1) out.tint = c[0];
    else {
      const seg = t * (c.length - 1);
      const k = Math.min(c.length - 2, Math.floor(seg));
      out.tint = lerpColor(c[k], c[k + 1], seg - k);
    }
    const scale = (this.size0[i] + (this.size1[i] - this.size0[i]) * t) / radius;
    out.x = this.x[i];
    out.y = this.y[i];
    out.scaleX = scale;
    out.scaleY = scale * this.stretch[i];
    const fadeIn = this.fadeIn[i];
    out.alpha = this.alpha0[i] * (this.fade[i] ? 1 - t : 1) * (fadeIn > 0 && t < fadeIn ? t / fadeIn : 1);
    return out;
  }

  clear(): void {
    if (this.living === 0) return;
    this.alive.fill(0);
    this.living = 0;
    this.version++;
  }
}
