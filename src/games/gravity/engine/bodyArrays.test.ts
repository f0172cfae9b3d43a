import { describe, expect, it } from 'vitest';
import { KIND_PLANET } from './bodyTypes.ts';
import { TRAIL_MAX_POINTS } from './constants.ts';
import { recordTrails } from './trails.ts';
import { type BodyInit, GravityWorld } from './world.ts';

const planet = (x: number): BodyInit => ({
  kind: KIND_PLANET,
  type: 0,
  x,
  y: 0,
  vx: 0,
  vy: 0,
  mass: 1,
  radius: 1,
  color: 0,
});

/** Body i's trail points' x, oldest first (while the ring has not wrapped). */
function trailXs(w: GravityWorld, i: number): number[] {
  const s = w.trailSlot[i];
  const xs: number[] = [];
  for (let k = 0; k < w.trailLen[s]; k++) xs.push(w.trail[(s * TRAIL_MAX_POINTS + k) * 2]);
  return xs;
}

describe('BodyArrays', () => {
  it('growing keeps every body and every trail', () => {
    const w = new GravityWorld(1, 8);
    for (let k = 0; k < 8; k++) w.addBody(planet(k));
    recordTrails(w);
    for (let k = 8; k < 40; k++) w.addBody(planet(k));
    expect(w.capacity).toBeGreaterThanOrEqual(40);
    expect(w.bodies().map((b) => b.x)).toEqual(Array.from({ length: 40 }, (_, k) => k));
    for (let k = 0; k < 8; k++) expect(trailXs(w, k)).toEqual([k]);
    for (let k = 8; k < 40; k++) expect(trailXs(w, k)).toEqual([]);
  });

  it('a removed body’s index goes to the last body, with its trail; its slot to the next body, emptied', () => {
    const w = new GravityWorld(1);
    const ids = [w.addBody(planet(0)), w.addBody(planet(1)), w.addBody(planet(2))];
    recordTrails(w);
    const freed = w.trailSlot[0];
    w.removeBody(ids[0]);
    expect(w.count).toBe(2);
    expect(w.id[0]).toBe(ids[2]);
    expect(trailXs(w, 0)).toEqual([2]);
    w.addBody(planet(3));
    expect(w.trailSlot[2]).toBe(freed);
    expect(trailXs(w, 2)).toEqual([]);
    expect(w.angle[2]).toBe(0);
    expect(w.flash[2]).toBe(0);
  });
});
