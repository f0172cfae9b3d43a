/**
 * Input to screen from one trace: the page marks each input it forwards (`bench:input`,
 * detail {seq, kind}, src/lib/runtime/inputMarks.ts), and the render host marks, on the
 * thread that drew it, the first frame that shows an input (`bench:shown`, detail {seq}: that
 * input and every one before it). Marks from the page and from its workers share the
 * trace's clock, so an input's latency is the time from its mark to the first `bench:shown`
 * whose seq is at least its own (and that comes after it: a reload numbers inputs again).
 */
import { percentile } from './stats.ts';
import type { TraceEvent } from './trace.ts';

export const INPUT_MARK = 'bench:input';
export const SHOWN_MARK = 'bench:shown';

export interface InputMark {
  seq: number;
  kind: string;
  /** Trace time, µs. */
  ts: number;
}

export interface InputPair extends InputMark {
  /** When the first frame showing it was marked, µs. */
  shownTs: number;
  ms: number;
}

export interface InputPairing {
  pairs: InputPair[];
  /** Inputs no frame showed before the trace ended. */
  unshown: InputMark[];
}

/** A user-timing mark's detail: Chromium writes it as a JSON string in args.data.detail. */
function detailOf(event: TraceEvent): Record<string, unknown> | null {
  const data = event.args?.data as { detail?: unknown } | undefined;
  const raw = data?.detail;
  if (typeof raw === 'object' && raw !== null) return raw as Record<string, unknown>;
  if (typeof raw !== 'string') return null;
  try {
    const parsed = JSON.parse(raw) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function marks(events: readonly TraceEvent[], name: string): InputMark[] {
  const out: InputMark[] = [];
  for (const event of events) {
    if (event.name !== name) continue;
    const detail = detailOf(event);
    const seq = detail?.seq;
    if (typeof seq !== 'number' || !Number.isFinite(seq)) continue;
    out.push({ seq, kind: typeof detail?.kind === 'string' ? detail.kind : '', ts: event.ts });
  }
  return out.sort((a, b) => a.ts - b.ts);
}

/** Pairs each `bench:input` with the first `bench:shown` after it whose seq is at least its own. */
export function pairInputs(events: readonly TraceEvent[]): InputPairing {
  const inputs = marks(events, INPUT_MARK);
  const shown = marks(events, SHOWN_MARK);
  const pairs: InputPair[] = [];
  const unshown: InputMark[] = [];
  for (const input of inputs) {
    const first = shown.find((s) => s.ts >= input.ts && s.seq >= input.seq);
    if (first) pairs.push({ ...input, shownTs: first.ts, ms: (first.ts - input.ts) / 1000 });
    else unshown.push(input);
  }
  return { pairs, unshown };
}

export interface InputLatencySummary {
  inputs: number;
  shown: number;
  unshown: number;
  kinds: string[];
  p50Ms: number;
  p95Ms: number;
  /** The same in frames: ms ÷ the frame interval. */
  p50Frames: number;
  p95Frames: number;
  frameIntervalMs: number;
}

/** p50/p95 of the paired latencies, in ms and in frames of `frameIntervalMs`; null with no pair. */
export function summarizeInputLatency(
  pairing: InputPairing,
  frameIntervalMs: number,
): InputLatencySummary | null {
  if (!pairing.pairs.length || !(frameIntervalMs > 0)) return null;
  const sorted = pairing.pairs.map((p) => p.ms).sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  return {
    inputs: pairing.pairs.length + pairing.unshown.length,
    shown: pairing.pairs.length,
    unshown: pairing.unshown.length,
    kinds: [...new Set([...pairing.pairs, ...pairing.unshown].map((p) => p.kind))],
    p50Ms: p50,
    p95Ms: p95,
    p50Frames: p50 / frameIntervalMs,
    p95Frames: p95 / frameIntervalMs,
    frameIntervalMs,
  };
}
