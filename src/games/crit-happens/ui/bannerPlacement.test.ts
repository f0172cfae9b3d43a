import { describe, expect, it } from 'vitest';
import { bannerTop, SPOT_REACH } from './bannerPlacement.ts';

const overlaps = (top: number, height: number, y: number, size: number) =>
  top < y + size * SPOT_REACH && top + height > y - size * SPOT_REACH;

describe('the crit banner keeps clear of the die it celebrates', () => {
  it('goes below a die in the upper part and above one in the lower part', () => {
    expect(bannerTop(400, 120, [{ x: 100, y: 80, size: 60 }])).toBeGreaterThan(80 + 45);
    expect(bannerTop(400, 120, [{ x: 100, y: 330, size: 60 }]) + 120).toBeLessThan(330 - 45);
  });

  it('never covers a die wherever it lies, when the arena has room for both', () => {
    for (const [height, banner, size] of [
      [300, 110, 46],
      [620, 170, 72],
      [240, 90, 40],
    ]) {
      for (let y = size; y <= height - size; y += 5) {
        const top = bannerTop(height, banner, [{ x: 0, y, size }]);
        expect(top).toBeGreaterThanOrEqual(0);
        expect(top + banner).toBeLessThanOrEqual(height);
        expect(overlaps(top, banner, y, size), `die at ${y} in ${height}`).toBe(false);
      }
    }
  });

  it('fits between two dice far apart when neither edge has room', () => {
    const spots = [
      { x: 50, y: 40, size: 60 },
      { x: 200, y: 360, size: 60 },
    ];
    const top = bannerTop(400, 120, spots);
    for (const s of spots) expect(overlaps(top, 120, s.y, s.size)).toBe(false);
  });

  it('clears two dice of a double 20 together, and centres with no die', () => {
    const spots = [
      { x: 50, y: 300, size: 50 },
      { x: 200, y: 360, size: 50 },
    ];
    const top = bannerTop(500, 120, spots);
    for (const s of spots) expect(overlaps(top, 120, s.y, s.size)).toBe(false);
    expect(bannerTop(500, 120, [])).toBe(190);
  });
});
