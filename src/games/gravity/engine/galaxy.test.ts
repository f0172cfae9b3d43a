import { describe, expect, it } from 'vitest';
import { GalaxyWorld } from './galaxy.ts';

/** A small galaxy: the same layout and method as the 100,000-star preset, quick to step. */
const SMALL = 4000;

describe('GalaxyWorld', () => {
  it('starts with zero momentum and keeps the drift small over 60 steps', () => {
    const g = new GalaxyWorld(SMALL, 3);
    const scale = g.momentumScale();
    const start = g.momentum();
    expect(Math.hypot(start.px, start.py)).toBeLessThan(1e-9 * scale);
    for (let i = 0; i < 60; i++) g.step();
    const end = g.momentum();
    // The tree's forces are not exactly pairwise symmetric: momentum wanders, a little.
    const drift = Math.hypot(end.px, end.py) / scale;
    console.log(`galaxy momentum drift over 60 steps: ${drift.toExponential(2)} of Σm|v|`);
    expect(drift).toBeLessThan(1e-3);
  });

  it('is deterministic: the same seed gives bit-for-bit the same stars', () => {
    const a = new GalaxyWorld(SMALL, 7);
    const b = new GalaxyWorld(SMALL, 7);
    for (let i = 0; i < 20; i++) {
      a.step();
      b.step();
    }
    expect(a.x).toEqual(b.x);
    expect(a.y).toEqual(b.y);
    expect(a.vx).toEqual(b.vx);
    const c = new GalaxyWorld(SMALL, 8);
    expect(c.x).not.toEqual(a.x);
  });

  it('keeps its disk in orbit: stars go round the core without flying off or falling in', () => {
    const g = new GalaxyWorld(SMALL, 5);
    const radius = (i: number) => Math.hypot(g.x[i] - g.x[0], g.y[i] - g.y[0]);
    const angle = (i: number) => Math.atan2(g.y[i] - g.y[0], g.x[i] - g.x[0]);
    const r0 = Array.from({ length: SMALL }, (_, i) => radius(i));
    let last = Array.from({ length: SMALL }, (_, i) => angle(i));
    // Angle turned, summed step by step (inner stars go round several times).
    const turn = new Float64Array(SMALL);
    for (let s = 0; s < 80; s++) {
      g.step();
      const now = Array.from({ length: SMALL }, (_, i) => angle(i));
      for (let i = 1; i < SMALL; i++) {
        let d = now[i] - last[i];
        if (d < -Math.PI) d += 2 * Math.PI;
        if (d > Math.PI) d -= 2 * Math.PI;
        turn[i] += d;
      }
      last = now;
    }
    const ratios: number[] = [];
    let turned = 0;
    for (let i = 1; i < SMALL; i++) {
      ratios.push(radius(i) / r0[i]);
      // Orbits run clockwise in maths axes (counter-clockwise on screen, y down).
      if (turn[i] < -0.1) turned++;
    }
    ratios.sort((p, q) => p - q);
    const at = (q: number) => ratios[Math.floor(q * ratios.length)];
    // A 4,000-star disk is grainy (each star weighs 25× a preset star), so orbits heat up
    // and spread; the bulk still circles at its radius.
    expect(at(0.5)).toBeGreaterThan(0.8);
    expect(at(0.5)).toBeLessThan(1.25);
    expect(at(0.05)).toBeGreaterThan(0.4);
    expect(at(0.95)).toBeLessThan(3);
    expect(ratios.every(Number.isFinite)).toBe(true);
    expect(turned / SMALL).toBeGreaterThan(0.95);
  });

  it('writes positions for the scene in body order', () => {
    const g = new GalaxyWorld(SMALL, 2);
    const out = new Float32Array(SMALL * 2);
    g.writePositions(out);
    expect(out[10]).toBe(Math.fround(g.x[5]));
    expect(out[11]).toBe(Math.fround(g.y[5]));
  });
});
