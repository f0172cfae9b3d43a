import { describe, expect, it } from 'vitest';
import { frameDeltas, frameStats, histogram, median, percentile, slope } from './stats.ts';

describe('percentile (nearest rank)', () => {
  const values = Array.from({ length: 100 }, (_, i) => i + 1); // 1..100
  it('returns measured values at the usual ranks', () => {
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile(values, 0)).toBe(1);
  });
  it('rounds the rank up on small samples', () => {
    expect(percentile([10, 20, 30], 50)).toBe(20);
    expect(percentile([10, 20, 30, 40], 95)).toBe(40);
    expect(percentile([7], 99)).toBe(7);
  });
  it('is NaN for no samples', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('median', () => {
  it('averages the middle pair of an even count and ignores order', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5, 1, 3])).toBe(3);
  });
});

describe('frameStats', () => {
  it('counts no drops at a steady 60 Hz', () => {
    const timestamps = Array.from({ length: 61 }, (_, i) => i * (1000 / 60));
    const stats = frameStats(timestamps);
    expect(stats.frames).toBe(60);
    expect(stats.dropped).toBe(0);
    expect(stats.p50).toBeCloseTo(16.67, 1);
    expect(stats.fps).toBeCloseTo(60, 5);
  });
  it('counts k − 1 dropped frames for a gap of k intervals', () => {
    const interval = 1000 / 60;
    // 10 good frames, then one gap of 3 intervals (2 dropped), then one of 2 intervals (1 dropped).
    const timestamps = Array.from({ length: 11 }, (_, i) => i * interval);
    timestamps.push(timestamps[10] + 3 * interval, timestamps[10] + 5 * interval);
    const stats = frameStats(timestamps);
    expect(stats.frames).toBe(12);
    expect(stats.dropped).toBe(3);
    expect(stats.droppedShare).toBeCloseTo(3 / 15);
    expect(stats.p99).toBeCloseTo(3 * interval);
  });
  it('tolerates jitter around one interval', () => {
    const stats = frameStats([0, 15.9, 33.8, 50, 66.4]);
    expect(stats.dropped).toBe(0);
  });
  it('turns timestamps into deltas', () => {
    expect(frameDeltas([1, 3, 7])).toEqual([2, 4]);
  });
});

describe('histogram', () => {
  it('puts values into equal buckets and clamps the ends', () => {
    const h = histogram([-5, 0, 1.9, 2, 5.5, 100], 0, 2, 4);
    expect(h.counts).toEqual([3, 1, 1, 1]);
    expect(h.counts.reduce((a, b) => a + b)).toBe(6);
  });
  it('refuses a zero width', () => {
    expect(() => histogram([1], 0, 0, 3)).toThrow();
  });
});

describe('slope', () => {
  it('is the least-squares growth rate', () => {
    expect(slope([0, 1, 2, 3], [10, 12, 14, 16])).toBeCloseTo(2);
    expect(slope([0, 1, 2], [5, 5, 5])).toBe(0);
  });
});
