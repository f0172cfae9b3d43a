/** BPM rules (games spec §5, §9): UI range, typed-value revert, tap tempo, engine clamp. Pure. */

export const BPM_MIN = 60;
export const BPM_MAX = 180;
export const BPM_DEFAULT = 100;
export const ENGINE_BPM_MIN = 40;
export const ENGINE_BPM_MAX = 300;
/** Tap tempo averages the intervals between the last 4 taps. */
export const TAP_COUNT = 4;
/** A pause longer than this starts a new tap sequence (taps slower than 30 BPM mean nothing here). */
export const TAP_RESET_MS = 2000;

/** BPM is kept to one decimal, enough for tap tempo and tidy in saves. */
export function roundBpm(bpm: number): number {
  return Math.round(bpm * 10) / 10;
}

export function isBpmInRange(bpm: number): boolean {
  return Number.isFinite(bpm) && bpm >= BPM_MIN && bpm <= BPM_MAX;
}

/** A typed BPM: accepted when it reads as a number within 60..180, otherwise the current value stays. */
export function acceptTypedBpm(text: string, current: number): number {
  const t = text.trim();
  if (t === '') return current;
  const n = Number(t);
  return isBpmInRange(n) ? roundBpm(n) : current;
}

/** What the audio engine plays at: any value held to 40..300 (non-numbers give the default). */
export function clampEngineBpm(bpm: number): number {
  if (!Number.isFinite(bpm)) return BPM_DEFAULT;
  return Math.min(ENGINE_BPM_MAX, Math.max(ENGINE_BPM_MIN, bpm));
}

/** A BPM read from a saved document: held to the UI range so the transport can show it. */
export function clampDocumentBpm(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return BPM_DEFAULT;
  return roundBpm(Math.min(BPM_MAX, Math.max(BPM_MIN, n)));
}

export interface TapResult {
  /** The taps to keep for the next call (at most the last 4). */
  taps: number[];
  /** The tempo the taps give, or null when too few taps or outside 60..180 (ignored). */
  bpm: number | null;
}

/** One tap at `nowMs` (a monotonic clock in ms). */
export function tapTempo(previous: readonly number[], nowMs: number): TapResult {
  const last = previous[previous.length - 1];
  const kept = last !== undefined && nowMs - last <= TAP_RESET_MS && nowMs > last ? previous : [];
  const taps = [...kept, nowMs].slice(-TAP_COUNT);
  if (taps.length < 2) return { taps, bpm: null };
  const meanInterval = (taps[taps.length - 1] - taps[0]) / (taps.length - 1);
  const bpm = roundBpm(60000 / meanInterval);
  return { taps, bpm: isBpmInRange(bpm) ? bpm : null };
}
