import { describe, expect, it } from 'vitest';
import { createRng } from '../../../lib/pure/rng.ts';
import { directAcceleration } from './barnesHut.ts';
import { ReferenceBarnesHut } from './referenceBarnesHut.ts';

/** The yardstick has to be right for the comparison to mean anything. */
describe('textbook Barnes–Hut (the Galaxy tree’s yardstick)', () => {
  const n = 3000;
  const rng = createRng(11);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const m = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = -300 * Math.log(1 - rng.next() * 0.99);
    const a = rng.range(0, Math.PI * 2);
    x[i] = r * Math.cos(a);
    y[i] = r * Math.sin(a);
    m[i] = rng.range(0.5, 2);
  }
  const reference = new ReferenceBarnesHut(x, y, m, n);
  const sample = Array.from({ length: 150 }, (_, s) => Math.floor((s * n) / 150));
  const exact = sample.map((i) => directAcceleration(i, x, y, m, n, 0.1, 4));
  const medianError = (theta: number, quadrupole: boolean) => {
    const errors = sample.map((i, s) => {
      const a = reference.acceleration(i, theta, 0.1, 4, quadrupole);
      return Math.hypot(a.ax - exact[s].ax, a.ay - exact[s].ay) / Math.hypot(exact[s].ax, exact[s].ay);
    });
    return errors.sort((p, q) => p - q)[errors.length >> 1];
  };

  it('is the direct sum when θ → 0 (every cell opened)', () => {
    expect(medianError(1e-9, false)).toBeLessThan(1e-12);
  });

  it('errs more as θ grows, and less with quadrupoles than with monopoles alone', () => {
    const mono = medianError(0.5, false);
    const quad = medianError(0.5, true);
    // About 1 % with monopoles at θ = 0.5, the method's well-known accuracy.
    expect(mono).toBeGreaterThan(0.002);
    expect(mono).toBeLessThan(0.03);
    expect(quad).toBeLessThan(mono / 4);
    expect(medianError(0.3, false)).toBeLessThan(mono / 2);
    expect(medianError(0.8, false)).toBeGreaterThan(mono);
  });
});
