import { describe, expect, it } from 'vitest';
import { KIND_PLANET, KIND_STAR } from './bodyTypes.ts';
import {
  PATH_TRAIL_EVERY_STEPS,
  PATH_TRAIL_MAX_POINTS,
  TRAIL_EVERY_STEPS,
  TRAIL_MAX_POINTS,
} from './constants.ts';
import { B_X, BODY_STRIDE, writeSnapshot } from './snapshot.ts';
import { GravityWorld } from './world.ts';

const planet = (x: number, vx: number) =>
  ({ kind: KIND_PLANET, type: 0, x, y: 0, vx, vy: 0, mass: 1, radius: 1, color: 0xffffff }) as const;

describe('writeSnapshot', () => {
  it('writes positions and ids, reuses given buffers, and sends metadata only when it changed', () => {
    const w = new GravityWorld(1);
    w.addBody(planet(0, 1));
    w.addBody(planet(500, 0));
    const first = writeSnapshot(w, null, false, -1);
    expect(first.meta?.ids).toEqual(new Int32Array([1, 2]));
    expect(first.buffers.bodies[BODY_STRIDE + B_X]).toBe(500);
    w.step();
    const second = writeSnapshot(w, first.buffers, false, first.metaVersion);
    expect(second.buffers).toBe(first.buffers);
    expect(second.meta).toBeNull();
    expect(second.buffers.bodies[B_X]).toBeCloseTo(0.2, 5);
  });

  it('linearises each trail ring oldest → newest', () => {
    const w = new GravityWorld(1);
    w.addBody(planet(0, 1));
    for (let i = 0; i < 5 * (TRAIL_MAX_POINTS + 37); i++) w.step();
    const s = writeSnapshot(w, null, true, -1);
    expect(s.buffers.trailLen[0]).toBe(TRAIL_MAX_POINTS);
    const xs = Array.from({ length: TRAIL_MAX_POINTS }, (_, k) => s.buffers.trails[k * 2]);
    for (let k = 1; k < xs.length; k++) expect(xs[k]).toBeGreaterThan(xs[k - 1]);
    expect(xs[xs.length - 1]).toBeCloseTo(w.x[0], 3);
  });

  it("carries each planet's path trail: longer and sparser than its trail, oldest → newest; none for stars", () => {
    const w = new GravityWorld(1);
    w.addBody(planet(0, 1));
    w.addBody({ ...planet(-900, 0), kind: KIND_STAR, mass: 1, temperature: 5800 });
    const steps = PATH_TRAIL_EVERY_STEPS * (PATH_TRAIL_MAX_POINTS + 11);
    for (let i = 0; i < steps; i++) w.step();
    const s = writeSnapshot(w, null, true, -1, null, true);
    expect(s.pathTrailsIncluded).toBe(true);
    expect(s.buffers.pathTrailLen[0]).toBe(PATH_TRAIL_MAX_POINTS);
    expect(s.buffers.pathTrailLen[1]).toBe(0);
    const xs = Array.from({ length: PATH_TRAIL_MAX_POINTS }, (_, k) => s.buffers.pathTrails[k * 2]);
    for (let k = 1; k < xs.length; k++) expect(xs[k]).toBeGreaterThan(xs[k - 1]);
    expect(xs[xs.length - 1]).toBeCloseTo(w.x[0], 3);
    // The path spans far more of the orbit than the trail does.
    const trailSpan = s.buffers.trails[(TRAIL_MAX_POINTS - 1) * 2] - s.buffers.trails[0];
    const pathSpan = xs[xs.length - 1] - xs[0];
    expect(pathSpan / trailSpan).toBeCloseTo(
      ((PATH_TRAIL_MAX_POINTS - 1) * PATH_TRAIL_EVERY_STEPS) / ((TRAIL_MAX_POINTS - 1) * TRAIL_EVERY_STEPS),
      1,
    );
    // Off: no path buffers travel.
    const off = writeSnapshot(w, s.buffers, true, s.metaVersion, null, false);
    expect(off.pathTrailsIncluded).toBe(false);
    expect(off.buffers.pathTrails.length).toBe(0);
  });
});
