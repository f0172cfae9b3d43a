import { describe, expect, it } from 'vitest';
import { clamp, lerp, lerpAngle, wrapAngle } from './math.ts';

describe('clamp', () => {
  it('holds a value within its bounds', () => {
    expect(clamp(5, 0, 10)).toBe(5);
    expect(clamp(-1, 0, 10)).toBe(0);
    expect(clamp(11, 0, 10)).toBe(10);
  });
});

describe('lerp', () => {
  it('goes from a to b as t goes from 0 to 1, and beyond', () => {
    expect(lerp(2, 6, 0)).toBe(2);
    expect(lerp(2, 6, 0.25)).toBe(3);
    expect(lerp(2, 6, 1)).toBe(6);
    expect(lerp(2, 6, 1.5)).toBe(8);
  });
});

describe('wrapAngle', () => {
  it('maps every angle into (-π, π] without changing its direction', () => {
    for (const a of [0, 1, -1, Math.PI, -Math.PI, 3 * Math.PI, -3 * Math.PI, 7.5, -20]) {
      const w = wrapAngle(a);
      expect(w).toBeGreaterThan(-Math.PI);
      expect(w).toBeLessThanOrEqual(Math.PI);
      expect(Math.cos(w)).toBeCloseTo(Math.cos(a), 12);
      expect(Math.sin(w)).toBeCloseTo(Math.sin(a), 12);
    }
    expect(wrapAngle(-Math.PI)).toBe(Math.PI);
  });
});

describe('lerpAngle', () => {
  it('turns the short way round, across ±π', () => {
    expect(lerpAngle(0, 1, 0.5)).toBeCloseTo(0.5, 12);
    // From just below +π to just above −π is a small step forward, not a turn of nearly 2π.
    const a = Math.PI - 0.1;
    const b = -Math.PI + 0.1;
    expect(lerpAngle(a, b, 0.5)).toBeCloseTo(Math.PI, 12);
    expect(lerpAngle(b, a, 0.5)).toBeCloseTo(-Math.PI, 12);
    expect(lerpAngle(a, b, 0)).toBe(a);
    expect(lerpAngle(a, b, 1)).toBeCloseTo(a + 0.2, 12);
  });
});
