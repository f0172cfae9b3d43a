import { describe, expect, it } from 'vitest';
import { lerpColor, type ParticleLook, ParticlePool, type ParticleSpawn } from './particles.ts';

const look = (): ParticleLook => ({ x: 0, y: 0, scaleX: 0, scaleY: 0, tint: 0, alpha: 0 });
const spark = (over: Partial<ParticleSpawn> = {}): ParticleSpawn => ({
  x: 0,
  y: 0,
  vx: 0,
  vy: 0,
  life: 1,
  size0: 2,
  colors: [0xffffff],
  ...over,
});

describe('ParticlePool', () => {
  it('moves particles by velocity, gravity and drag per second of display time', () => {
    const pool = new ParticlePool({ capacity: 4 });
    pool.emit(spark({ vx: 10, vy: 0, gravity: 20, drag: 0.5 }));
    pool.step(0.1);
    const l = pool.look(0, 1, look());
    // Drag first (10 × 0.95), then gravity (0 × 0.95 + 2), then the move.
    expect(l.x).toBeCloseTo(0.95);
    expect(l.y).toBeCloseTo(0.2);
  });

  it('fades, grows and tints over the life, and dies at its end', () => {
    const pool = new ParticlePool({ capacity: 2 });
    pool.emit(spark({ life: 2, size0: 2, size1: 6, alpha: 0.5, colors: [0x000000, 0xff0000], stretch: 3 }));
    pool.step(1);
    const l = pool.look(0, 2, look());
    expect(l.alpha).toBeCloseTo(0.25);
    expect(l.scaleX).toBeCloseTo(2);
    expect(l.scaleY).toBeCloseTo(6);
    expect(l.tint).toBe(lerpColor(0x000000, 0xff0000, 0.5));
    const before = pool.version;
    pool.step(1);
    expect(pool.count).toBe(0);
    expect(pool.isAlive(0)).toBe(false);
    expect(pool.version).not.toBe(before);
  });

  it('keeps alpha without fade and ramps it in over fadeIn', () => {
    const pool = new ParticlePool({ capacity: 2 });
    pool.emit(spark({ alpha: 0.55, fade: false }));
    pool.emit(spark({ fadeIn: 0.5 }));
    pool.step(0.25);
    expect(pool.look(0, 1, look()).alpha).toBeCloseTo(0.55);
    expect(pool.look(1, 1, look()).alpha).toBeCloseTo(0.75 * 0.5);
  });

  it('replaces the oldest particle when full, or drops new ones when asked to', () => {
    const replacing = new ParticlePool({ capacity: 2 });
    for (const x of [1, 2, 3]) replacing.emit(spark({ x }));
    expect(replacing.count).toBe(2);
    expect(replacing.look(0, 1, look()).x).toBe(3);
    const dropping = new ParticlePool({ capacity: 2, whenFull: 'drop' });
    expect([1, 2, 3].map((x) => dropping.emit(spark({ x })))).toEqual([true, true, false]);
    expect(dropping.look(0, 1, look()).x).toBe(1);
  });

  it('reuses a dead slot in a dropping pool even when the cursor points at a living one', () => {
    const pool = new ParticlePool({ capacity: 3, whenFull: 'drop' });
    pool.emit(spark({ life: 5 }));
    pool.emit(spark({ life: 0.1 }));
    pool.emit(spark({ life: 5 }));
    pool.step(0.2);
    expect(pool.emit(spark({ x: 7 }))).toBe(true);
    expect(pool.look(1, 1, look()).x).toBe(7);
    expect(pool.count).toBe(3);
  });

  it('emits a burst scaled by density, at least one', () => {
    const pool = new ParticlePool({ capacity: 50 });
    pool.density = 0.5;
    pool.burst(10, () => spark());
    expect(pool.count).toBe(5);
    pool.clear();
    pool.density = 0;
    pool.burst(10, () => spark());
    expect(pool.count).toBe(1);
  });

  it('keeps particles on the ground (y up) and spreads them sideways once', () => {
    const pool = new ParticlePool({ capacity: 1, groundAt: () => 0 });
    pool.emit(spark({ x: 0, y: 0.5, vx: 1, vy: -10, life: 5 }));
    pool.step(0.1);
    const l = pool.look(0, 1, look());
    expect(l.y).toBe(0);
    // Spread: |vy| × 0.6 = 6 added to vx = 1; then vy bounces at 15 %.
    pool.step(0.1);
    expect(pool.look(0, 1, look()).x).toBeCloseTo(0.1 + 0.7, 5);
  });
});
