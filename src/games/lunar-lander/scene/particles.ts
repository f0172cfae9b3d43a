import { type Container, Sprite, type Texture } from 'pixi.js';

/** One pooled particle in world units (y up); `t` runs from 0 to 1 over its life. */
interface Particle {
  sprite: Sprite;
  alive: boolean;
  x: number;
  y: number;
  vx: number;
  vy: number;
  age: number;
  life: number;
  size0: number;
  size1: number;
  alpha0: number;
  colors: readonly number[];
  gravity: number;
  drag: number;
  /** Ground height callback result cache: particles slide along the ground. */
  grounded: boolean;
}

export interface EmitOptions {
  x: number;
  y: number;
  vx: number;
  vy: number;
  life: number;
  size0: number;
  size1: number;
  alpha?: number;
  colors: readonly number[];
  gravity?: number;
  drag?: number;
}

function lerpColor(a: number, b: number, t: number): number {
  const ar = (a >> 16) & 255;
  const ag = (a >> 8) & 255;
  const ab = a & 255;
  const r = ar + (((b >> 16) & 255) - ar) * t;
  const g = ag + (((b >> 8) & 255) - ag) * t;
  const bl = ab + ((b & 255) - ab) * t;
  return (r << 16) | (g << 8) | bl;
}

/**
 * A fixed pool of sprites (built once, mutated per frame). Emitting when full reuses
 * the oldest particle, so effects never allocate during play.
 */
export class ParticlePool {
  private readonly items: Particle[] = [];
  private cursor = 0;
  /** 0..1: fewer particles on slow devices (set from measured frame time). */
  density = 1;

  constructor(
    layer: Container,
    texture: Texture,
    size: number,
    private readonly groundAt: (x: number) => number,
  ) {
    for (let i = 0; i < size; i++) {
      const sprite = new Sprite(texture);
      sprite.anchor.set(0.5);
      sprite.visible = false;
      layer.addChild(sprite);
      this.items.push({
        sprite,
        alive: false,
        x: 0,
        y: 0,
        vx: 0,
        vy: 0,
        age: 0,
        life: 1,
        size0: 1,
        size1: 1,
        alpha0: 1,
        colors: [0xffffff],
        gravity: 0,
        drag: 0,
        grounded: false,
      });
    }
  }

  /** Emits `count` particles (scaled by density), each from `make(i)`. */
  burst(count: number, make: (i: number) => EmitOptions): void {
    const n = Math.max(1, Math.round(count * this.density));
    for (let i = 0; i < n; i++) this.emit(make(i));
  }

  emit(o: EmitOptions): void {
    const p = this.items[this.cursor];
    this.cursor = (this.cursor + 1) % this.items.length;
    p.alive = true;
    p.x = o.x;
    p.y = o.y;
    p.vx = o.vx;
    p.vy = o.vy;
    p.age = 0;
    p.life = o.life;
    p.size0 = o.size0;
    p.size1 = o.size1;
    p.alpha0 = o.alpha ?? 1;
    p.colors = o.colors;
    p.gravity = o.gravity ?? 0;
    p.drag = o.drag ?? 0;
    p.grounded = false;
    p.sprite.visible = true;
  }

  /** Advances by `dt` seconds of display time (effects are cosmetic, not engine state). */
  update(dt: number): void {
    for (const p of this.items) {
      if (!p.alive) continue;
      p.age += dt;
      const t = p.age / p.life;
      if (t >= 1) {
        p.alive = false;
        p.sprite.visible = false;
        continue;
      }
      const damp = Math.max(0, 1 - p.drag * dt);
      p.vx *= damp;
      p.vy = p.vy * damp - p.gravity * dt;
      p.x += p.vx * dt;
      p.y += p.vy * dt;
      const ground = this.groundAt(p.x);
      if (p.y < ground) {
        // Hitting the ground: spread sideways as dust instead of sinking in.
        p.y = ground;
        if (!p.grounded) {
          p.grounded = true;
          const spread = Math.abs(p.vy) * 0.6;
          p.vx += (p.vx >= 0 ? 1 : -1) * spread;
        }
        p.vy = Math.abs(p.vy) * 0.15;
      }
      const c = p.colors;
      const seg = t * (c.length - 1);
      const i = Math.min(c.length - 2, Math.floor(seg));
      p.sprite.tint = c.length === 1 ? c[0] : lerpColor(c[i], c[i + 1], seg - i);
      const size = p.size0 + (p.size1 - p.size0) * t;
      p.sprite.position.set(p.x, p.y);
      p.sprite.scale.set(size / 32);
      p.sprite.alpha = p.alpha0 * (1 - t) * (t < 0.08 ? t / 0.08 : 1);
    }
  }

  clear(): void {
    for (const p of this.items) {
      p.alive = false;
      p.sprite.visible = false;
    }
  }
}
