import { describe, expect, it } from 'vitest';
import { INPUT_MARK, pairInputs, SHOWN_MARK, summarizeInputLatency } from './inputLatency.ts';
import type { TraceEvent } from './trace.ts';

const PAGE = { pid: 10, tid: 10 };
const WORKER = { pid: 10, tid: 27 };

/** A user-timing mark as Chromium writes it: the detail as a JSON string in args.data. */
function mark(name: string, ts: number, detail: object, thread = PAGE): TraceEvent {
  return {
    name,
    cat: 'blink.user_timing',
    ph: 'I',
    ...thread,
    ts,
    args: { data: { detail: JSON.stringify(detail), startTime: ts / 1000 } },
  };
}
const input = (ts: number, seq: number, kind = 'add-body') => mark(INPUT_MARK, ts, { seq, kind });
const shown = (ts: number, seq: number) => mark(SHOWN_MARK, ts, { seq }, WORKER);

describe('pairing input marks with the first frame that shows them', () => {
  it('pairs each input with the first shown mark of seq ≥ its own, across threads', () => {
    const events = [
      input(1_000, 1),
      shown(20_000, 1),
      input(30_000, 2),
      input(35_000, 3),
      // One frame shows both 2 and 3.
      shown(60_000, 3),
      input(70_000, 4),
      shown(80_000, 5),
    ];
    const { pairs, unshown } = pairInputs(events);
    expect(pairs.map((p) => [p.seq, p.ms])).toEqual([
      [1, 19],
      [2, 30],
      [3, 25],
      [4, 10],
    ]);
    expect(unshown).toEqual([]);
  });

  it('reads marks in time order whatever order the trace lists them in', () => {
    const { pairs } = pairInputs([shown(50_000, 2), input(10_000, 1), shown(30_000, 1), input(40_000, 2)]);
    expect(pairs.map((p) => [p.seq, p.ms])).toEqual([
      [1, 20],
      [2, 10],
    ]);
  });

  it('takes no shown mark from before the input (a reload numbers inputs again)', () => {
    const { pairs, unshown } = pairInputs([shown(5_000, 9), input(10_000, 1), shown(26_000, 1)]);
    expect(pairs.map((p) => [p.seq, p.ms])).toEqual([[1, 16]]);
    expect(unshown).toEqual([]);
  });

  it('lists inputs no frame showed before the trace ended', () => {
    const { pairs, unshown } = pairInputs([input(10_000, 1), shown(20_000, 1), input(30_000, 2)]);
    expect(pairs).toHaveLength(1);
    expect(unshown.map((u) => u.seq)).toEqual([2]);
  });

  it('ignores marks without a readable seq and other user-timing marks', () => {
    const events: TraceEvent[] = [
      { name: 'bench:frame', cat: 'blink.user_timing', ph: 'I', ...WORKER, ts: 1_000 },
      { name: INPUT_MARK, cat: 'blink.user_timing', ph: 'I', ...PAGE, ts: 2_000, args: { data: {} } },
      {
        name: INPUT_MARK,
        cat: 'blink.user_timing',
        ph: 'I',
        ...PAGE,
        ts: 3_000,
        args: { data: { detail: 'not json' } },
      },
      input(4_000, 1),
      shown(9_000, 1),
    ];
    expect(pairInputs(events).pairs.map((p) => p.seq)).toEqual([1]);
  });

  it('converts the latencies to frames of the measured interval (nearest-rank p95)', () => {
    const events: TraceEvent[] = [];
    // 20 inputs, shown 10, 20, …, 200 ms later.
    for (let i = 1; i <= 20; i++) {
      const at = i * 1_000_000;
      events.push(input(at, i), shown(at + i * 10_000, i));
    }
    const summary = summarizeInputLatency(pairInputs(events), 20)!;
    expect(summary.shown).toBe(20);
    expect(summary.p95Ms).toBe(190);
    expect(summary.p95Frames).toBeCloseTo(9.5);
    expect(summary.p50Frames).toBeCloseTo(5);
    expect(summary.kinds).toEqual(['add-body']);
  });

  it('has no summary without a pair', () => {
    expect(summarizeInputLatency(pairInputs([input(1_000, 1)]), 16.7)).toBeNull();
    expect(summarizeInputLatency(pairInputs([]), 16.7)).toBeNull();
  });
});
