import { describe, expect, it } from 'vitest';
import { isViolation } from '../lib/budgets.ts';
import type { BenchFigure } from '../types.ts';
import { type CallMeasured, callFigures, round } from './figures.ts';
import type { PacedResult } from './paced.ts';
import type { Load } from './traffic.ts';

const run = (rps: number, p50: number, p99: number, requests = rps * 4): Load => ({
  requests,
  rps,
  p50,
  p99,
  errors: 0,
});
const paced = (p50: number, p99: number, unanswered = 0): PacedResult => ({
  offered: 10_000,
  completed: 10_000 - unanswered,
  errors: unanswered,
  unanswered,
  p50,
  p99,
  max: p99,
});
const measured = (over: Partial<CallMeasured> = {}): CallMeasured => ({
  // Three paired rounds: the API at 1/2, 1/2 and 1/4 of the bare server.
  apiRuns: [run(1000, 40, 90), run(1200, 38, 80), run(900, 45, 120)],
  bareRuns: [run(2000, 20, 30), run(2400, 19, 28), run(3600, 0, 25)],
  apiCpu: 1.2,
  bareCpu: 0.4,
  apiFixed: paced(2.5, 8),
  bareFixed: paced(0.4, 1.2),
  floor: null,
  answerBytes: 1234,
  ...over,
});
const byId = (figures: BenchFigure[], id: string) => figures.find((f) => f.id === id);

describe('the figures of one call', () => {
  it('sets req/s beside the bare server by the median of the paired rounds’ ratios', () => {
    const figures = callFigures({ key: '', label: '' }, { id: 'scores.top10', label: 'top' }, 3, measured());
    expect(byId(figures, 'server.scores.top10.rps')).toMatchObject({
      value: 1000,
      baseline: { value: 2400, ratio: 0.5, ratioLabel: '× of bare' },
    });
    // Only the top-10 has the share of bare, with its goal.
    const share = byId(figures, 'server.scores.top10.percentOfBare')!;
    expect(share).toMatchObject({ value: 50, goal: { op: '>=', value: 60 } });
    expect(share.label).toContain('median of 3 paired rounds');
    expect(isViolation(share)).toBe(true);
  });

  it('gives CPU per request over all rounds, and none where /proc did not tell', () => {
    const figures = callFigures({ key: '', label: '' }, { id: 'saves.list', label: 'list' }, 3, measured());
    // 1.2 s over 12,400 requests; 0.4 s over 32,000.
    expect(byId(figures, 'server.saves.list.cpuPerRequest')).toMatchObject({
      value: round((1.2 / 12_400) * 1e6, 1),
      unit: 'µs',
      baseline: { value: 12.5, label: 'bare node:http (the same 1,234 B answer)' },
    });
    // The list's CPU beside the bare server's, as a multiple with its goal (96.8 / 12.5 µs).
    const times = byId(figures, 'server.saves.list.cpuTimesBare')!;
    expect(times).toMatchObject({ value: 7.74, goal: { op: '<=', value: 3 } });
    expect(isViolation(times)).toBe(true);
    const lighter = callFigures(
      { key: 'pg.', label: ' (PostgreSQL)' },
      { id: 'saves.list', label: 'list' },
      3,
      measured({ apiCpu: 0.4 }),
    );
    expect(isViolation(byId(lighter, 'server.pg.saves.list.cpuTimesBare')!)).toBe(false);
    // Only the list has it.
    const top = callFigures({ key: '', label: '' }, { id: 'scores.top10', label: 'top' }, 3, measured());
    expect(top.some((f) => f.id.endsWith('cpuTimesBare'))).toBe(false);
    const blind = callFigures(
      { key: '', label: '' },
      { id: 'saves.list', label: 'list' },
      3,
      measured({ apiCpu: null }),
    );
    expect(byId(blind, 'server.saves.list.cpuPerRequest')).toBeUndefined();
  });

  it('counts a 0 ms bare latency at saturation as 1 ms, and holds p99 at the fixed rate to 10 ms', () => {
    const figures = callFigures({ key: '', label: '' }, { id: 'saves.save', label: 'save' }, 3, measured());
    expect(byId(figures, 'server.saves.save.p50')).toMatchObject({
      value: 40,
      baseline: { value: 19, ratio: 2.11 },
    });
    const fixed = byId(figures, 'server.saves.save.fixedRate.p99')!;
    expect(fixed).toMatchObject({ value: 8, goal: { op: '<=', value: 10 }, baseline: { ratio: 6.67 } });
    expect(isViolation(fixed)).toBe(false);
    expect(byId(figures, 'server.saves.save.fixedRate.p50')).not.toHaveProperty('goal');
    const behind = callFigures(
      { key: '', label: '' },
      { id: 'saves.save', label: 'save' },
      3,
      measured({ apiFixed: paced(3, 9, 12) }),
    );
    expect(byId(behind, 'server.saves.save.fixedRate.p99')).toMatchObject({
      flags: ['12 of 10000 requests unanswered: fell behind'],
    });
    const bare0 = callFigures(
      { key: '', label: '' },
      { id: 'saves.save', label: 'save' },
      3,
      measured({ bareRuns: [run(2000, 0, 30), run(2400, 0, 28), run(3600, 0, 25)] }),
    );
    expect(byId(bare0, 'server.saves.save.p50')).toMatchObject({ baseline: { value: 0, ratio: 40 } });
  });

  it('puts the 2,000 req/s goal on SQLite submits only, and the durable commit beside them', () => {
    const floor = { p50: 1.234, p99: 4.567, commits: 200 };
    const sqlite = callFigures(
      { key: '', label: '' },
      { id: 'scores.submit', label: 'submit' },
      3,
      measured({ floor }),
    );
    expect(byId(sqlite, 'server.scores.submit.rps')).toMatchObject({ goal: { op: '>=', value: 2000 } });
    expect(byId(sqlite, 'server.durableCommit.p99')).toMatchObject({ value: 4.57, unit: 'ms' });
    expect(byId(sqlite, 'server.durableCommit.p50')?.label).toContain('WAL, synchronous=FULL), p50 of 200');
    const pg = callFigures(
      { key: 'pg.', label: ' (PostgreSQL)' },
      { id: 'scores.submit', label: 'submit' },
      3,
      measured({ floor }),
    );
    expect(pg.every((f) => f.id.startsWith('server.pg.'))).toBe(true);
    expect(byId(pg, 'server.pg.scores.submit.rps')).not.toHaveProperty('goal');
    expect(byId(pg, 'server.pg.durableCommit.p99')?.label).toContain(
      'one durable commit (PostgreSQL) on this machine (synchronous_commit on)',
    );
    // The rows stay in the report's order.
    expect(pg.map((f) => f.id.replace('server.pg.', ''))).toEqual([
      'scores.submit.rps',
      'scores.submit.cpuPerRequest',
      'scores.submit.p50',
      'scores.submit.p99',
      'scores.submit.fixedRate.p50',
      'scores.submit.fixedRate.p99',
      'durableCommit.p50',
      'durableCommit.p99',
    ]);
  });
});
