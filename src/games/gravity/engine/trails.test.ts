import { describe, expect, it } from 'vitest';
import { KIND_PLANET, KIND_STAR } from './bodyTypes.ts';
import { PATH_TRAIL_MAX_POINTS, TRAIL_MAX_POINTS } from './constants.ts';
import { recordPathTrails, recordTrails } from './trails.ts';
import { type BodyInit, GravityWorld } from './world.ts';

const body = (kind: BodyInit['kind'], x: number): BodyInit => ({
  kind,
  type: 0,
  x,
  y: -x,
  vx: 0,
  vy: 0,
  mass: 1,
  radius: 1,
  color: 0,
});

/** The newest point of ring `ring` in slot s. */
function newest(ring: Float32Array, head: Int32Array, points: number, s: number): [number, number] {
  const o = (s * points + head[s]) * 2;
  return [ring[o], ring[o + 1]];
}

describe('trails', () => {
  it('each ring keeps its newest points, the head at the newest, wrapping when full', () => {
    const w = new GravityWorld(1);
    w.addBody(body(KIND_PLANET, 10));
    w.addBody(body(KIND_STAR, 20));
    for (let k = 0; k < TRAIL_MAX_POINTS + 3; k++) {
      w.x[0] = k;
      recordTrails(w);
    }
    const s = w.trailSlot[0];
    expect(w.trailLen[s]).toBe(TRAIL_MAX_POINTS);
    expect(w.trailHead[s]).toBe(2);
    expect(newest(w.trail, w.trailHead, TRAIL_MAX_POINTS, s)).toEqual([TRAIL_MAX_POINTS + 2, -10]);
    expect(w.trailLen[w.trailSlot[1]]).toBe(TRAIL_MAX_POINTS);
    expect(newest(w.trail, w.trailHead, TRAIL_MAX_POINTS, w.trailSlot[1])).toEqual([20, -20]);
  });

  it('the path trail keeps the planets only, in its own ring', () => {
    const w = new GravityWorld(1);
    w.addBody(body(KIND_STAR, 20));
    w.addBody(body(KIND_PLANET, 10));
    recordPathTrails(w);
    recordPathTrails(w);
    expect(w.pathTrailLen[w.trailSlot[0]]).toBe(0);
    expect(w.pathTrailLen[w.trailSlot[1]]).toBe(2);
    expect(newest(w.pathTrail, w.pathTrailHead, PATH_TRAIL_MAX_POINTS, w.trailSlot[1])).toEqual([10, -10]);
    expect(w.trailLen[w.trailSlot[1]]).toBe(0);
  });
});
