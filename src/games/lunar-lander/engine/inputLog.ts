import { MAX_RUN_ENTRIES, MAX_RUN_TICKS } from './constants.ts';
import type { InputBits } from './game.ts';

/**
 * The run log sent with a verified score: run-length encoded input bits, one entry per
 * run of identical ticks, packed as `count * 8 + bits` (bits 0..7, count ≥ 1).
 * Only ticks the engine simulated while playing are recorded.
 */
export interface LanderInputLog {
  v: 1;
  runs: number[];
}

/** Appends ticks to a run-length log as they happen (the client side of a verified run). */
export class InputRecorder {
  private readonly runs: number[] = [];
  private bits = -1;
  private count = 0;
  ticks = 0;

  record(bits: InputBits): void {
    const b = bits & 7;
    this.ticks++;
    if (b === this.bits) {
      this.count++;
      return;
    }
    this.flush();
    this.bits = b;
    this.count = 1;
  }

  private flush(): void {
    if (this.count > 0) this.runs.push(this.count * 8 + this.bits);
  }

  /** The log so far (a copy; recording can go on). */
  log(): LanderInputLog {
    const runs = this.runs.slice();
    if (this.count > 0) runs.push(this.count * 8 + this.bits);
    return { v: 1, runs };
  }
}

/** Encodes a per-tick input array (tests, autopilots). */
export function encodeInputs(ticks: readonly InputBits[]): LanderInputLog {
  const recorder = new InputRecorder();
  for (const bits of ticks) recorder.record(bits);
  return recorder.log();
}

/**
 * Validates an untrusted log and returns its runs as [bits, count] pairs, or null when it
 * is malformed or too long. Never throws.
 */
export function decodeInputLog(raw: unknown): Array<[InputBits, number]> | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const log = raw as { v?: unknown; runs?: unknown };
  if (log.v !== 1 || !Array.isArray(log.runs)) return null;
  if (log.runs.length > MAX_RUN_ENTRIES) return null;
  const out: Array<[InputBits, number]> = [];
  let total = 0;
  for (const entry of log.runs) {
    if (typeof entry !== 'number' || !Number.isSafeInteger(entry) || entry < 8) return null;
    const bits = entry % 8;
    const count = (entry - bits) / 8;
    total += count;
    if (total > MAX_RUN_TICKS) return null;
    out.push([bits, count]);
  }
  return out;
}
