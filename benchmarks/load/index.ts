/**
 * The load profile: 200 connections of mixed traffic for 60 s (10 s with
 * --quick) against one API server with a seeded database, rate limits off: each
 * connection cycles through a board read, a score submit, a saves list, a session check
 * and a save write (signed in), sending the next as soon as the last is answered
 * (closed loop, autocannon). Reports throughput, p50/p99 and every failure (errors,
 * timeouts, non-2xx), which the goal wants at 0. On SQLite always; on PostgreSQL too when
 * BENCH_DATABASE_URL=postgres://… is set (a schema of its own, dropped after).
 * Run alone: `npx tsx benchmarks/load/index.ts [--quick]`.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { type Started, startProcess, stopProcess } from '../server/processes.ts';
import type { BenchContext, BenchFigure, BenchPart } from '../types.ts';

const CONNECTIONS = 200;
const PG_URL = process.env.BENCH_DATABASE_URL?.startsWith('postgres') ? process.env.BENCH_DATABASE_URL : null;

function mixedRequests(cookie: string): autocannon.Request[] {
  let n = 0;
  const json = { 'content-type': 'application/json' };
  return [
    { method: 'GET', path: '/api/scores/get.php?game_id=whac-a-moji' },
    {
      method: 'POST',
      path: '/api/scores/submit.php',
      headers: json,
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({
          game_id: 'whac-a-moji',
          player_name: 'load',
          score: Math.floor(Math.random() * 6000),
          duration: 300,
        }),
      }),
    },
    { method: 'GET', path: '/api/saves/list.php?appId=synth', headers: { cookie } },
    { method: 'GET', path: '/api/account/validate.php', headers: { cookie } },
    {
      method: 'POST',
      path: '/api/saves/save.php',
      headers: { ...json, cookie },
      // Twenty slots overwritten in turn: writes to rows other connections also write.
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({
          appId: 'synth',
          key: `load slot ${n++ % 20}`,
          data: { steps: [n, n + 1, n + 2] },
          // Overwrite whatever is there, as a player saving over their own slot does.
          ifMatch: '*',
        }),
      }),
    },
  ];
}

async function profile(ctx: BenchContext, label: string, id: string, env: Record<string, string>) {
  const seconds = ctx.quick ? 10 : 60;
  let api: Started | null = null;
  try {
    ctx.progress(`load: ${label}: starting the API (seeded)`);
    api = await startProcess('serve.ts', env);
    const url = `http://127.0.0.1:${api.info.port}`;
    ctx.progress(`load: ${label}: ${CONNECTIONS} connections of mixed traffic for ${seconds} s`);
    const statuses: Record<string, number> = {};
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url,
          connections: CONNECTIONS,
          duration: seconds,
          requests: mixedRequests(api?.info.cookie as string),
        },
        (err, done) => (err ? reject(err) : resolve(done)),
      );
      instance.on('response', (_client, statusCode) => {
        if (statusCode >= 300) statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      });
    });
    const failures = result.errors + result.timeouts + result.non2xx;
    ctx.note?.(
      `load ${label}: ${result.requests.total.toLocaleString('en')} requests in ${seconds} s, ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx; p99 ${result.latency.p99} ms; load average ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} CPUs at the end`,
    );
    if (failures)
      ctx.note?.(
        `load ${label}: failures ${JSON.stringify({ errors: result.errors, timeouts: result.timeouts, statuses })}`,
      );
    const figures: BenchFigure[] = [
      {
        id: `load.${id}.rps`,
        label: `${label}: requests/s (${CONNECTIONS} conns, mixed)`,
        value: Math.round(result.requests.average),
        unit: 'req/s',
        better: 'higher',
      },
      {
        id: `load.${id}.p50`,
        label: `${label}: p50 latency`,
        value: result.latency.p50,
        unit: 'ms',
        better: 'lower',
      },
      {
        id: `load.${id}.p99`,
        label: `${label}: p99 latency`,
        value: result.latency.p99,
        unit: 'ms',
        better: 'lower',
      },
      {
        id: `load.${id}.failures`,
        label: `${label}: failed requests (errors, timeouts, non-2xx) of ${result.requests.total.toLocaleString('en')}`,
        value: failures,
        unit: '',
        better: 'lower',
        goal: { op: '<=', value: 0, text: '0' },
      },
    ];
    return figures;
  } finally {
    stopProcess(api);
  }
}

export const loadPart: BenchPart = {
  name: 'load',
  description: `${CONNECTIONS} connections of mixed traffic (board, submit, saves list, session check, save) for 60 s, SQLite${PG_URL ? ' and PostgreSQL' : ''}`,
  async run(ctx) {
    const figures = await profile(ctx, 'SQLite', 'sqlite', { BENCH_DATABASE_URL: '' });
    if (PG_URL) figures.push(...(await profile(ctx, 'PostgreSQL', 'pg', { BENCH_DATABASE_URL: PG_URL })));
    else ctx.note?.('load: PostgreSQL not measured (set BENCH_DATABASE_URL=postgres://… to add it)');
    return figures;
  },
};

export default loadPart;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await loadPart.run({
    quick: process.argv.includes('--quick'),
    chromium: null,
    progress: (m) => console.error(m),
    note: (m) => console.error(m),
  });
  for (const f of figures) console.log(`${f.label}: ${f.value} ${f.unit}`);
}
