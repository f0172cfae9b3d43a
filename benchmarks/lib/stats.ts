/** Percentiles, frame statistics and histograms: the arithmetic behind the frame and start-up figures. */

/** Nearest-rank percentile (p in 0–100) of an ascending array: always a value that was measured. */
export function percentile(sortedAscending: readonly number[], p: number): number {
  if (sortedAscending.length === 0) return Number.NaN;
  if (p <= 0) return sortedAscending[0];
  if (p >= 100) return sortedAscending[sortedAscending.length - 1];
  const rank = Math.ceil((p / 100) * sortedAscending.length);
  return sortedAscending[rank - 1];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

export interface FrameStats {
  frames: number;
  p50: number;
  p95: number;
  /**
   * p95 of the intervals taken as whole display intervals: rAF timestamps are rounded
   * (0.1 ms in Chromium), so frames at a steady 60 Hz read 16.6–16.8 ms; this reads
   * 16.67 for an on-time frame and 33.3 for one that missed a vsync.
   */
  p95Frames: number;
  p99: number;
  mean: number;
  /** Frames the display would have shown but the page did not produce. */
  dropped: number;
  /** dropped / (frames + dropped). */
  droppedShare: number;
  fps: number;
}

/**
 * Frame times from requestAnimationFrame timestamps (ms). A gap of k display intervals
 * means k − 1 frames were dropped; rounding absorbs timer jitter around one interval.
 */
export function frameStats(timestamps: readonly number[], displayIntervalMs = 1000 / 60): FrameStats {
  const deltas = frameDeltas(timestamps);
  const sorted = [...deltas].sort((a, b) => a - b);
  let dropped = 0;
  for (const d of deltas) dropped += Math.max(0, Math.round(d / displayIntervalMs) - 1);
  const span = timestamps.length > 1 ? timestamps[timestamps.length - 1] - timestamps[0] : 0;
  // Each interval as the whole number of display intervals it spans (at least one).
  const snapped = sorted.map((d) => Math.max(1, Math.round(d / displayIntervalMs)) * displayIntervalMs);
  return {
    frames: deltas.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p95Frames: percentile(snapped, 95),
    p99: percentile(sorted, 99),
    mean: mean(deltas),
    dropped,
    droppedShare: deltas.length + dropped > 0 ? dropped / (deltas.length + dropped) : 0,
    fps: span > 0 ? (deltas.length * 1000) / span : 0,
  };
}

export function frameDeltas(timestamps: readonly number[]): number[] {
  const deltas: number[] = [];
  for (let i = 1; i < timestamps.length; i++) deltas.push(timestamps[i] - timestamps[i - 1]);
  return deltas;
}

export interface Histogram {
  bucketStart: number;
  bucketWidth: number;
  /** counts[i] holds values in [start + i·width, start + (i+1)·width); the ends also take what falls outside. */
  counts: number[];
}

export function histogram(
  values: readonly number[],
  bucketStart: number,
  bucketWidth: number,
  bucketCount: number,
): Histogram {
  if (!(bucketWidth > 0) || bucketCount < 1)
    throw new Error('histogram needs a positive width and ≥ 1 bucket');
  const counts = new Array<number>(bucketCount).fill(0);
  for (const v of values) {
    const i = Math.floor((v - bucketStart) / bucketWidth);
    counts[Math.min(bucketCount - 1, Math.max(0, i))]++;
  }
  return { bucketStart, bucketWidth, counts };
}

/** Least-squares slope of y over x (e.g. heap MB per minute): tells growth from one noisy reading. */
export function slope(xs: readonly number[], ys: readonly number[]): number {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return 0;
  const mx = mean(xs.slice(0, n));
  const my = mean(ys.slice(0, n));
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}
