import { describe, expect, it } from 'vitest';
import { GRIDS } from '../engine/constants.ts';
import { gridOuterSize, gridScale } from './Grid.tsx';

describe('gridScale', () => {
  it('fits every round’s grid, padding and border included, in boxes from a 300 px phone to a desktop', () => {
    for (const { rows, cols } of GRIDS)
      for (const width of [276, 300, 328, 360, 412, 768, 1280])
        for (const height of [200, 420, 640, 900]) {
          const scale = gridScale(rows, cols, width, height);
          const outer = gridOuterSize(rows, cols, scale);
          if (scale > 0.25) {
            expect(outer.width, `${rows}×${cols} in ${width}×${height}`).toBeLessThanOrEqual(width + 1e-9);
            expect(outer.height, `${rows}×${cols} in ${width}×${height}`).toBeLessThanOrEqual(height + 1e-9);
          }
          // It fills the tighter side unless the grid is already at full size.
          if (scale < 1 && scale > 0.25)
            expect(Math.max(outer.width / width, outer.height / height)).toBeCloseTo(1, 9);
        }
  });

  it('never grows cells past 85 px, nor shrinks them under a quarter', () => {
    expect(gridScale(3, 3, 5000, 5000)).toBe(1);
    expect(gridScale(6, 7, 40, 40)).toBe(0.25);
  });

  it('is the size whac.css draws: a 3×3 grid at 276 px wide measured 301 px before padding and border counted', () => {
    // 3 cells and 2 gaps alone fit 276 px exactly; the 0.75-gap padding and 1 px border did not.
    const scale = gridScale(3, 3, 276, 900);
    expect(gridOuterSize(3, 3, scale).width).toBeCloseTo(276, 9);
    expect(scale).toBeLessThan(276 / (3 * 85 + 2 * 16));
  });
});
