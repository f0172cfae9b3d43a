import { describe, expect, it } from 'vitest';
import { FRAME_STRIDE, idleLayout, simulateTumble, type TumbleInput, WALL_REACH } from './physics.ts';

function input(count: number, seed: number, arena = { width: 800, height: 500 }): TumbleInput {
  return {
    arena,
    sizes: new Array(count).fill(56),
    durationsMs: Array.from({ length: count }, (_, i) => 1200 + 120 * i + ((seed * 37 + i * 11) % 400)),
    symmetry: Array.from({ length: count }, (_, i) => [4, 6, 5, 3][i % 4]),
    seed,
  };
}

const at = (track: ReturnType<typeof simulateTumble>, step: number, die: number, k: number) =>
  track.frames[(step * track.count + die) * FRAME_STRIDE + k];

describe('the tumble', () => {
  it('is the same for the same input (seed printed on failure)', () => {
    for (const seed of [1, 77, 4096]) {
      const a = simulateTumble(input(12, seed));
      const b = simulateTumble(input(12, seed));
      expect(Array.from(a.frames), `seed ${seed}`).toEqual(Array.from(b.frames));
      expect(Array.from(a.impacts)).toEqual(Array.from(b.impacts));
    }
  });

  it('keeps every die, corners and all, inside the arena at every step', () => {
    const reach = 56 * WALL_REACH - 1e-3;
    for (let seed = 1; seed <= 30; seed++) {
      const track = simulateTumble(input(20, seed, { width: 340, height: 420 }));
      for (let s = 0; s < track.steps; s++) {
        for (let i = 0; i < track.count; i++) {
          const x = at(track, s, i, 0);
          const y = at(track, s, i, 1);
          expect(
            x >= reach && x <= 340 - reach && y >= reach && y <= 420 - reach,
            `seed ${seed} step ${s} die ${i} at ${x},${y}`,
          ).toBe(true);
        }
      }
    }
  });

  it('brings each die to rest at the end of its rolling time, upright', () => {
    for (const seed of [3, 9, 27]) {
      const spec = input(10, seed);
      const track = simulateTumble(spec);
      for (let i = 0; i < track.count; i++) {
        const stop = track.settleStep[i];
        expect(stop).toBe(Math.round(spec.durationsMs[i] / (1000 / 60)));
        // Moving before, still from then on.
        expect(at(track, Math.max(1, stop - 30), i, 3), `seed ${seed} die ${i}`).toBeGreaterThan(0);
        for (let s = stop; s < track.steps; s++) {
          expect(at(track, s, i, 0)).toBe(at(track, stop, i, 0));
          expect(at(track, s, i, 3)).toBe(0);
        }
        const period = (Math.PI * 2) / spec.symmetry[i];
        const angle = at(track, stop, i, 2);
        const off = Math.abs(angle / period - Math.round(angle / period));
        expect(off, `seed ${seed} die ${i} angle ${angle}`).toBeLessThan(1e-3);
      }
    }
  });

  it('travels across the arena and reports collisions for the clatter', () => {
    const track = simulateTumble(input(20, 5));
    let travelled = 0;
    for (let i = 0; i < track.count; i++) {
      travelled += Math.hypot(
        at(track, track.steps - 1, i, 0) - at(track, 0, i, 0),
        at(track, track.steps - 1, i, 1) - at(track, 0, i, 1),
      );
    }
    expect(travelled / track.count).toBeGreaterThan(100);
    expect(track.impactCount).toBeGreaterThan(5);
    for (let k = 0; k < track.impactCount; k++) {
      expect(track.impacts[k * 2]).toBeLessThan(track.steps);
      expect(track.impacts[k * 2 + 1]).toBeGreaterThanOrEqual(90);
    }
  });

  it('lays idle dice out in a centred grid that fits', () => {
    const layout = idleLayout(7, { width: 300, height: 300 }, 50);
    for (let i = 0; i < 7; i++) {
      expect(layout[i * 2]).toBeGreaterThan(0);
      expect(layout[i * 2]).toBeLessThan(300);
    }
    const xs = Array.from({ length: 7 }, (_, i) => layout[i * 2]);
    expect(new Set(xs.map((x) => Math.round(x))).size).toBeGreaterThan(1);
  });
});
