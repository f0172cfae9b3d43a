import { DOUBLE_TAP_MS, DOUBLE_TAP_PX } from './constants.ts';

export interface Tap {
  /** Milliseconds (any monotonic clock). */
  time: number;
  /** Screen pixels. */
  x: number;
  y: number;
}

/** A second tap within 300 ms and 36 px of the first throws food (spec §9). */
export function isDoubleTap(first: Tap | null, second: Tap): boolean {
  if (!first) return false;
  const dt = second.time - first.time;
  return (
    dt >= 0 && dt <= DOUBLE_TAP_MS && Math.hypot(second.x - first.x, second.y - first.y) <= DOUBLE_TAP_PX
  );
}
