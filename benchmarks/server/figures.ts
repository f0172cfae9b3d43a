/**
 * The figures of one call on one database, beside the bare node:http server in the same run:
 * req/s, CPU per request and latency at saturation, latency at FIXED_RATE offered (the p99
 * goal), and before the submits the disk's durable commit, the floor under them.
 */

import { median } from '../lib/stats.ts';
import type { BenchFigure } from '../types.ts';
import type { CommitFloor } from './commitFloor.ts';
import type { PacedResult } from './paced.ts';
import { CONNECTIONS, FIXED_RATE, type Load } from './traffic.ts';

const P99_GOAL_MS = 10;
/** The saves list's server CPU per request, at most this many times the bare server's. */
const CPU_TIMES_BARE_GOAL = 3;

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** What was measured of one call, the API and the bare server alike. */
export interface CallMeasured {
  /** The saturation rounds, API and bare alternating (paired by index). */
  apiRuns: Load[];
  bareRuns: Load[];
  /** Server CPU seconds over the rounds; null where /proc does not tell. */
  apiCpu: number | null;
  bareCpu: number | null;
  /** At FIXED_RATE offered. */
  apiFixed: PacedResult;
  bareFixed: PacedResult;
  /** The disk's durable commit, measured before the submits only. */
  floor: CommitFloor | null;
  /** Size of the call's answer, which the bare server sends back byte for byte. */
  answerBytes?: number;
}

/** The rows of one call; `database.key` is the id infix ('' for SQLite, 'pg.'), `label` its label suffix. */
export function callFigures(
  database: { key: string; label: string },
  s: { id: string; label: string },
  rounds: number,
  { apiRuns, bareRuns, apiCpu, bareCpu, apiFixed, bareFixed, floor, answerBytes }: CallMeasured,
): BenchFigure[] {
  const DB = database.key;
  const DB_LABEL = database.label;
  const ON_POSTGRES = DB === 'pg.';
  const figures: BenchFigure[] = [];
  const ratio = median(apiRuns.map((run, i) => run.rps / bareRuns[i].rps));
  const apiRps = median(apiRuns.map((run) => run.rps));
  const bareRps = median(bareRuns.map((run) => run.rps));
  figures.push({
    id: `server.${DB}${s.id}.rps`,
    label: `${s.label}${DB_LABEL}: requests/s`,
    value: Math.round(apiRps),
    unit: 'req/s',
    better: 'higher',
    baseline: {
      label: 'bare node:http',
      value: Math.round(bareRps),
      ratio: round(ratio),
      ratioLabel: '× of bare',
    },
    ...(s.id === 'scores.submit' && !ON_POSTGRES
      ? { goal: { op: '>=' as const, value: 2000, text: '>= 2,000 req/s on SQLite' } }
      : {}),
  });
  if (s.id === 'scores.top10')
    figures.push({
      id: `server.${DB}scores.top10.percentOfBare`,
      label: `scores top-10 GET${DB_LABEL}: share of bare node:http (median of ${rounds} paired rounds)`,
      value: round(ratio * 100, 1),
      unit: '%',
      better: 'higher',
      goal: { op: '>=', value: 60 },
    });
  const apiRequests = apiRuns.reduce((sum, run) => sum + run.requests, 0);
  const bareRequests = bareRuns.reduce((sum, run) => sum + run.requests, 0);
  if (apiCpu !== null && bareCpu !== null && apiRequests && bareRequests) {
    const apiUs = (apiCpu / apiRequests) * 1e6;
    const bareUs = (bareCpu / bareRequests) * 1e6;
    figures.push({
      id: `server.${DB}${s.id}.cpuPerRequest`,
      label: `${s.label}${DB_LABEL}: server CPU per request`,
      value: round(apiUs, 1),
      unit: 'µs',
      better: 'lower',
      baseline: {
        label: `bare node:http (the same ${answerBytes?.toLocaleString('en')} B answer)`,
        value: round(bareUs, 1),
        ratio: round(apiUs / Math.max(bareUs, 0.1)),
        ratioLabel: '× bare',
      },
    });
    // Issue 30's goal on the saves list: its server CPU per request at most 3× the bare server's.
    if (s.id === 'saves.list')
      figures.push({
        id: `server.${DB}saves.list.cpuTimesBare`,
        label: `saves list GET${DB_LABEL}: server CPU per request, as a multiple of bare node:http's (over ${rounds} rounds)`,
        value: round(apiUs / Math.max(bareUs, 0.1)),
        unit: '× bare',
        better: 'lower',
        goal: { op: '<=', value: CPU_TIMES_BARE_GOAL },
      });
  }
  const saturated = (which: 'p50' | 'p99') => {
    const value = median(apiRuns.map((run) => run[which]));
    const base = median(bareRuns.map((run) => run[which]));
    figures.push({
      id: `server.${DB}${s.id}.${which}`,
      label: `${s.label}${DB_LABEL}: ${which} latency at saturation (${CONNECTIONS} conns, closed loop)`,
      value,
      unit: 'ms',
      better: 'lower',
      baseline: {
        label: 'bare node:http',
        value: base,
        // autocannon reports whole milliseconds: a 0 ms baseline counts as 1.
        ratio: round(value / Math.max(base, 1)),
        ratioLabel: '× bare',
      },
    });
  };
  saturated('p50');
  saturated('p99');
  const atRate = (which: 'p50' | 'p99', apiResult: PacedResult, bareResult: PacedResult) => {
    figures.push({
      id: `server.${DB}${s.id}.fixedRate.${which}`,
      label: `${s.label}${DB_LABEL}: ${which} latency at ${FIXED_RATE.toLocaleString('en')} req/s offered over ${CONNECTIONS} conns`,
      value: apiResult[which],
      unit: 'ms',
      better: 'lower',
      baseline: {
        label: `bare node:http at ${FIXED_RATE.toLocaleString('en')} req/s`,
        value: bareResult[which],
        ratio: round(apiResult[which] / Math.max(bareResult[which], 0.01)),
        ratioLabel: '× bare',
      },
      ...(which === 'p99' ? { goal: { op: '<=' as const, value: P99_GOAL_MS } } : {}),
      ...(apiResult.unanswered
        ? {
            flags: [`${apiResult.unanswered} of ${apiResult.offered} requests unanswered: fell behind`],
          }
        : {}),
    });
  };
  atRate('p50', apiFixed, bareFixed);
  atRate('p99', apiFixed, bareFixed);
  if (floor) {
    for (const which of ['p50', 'p99'] as const)
      figures.push({
        id: `server.${DB}durableCommit.${which}`,
        label: `one durable commit${DB_LABEL} on this machine (${ON_POSTGRES ? 'synchronous_commit on' : 'WAL, synchronous=FULL'}), ${which} of ${floor.commits}: the floor under a submit`,
        value: round(floor[which], 2),
        unit: 'ms',
        better: 'lower',
      });
  }
  return figures;
}
