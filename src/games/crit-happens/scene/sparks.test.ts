import { describe, expect, it } from 'vitest';
import { CritSparks, FIREWORK_MAX, FIREWORK_MIN, GOLD, MAX_PARTICLES } from './sparks.ts';

describe('CritSparks', () => {
  it('makes each firework of 60 to 110 particles (spec §9), not all alike', () => {
    const sparks = new CritSparks();
    const sizes = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const before = sparks.pool.count;
      sparks.firework(800, 600);
      const size = sparks.pool.count - before;
      expect(size).toBeGreaterThanOrEqual(FIREWORK_MIN);
      expect(size).toBeLessThanOrEqual(FIREWORK_MAX);
      sizes.add(size);
      sparks.pool.clear();
    }
    expect(sizes.size).toBeGreaterThan(5);
  });

  it('stops a burst when the pool is full rather than replacing sparks still flying', () => {
    const sparks = new CritSparks();
    sparks.burst(100, 100, MAX_PARTICLES - 10, GOLD, 4);
    sparks.burst(200, 200, 40, GOLD, 4);
    expect(sparks.pool.count).toBe(MAX_PARTICLES);
  });

  it('lets a raindrop fall past the bottom edge before it ends', () => {
    const sparks = new CritSparks();
    sparks.raindrop(800, 600);
    const dt = 1 / 60;
    let y = -10;
    for (let t = 0; sparks.pool.count > 0 && t < 10; t += dt) {
      const look = sparks.pool.look(0, 8, { x: 0, y: 0, scaleX: 1, scaleY: 1, tint: 0, alpha: 1 });
      y = look.y;
      sparks.pool.step(dt);
    }
    expect(sparks.pool.count).toBe(0);
    expect(y).toBeGreaterThan(590);
  });

  it('spends its sparks alike from one table to the next: the same bursts in the same order', () => {
    const a = new CritSparks();
    const b = new CritSparks();
    for (const sparks of [a, b]) {
      sparks.firework(800, 600);
      sparks.raindrop(800, 600);
    }
    const looks = (sparks: CritSparks) =>
      Array.from({ length: MAX_PARTICLES }, (_, i) =>
        sparks.pool.isAlive(i)
          ? sparks.pool.look(i, 8, { x: 0, y: 0, scaleX: 1, scaleY: 1, tint: 0, alpha: 1 })
          : null,
      );
    expect(a.pool.count).toBeGreaterThan(FIREWORK_MIN);
    expect(looks(a)).toEqual(looks(b));
  });
});
