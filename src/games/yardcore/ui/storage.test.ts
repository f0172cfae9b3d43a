import { describe, expect, it } from 'vitest';
import { parseProgress, validZoom } from './storage.ts';

describe('saved progress', () => {
  it('keeps score, cut count, level and the cut tiles (one x, y pair per cut)', () => {
    const saved = { score: 25, cutCount: 2, level: 2, cut: [30, 24, 31, -4] };
    expect(parseProgress(JSON.parse(JSON.stringify(saved)))).toEqual(saved);
  });

  it('loads a save without cut tiles (older saves) with its score, cut count and level', () => {
    expect(parseProgress({ score: 25, cutCount: 25, level: 1 })).toEqual({
      score: 25,
      cutCount: 25,
      level: 1,
    });
  });

  it('drops a damaged cut list but keeps the rest; refuses damaged numbers', () => {
    expect(parseProgress({ score: 5, cutCount: 2, level: 1, cut: [1, 2, 3] })).toEqual({
      score: 5,
      cutCount: 2,
      level: 1,
    });
    expect(parseProgress({ score: 5, cutCount: 1, level: 1, cut: [1, 'a'] })).not.toHaveProperty('cut');
    expect(parseProgress({ score: -1, cutCount: 0, level: 1 })).toBeNull();
    expect(parseProgress({ score: 1, cutCount: 0, level: 0 })).toBeNull();
    expect(parseProgress('x')).toBeNull();
    expect(parseProgress(null)).toBeNull();
  });
});

describe('zoom setting', () => {
  it('is 1 by default and kept on the 0.25 grid from 0.75 to 2', () => {
    expect(validZoom(undefined)).toBe(1);
    expect(validZoom(Number.NaN)).toBe(1);
    expect(validZoom(1.5)).toBe(1.5);
    expect(validZoom(1.6)).toBe(1.5);
    expect(validZoom(0.1)).toBe(0.75);
    expect(validZoom(9)).toBe(2);
  });
});
