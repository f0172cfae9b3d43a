import { describe, expect } from 'vitest';
import { itSeeded } from '../../../../tests/seeds.ts';
import { createRng, type Rng } from '../../../lib/pure/rng.ts';
import { BarnesHutTree, directAcceleration, LEAF_MAX } from './barnesHut.ts';
import { GALAXY_THETA } from './galaxy.ts';
import { ReferenceBarnesHut } from './referenceBarnesHut.ts';

interface Bodies {
  x: Float64Array;
  y: Float64Array;
  m: Float64Array;
  n: number;
}

function bodies(n: number, place: (rng: Rng) => [number, number], rng: Rng, mass = () => 1): Bodies {
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const m = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    [x[i], y[i]] = place(rng);
    m[i] = mass();
  }
  return { x, y, m, n };
}

const DISTRIBUTIONS: Record<string, (rng: Rng) => [number, number]> = {
  'uniform square': (rng) => [rng.range(-1000, 1000), rng.range(-1000, 1000)],
  'exponential disk': (rng) => {
    const r = -300 * Math.log(1 - rng.next() * 0.99);
    const a = rng.range(0, Math.PI * 2);
    return [r * Math.cos(a), r * Math.sin(a)];
  },
  'two clusters': (rng) => {
    // Plummer-like clumps 1,500 apart: deep nodes, big empty space between.
    const r = 60 / Math.sqrt(rng.next() ** (-2 / 3) - 1 + 1e-9);
    const a = rng.range(0, Math.PI * 2);
    const cx = rng.next() < 0.5 ? -750 : 750;
    return [cx + Math.min(r, 2000) * Math.cos(a), Math.min(r, 2000) * Math.sin(a)];
  },
};

/**
 * Each sampled body's error |a_tree − a_exact| over its own |a_exact| (`relative`), and
 * the same with the force floored at a quarter of the sample's median (`scaled`): where
 * the pulls cancel (the middle of a uniform square) the net force is near zero and the
 * first ratio says little about the method.
 */
function forceErrors(
  b: Bodies,
  theta: number,
  softeningSq: number,
  sample: number,
): { relative: number[]; scaled: number[] } {
  const ax = new Float64Array(b.n);
  const ay = new Float64Array(b.n);
  const tree = new BarnesHutTree(theta);
  tree.build(b.x, b.y, b.m, b.n);
  tree.accelerations(ax, ay, 0.1, softeningSq);
  const errors: number[] = [];
  const sizes: number[] = [];
  for (let s = 0; s < sample; s++) {
    const i = Math.floor((s * b.n) / sample);
    const exact = directAcceleration(i, b.x, b.y, b.m, b.n, 0.1, softeningSq);
    errors.push(Math.hypot(ax[i] - exact.ax, ay[i] - exact.ay));
    sizes.push(Math.hypot(exact.ax, exact.ay));
  }
  const floor = [...sizes].sort((p, q) => p - q)[sizes.length >> 1] / 4;
  return {
    relative: errors.map((e, k) => e / sizes[k]).sort((p, q) => p - q),
    scaled: errors.map((e, k) => e / Math.max(sizes[k], floor)).sort((p, q) => p - q),
  };
}

const relativeErrors = (b: Bodies, theta: number, softeningSq: number, sample: number) =>
  forceErrors(b, theta, softeningSq, sample).relative;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/**
 * The tree's forces at `theta` against the direct sum, each body allowed what summing its
 * pairs as the kernel sums near pairs may cost: positions rounded to single precision about
 * the centre of mass (twice that, as the kernel's centre of mass is summed in another order
 * and may round the other way), and 1e-4 of each pull for single-precision arithmetic.
 * Rounding the positions is the larger part: a pair 0.1 apart with coordinates near 1,000
 * (a single-precision step of 6e-5) is off by up to 6e-4 of its pull, and where a body's
 * pulls cancel that is more than 1e-4 of its net force (0.3 % of seeds failed that bound).
 */
function expectDirectSumInSinglePrecision(b: Bodies, theta: number): void {
  const G = 0.1;
  const softeningSq = 4;
  const ax = new Float64Array(b.n);
  const ay = new Float64Array(b.n);
  const tree = new BarnesHutTree(theta);
  tree.build(b.x, b.y, b.m, b.n);
  tree.accelerations(ax, ay, G, softeningSq);
  let mass = 0;
  let cx = 0;
  let cy = 0;
  for (let j = 0; j < b.n; j++) {
    mass += b.m[j];
    cx += b.m[j] * b.x[j];
    cy += b.m[j] * b.y[j];
  }
  cx /= mass;
  cy /= mass;
  const single = (v: number) => Math.fround(v);
  let worst = 0;
  for (let i = 0; i < b.n; i++) {
    const exact = directAcceleration(i, b.x, b.y, b.m, b.n, G, softeningSq);
    let allowance = 0;
    for (let j = 0; j < b.n; j++) {
      const dx = b.x[j] - b.x[i];
      const dy = b.y[j] - b.y[i];
      const inv = 1 / Math.sqrt(dx * dx + dy * dy + softeningSq);
      const pull = b.m[j] * inv * inv * inv;
      const sx = single(b.x[j] - cx) - single(b.x[i] - cx);
      const sy = single(b.y[j] - cy) - single(b.y[i] - cy);
      const sinv = 1 / Math.sqrt(sx * sx + sy * sy + softeningSq);
      const rounded = single(b.m[j]) * sinv * sinv * sinv;
      allowance +=
        2 * Math.hypot(pull * dx - rounded * sx, pull * dy - rounded * sy) + 1e-4 * pull * Math.hypot(dx, dy);
    }
    worst = Math.max(worst, Math.hypot(ax[i] - exact.ax, ay[i] - exact.ay) / (G * allowance));
  }
  // Up to 0.48 of the allowance in 20,000 seeds of each test.
  expect(worst).toBeLessThanOrEqual(1);
}

describe('Barnes–Hut tree', () => {
  for (const [name, place] of Object.entries(DISTRIBUTIONS)) {
    itSeeded(`matches the direct sum on a ${name} (θ = 0.5: median error ≤ 1 %, p99 ≤ 5 %)`, (seed) => {
      const rng = createRng(seed);
      const b = bodies(6000, place, rng, () => rng.range(0.5, 2));
      const { relative, scaled } = forceErrors(b, 0.5, 4, 300);
      const median = quantile(relative, 0.5);
      const p99 = quantile(scaled, 0.99);
      console.log(
        `${name}: median ${(median * 100).toFixed(3)} % of each body's force, p99 ${(p99 * 100).toFixed(3)} % (forces floored at ¼ of the median; unfloored ${(quantile(relative, 0.99) * 100).toFixed(3)} %)`,
      );
      expect(median).toBeLessThanOrEqual(0.01);
      expect(p99).toBeLessThanOrEqual(0.05);
    });
  }

  for (const [name, place] of Object.entries(DISTRIBUTIONS)) {
    itSeeded(
      `at the Galaxy's θ errs less than textbook Barnes–Hut at θ = 0.5 on a ${name} (median)`,
      (seed) => {
        const rng = createRng(seed);
        const b = bodies(6000, place, rng, () => rng.range(0.5, 2));
        const ours = quantile(relativeErrors(b, GALAXY_THETA, 4, 300), 0.5);
        const reference = new ReferenceBarnesHut(b.x, b.y, b.m, b.n);
        const textbook: number[] = [];
        for (let s = 0; s < 300; s++) {
          const i = Math.floor((s * b.n) / 300);
          const exact = directAcceleration(i, b.x, b.y, b.m, b.n, 0.1, 4);
          const a = reference.acceleration(i, 0.5, 0.1, 4, false);
          textbook.push(Math.hypot(a.ax - exact.ax, a.ay - exact.ay) / Math.hypot(exact.ax, exact.ay));
        }
        const yardstick = quantile(
          textbook.sort((p, q) => p - q),
          0.5,
        );
        console.log(
          `${name}: tree at θ = ${GALAXY_THETA} median ${(ours * 100).toFixed(3)} %, textbook Barnes–Hut θ = 0.5 ${(yardstick * 100).toFixed(3)} %`,
        );
        // 3–6× below it in 9 seeds; a walk taking cells whole too soon would not be.
        expect(ours).toBeLessThan(yardstick);
      },
    );
  }

  itSeeded('gets closer to the direct sum as θ shrinks', (seed) => {
    const rng = createRng(seed);
    const b = bodies(4000, DISTRIBUTIONS['exponential disk'], rng);
    const loose = quantile(relativeErrors(b, 0.8, 4, 200), 0.5);
    const tight = quantile(relativeErrors(b, 0.3, 4, 200), 0.5);
    expect(tight).toBeLessThan(loose / 2);
  });

  itSeeded('is the direct sum, to single precision, when everything fits in one leaf', (seed) => {
    const rng = createRng(seed);
    const b = bodies(LEAF_MAX, DISTRIBUTIONS['uniform square'], rng);
    expectDirectSumInSinglePrecision(b, 0.5);
  });

  itSeeded(
    'sums every pair directly as θ goes to 0: the direct sum to single precision, any leaf fill',
    (seed) => {
      // 157 bodies make leaves of many fills, so the masked lanes past a leaf's last body
      // count; one body too many or too few is 160 to 10^6 times the allowance (in 1,000 seeds).
      const rng = createRng(seed);
      const b = bodies(157, DISTRIBUTIONS['uniform square'], rng, () => rng.range(0.5, 2));
      expectDirectSumInSinglePrecision(b, 1e-6);
    },
  );

  itSeeded('acts on both sides of every pair: the pulls weighted by mass cancel (Σ m·a ≈ 0)', (seed) => {
    const rng = createRng(seed);
    const b = bodies(6000, DISTRIBUTIONS['exponential disk'], rng, () => rng.range(0.5, 2));
    const ax = new Float64Array(b.n);
    const ay = new Float64Array(b.n);
    const tree = new BarnesHutTree();
    tree.build(b.x, b.y, b.m, b.n);
    tree.accelerations(ax, ay, 0.1, 4);
    let px = 0;
    let py = 0;
    let scale = 0;
    for (let i = 0; i < b.n; i++) {
      px += b.m[i] * ax[i];
      py += b.m[i] * ay[i];
      scale += b.m[i] * Math.hypot(ax[i], ay[i]);
    }
    // Near pairs cancel to rounding, expansions nearly (their orders differ by side): up to
    // 3e-5 of Σ m|a| in 16 seeds (a walk of one-sided sums left 2e-5 to 2.4e-4). A pair
    // added to one side only would leave a good part of a whole pull.
    expect(Math.hypot(px, py)).toBeLessThan(5e-5 * scale);
  });

  itSeeded('copes with bodies on one spot (deeper than the key resolution) and stays finite', (seed) => {
    const n = 200;
    const b = bodies(n, (rng) => (rng.next() < 0.5 ? [5, 5] : [rng.range(-10, 10), 7]), createRng(seed));
    const ax = new Float64Array(n);
    const ay = new Float64Array(n);
    const tree = new BarnesHutTree();
    tree.build(b.x, b.y, b.m, n);
    tree.accelerations(ax, ay, 0.1, 4);
    const exact = Array.from({ length: n }, (_, i) => directAcceleration(i, b.x, b.y, b.m, n, 0.1, 4));
    const sizes = exact.map((e) => Math.hypot(e.ax, e.ay));
    // Half the mass on one point next to a line is the worst case of a second-order
    // expansion: each is used within θ/2 of its distance, leaving up to 4·(θ/2)³ ≈ 6 % of
    // a pull (5 % was exceeded in 2–3 % of seeds, by this walk and the one before it).
    // Forces are floored at a quarter of the median, as where pulls cancel the ratio says little.
    const floor = [...sizes].sort((p, q) => p - q)[n >> 1] / 4;
    for (let i = 0; i < n; i++) {
      expect(Number.isFinite(ax[i]) && Number.isFinite(ay[i])).toBe(true);
      expect(Math.hypot(ax[i] - exact[i].ax, ay[i] - exact[i].ay)).toBeLessThanOrEqual(
        0.08 * Math.max(sizes[i], floor),
      );
    }
  });

  itSeeded('gives bit-for-bit the same forces for the same bodies, even from a reused tree', (seed) => {
    const b = bodies(5000, DISTRIBUTIONS['two clusters'], createRng(seed));
    const run = (tree: BarnesHutTree, on: Bodies) => {
      const ax = new Float64Array(on.n);
      const ay = new Float64Array(on.n);
      tree.build(on.x, on.y, on.m, on.n);
      tree.accelerations(ax, ay, 0.1, 4);
      return [ax, ay];
    };
    const reused = new BarnesHutTree();
    run(reused, bodies(7000, DISTRIBUTIONS['uniform square'], createRng(seed + 1)));
    expect(run(reused, b)).toEqual(run(new BarnesHutTree(), b));
  });
});
