import { describe, expect, it } from 'vitest';
import { poolSlot, tilesEntering } from './groundWindow.ts';

describe('ground window', () => {
  it('maps a window of cols × rows tiles onto every pool slot once, wherever it lies', () => {
    for (const [ox, oy] of [
      [0, 0],
      [-7, 3],
      [13, -22],
    ]) {
      const slots = new Set<number>();
      for (let y = oy; y < oy + 4; y++) for (let x = ox; x < ox + 5; x++) slots.add(poolSlot(x, y, 5, 4));
      expect(slots.size).toBe(20);
      expect(Math.min(...slots)).toBe(0);
      expect(Math.max(...slots)).toBe(19);
    }
  });

  it('after any walk, every slot shows the tile of the window that maps to it', () => {
    const cols = 6;
    const rows = 4;
    // What each pool sprite shows, as "x,y".
    const shown: string[] = new Array(cols * rows).fill('');
    const draw = (x: number, y: number) => {
      shown[poolSlot(x, y, cols, rows)] = `${x},${y}`;
    };
    let seed = 7;
    const rnd = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    let ox = Number.NaN;
    let oy = Number.NaN;
    let [x, y] = [0, 0];
    let drawnTotal = 0;
    for (let step = 0; step < 400; step++) {
      // Mostly single steps, now and then a jump (a teleport, a new level).
      const jump = rnd() < 0.05;
      x += jump ? Math.floor(rnd() * 30 - 15) : Math.floor(rnd() * 3) - 1;
      y += jump ? Math.floor(rnd() * 30 - 15) : Math.floor(rnd() * 3) - 1;
      let drawn = 0;
      tilesEntering(ox, oy, x, y, cols, rows, false, (tx, ty) => {
        drawn++;
        draw(tx, ty);
      });
      if (!jump && !Number.isNaN(ox) && Math.abs(x - ox) <= 1 && Math.abs(y - oy) <= 1)
        expect(drawn).toBeLessThanOrEqual(cols + rows - 1);
      drawnTotal += drawn;
      ox = x;
      oy = y;
      for (let ty = oy; ty < oy + rows; ty++)
        for (let tx = ox; tx < ox + cols; tx++)
          expect(shown[poolSlot(tx, ty, cols, rows)]).toBe(`${tx},${ty}`);
    }
    expect(drawnTotal).toBeLessThan(400 * cols * rows * 0.5);
  });

  it('draws everything when asked (a rebuilt pool)', () => {
    const seen: string[] = [];
    tilesEntering(2, 2, 2, 2, 3, 2, true, (x, y) => seen.push(`${x},${y}`));
    expect(seen).toEqual(['2,2', '3,2', '4,2', '2,3', '3,3', '4,3']);
    seen.length = 0;
    tilesEntering(2, 2, 2, 2, 3, 2, false, (x, y) => seen.push(`${x},${y}`));
    expect(seen).toEqual([]);
  });
});
