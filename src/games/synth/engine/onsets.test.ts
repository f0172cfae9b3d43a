import { describe, expect, it } from 'vitest';
import { compareOnsets, detectOnsets } from './onsets.ts';

describe('onset detection', () => {
  it('finds the first loud sample after silence', () => {
    const sr = 1000;
    const s = new Float32Array(1000);
    for (const start of [100, 400, 405, 800]) for (let i = 0; i < 20; i++) s[start + i] = i % 2 ? 0.5 : -0.5;
    // 405 lies within the 400 burst's tail: one onset
    expect(detectOnsets(s, sr, 0.1, 0.02)).toEqual([0.1, 0.4, 0.8]);
  });

  it('compares against the grid: errors, missing and extra onsets', () => {
    const r = compareOnsets([0, 1, 2, 3], [0.0005, 1.0001, 2.5, 3]);
    expect(r.missing).toBe(1);
    expect(r.extra).toBe(1);
    expect(r.maxS).toBeCloseTo(0.0005);
  });
});
