import { describe, expect, it } from 'vitest';
import { createRng, rngFromState } from './rng.ts';

describe('createRng', () => {
  it('gives the same sequence for the same seed', () => {
    const a = createRng(42);
    const b = createRng(42);
    expect(Array.from({ length: 50 }, a.next)).toEqual(Array.from({ length: 50 }, b.next));
  });

  it('gives different sequences for neighbouring seeds', () => {
    expect(createRng(1).next()).not.toEqual(createRng(2).next());
  });

  it('stays within its ranges', () => {
    const rng = createRng(7);
    for (let i = 0; i < 10_000; i++) {
      const f = rng.next();
      const n = rng.int(-3, 3);
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
      expect(n).toBeGreaterThanOrEqual(-3);
      expect(n).toBeLessThanOrEqual(3);
    }
  });

  it('resumes exactly from a saved state', () => {
    const rng = createRng(99);
    rng.next();
    const saved = rng.state();
    const expected = [rng.next(), rng.next(), rng.next()];
    const restored = rngFromState(saved);
    expect([restored.next(), restored.next(), restored.next()]).toEqual(expected);
  });
});
