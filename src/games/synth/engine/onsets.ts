/**
 * Note onset detection in rendered samples, for the timing test and benchmark:
 * an onset is the first sample whose magnitude crosses `threshold` after at least
 * `minGapS` of samples below it. Made for short, clicky test voices.
 */
export function detectOnsets(
  samples: Float32Array,
  sampleRate: number,
  threshold = 0.02,
  minGapS = 0.01,
): number[] {
  const minGap = Math.max(1, Math.round(minGapS * sampleRate));
  const onsets: number[] = [];
  let quiet = minGap; // the start of the buffer counts as silence
  for (let i = 0; i < samples.length; i++) {
    if (Math.abs(samples[i]) >= threshold) {
      if (quiet >= minGap) onsets.push(i / sampleRate);
      quiet = 0;
    } else quiet++;
  }
  return onsets;
}

export interface OnsetErrors {
  /** Absolute errors in seconds, one per expected time that found an onset. */
  errors: number[];
  /** Expected times with no detected onset within `window`. */
  missing: number;
  /** Detected onsets matching no expected time. */
  extra: number;
  maxS: number;
  p99S: number;
  meanSignedS: number;
}

/** Pairs each expected time with the nearest detected onset (both sorted). */
export function compareOnsets(
  expected: readonly number[],
  detected: readonly number[],
  window = 0.01,
): OnsetErrors {
  const errors: number[] = [];
  let signedSum = 0;
  let missing = 0;
  let j = 0;
  const used = new Set<number>();
  for (const t of expected) {
    while (j + 1 < detected.length && Math.abs(detected[j + 1] - t) <= Math.abs(detected[j] - t)) j++;
    const d = detected[j];
    if (d === undefined || Math.abs(d - t) > window) {
      missing++;
      continue;
    }
    used.add(j);
    errors.push(Math.abs(d - t));
    signedSum += d - t;
  }
  const sorted = [...errors].sort((a, b) => a - b);
  const p99 = sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] : 0;
  return {
    errors,
    missing,
    extra: detected.length - used.size,
    maxS: sorted.length ? sorted[sorted.length - 1] : 0,
    p99S: p99,
    meanSignedS: errors.length ? signedSum / errors.length : 0,
  };
}
