/**
 * API server on loopback: scores top-10 GET, score submit and saves list, each beside a
 * bare node:http server answering a fixed JSON in the same run (the ceiling: for each call
 * the same bytes as that call's answer). Server and bare server run in their own processes;
 * rate limits off. Two kinds of load:
 * - saturation (autocannon, 50 connections each sending its next request as soon as the
 *   last one is answered): req/s, CPU per request and latency, in rounds that alternate
 *   bare and API so both see the same machine; the share of bare is the median of the
 *   rounds' ratios;
 * - a fixed offered rate (FIXED_RATE req/s over 50 connections, paced.ts): latency below
 *   saturation, which is what the p99 goal is about.
 * Run alone: `npx tsx benchmarks/server/index.ts [--quick]` (BENCH_DATABASE_URL=postgres://… for PostgreSQL).
 * Here the servers are started and the rounds run; what is sent is traffic.ts, a call's figures
 * figures.ts, the two-server profile on PostgreSQL twoServers.ts, the helper processes processes.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { figuresTable } from '../lib/table.ts';
import type { BenchContext, BenchFigure, BenchPart } from '../types.ts';
import { postgresCommitFloor, sqliteCommitFloor } from './commitFloor.ts';
import { callFigures, round } from './figures.ts';
import { pacedLoad } from './paced.ts';
import { cpuSeconds, type Started, startProcess, stopProcess } from './processes.ts';
import { CONNECTIONS, calls, FIXED_RATE, type Load, load, requestBodies, type Target } from './traffic.ts';
import { twoServers } from './twoServers.ts';

/**
 * The API is measured on SQLite, then on PostgreSQL too when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) names one (figures server.pg.*), in a schema of its own dropped after.
 */
const PG_URL = [process.env.BENCH_DATABASE_URL, process.env.TEST_DATABASE_URL].find((url) =>
  url?.startsWith('postgres'),
);

interface Database {
  /** Figure id infix ('' for SQLite, 'pg.') and label suffix. */
  key: string;
  label: string;
  /** Environment of serve.ts. */
  env: Record<string, string>;
}

export const serverPart: BenchPart = {
  name: 'server',
  // The goals are medians of 3 runs: one run on a shared machine can land on a bad second.
  defaultRuns: 3,
  description:
    "API on SQLite (and PostgreSQL with BENCH_DATABASE_URL) over loopback (autocannon, 50 connections) beside a bare node:http ceiling and the disk's durable-commit time",
  async run(ctx: BenchContext): Promise<BenchFigure[]> {
    const figures = await measureDatabase(ctx, { key: '', label: '', env: { BENCH_DATABASE_URL: '' } });
    if (PG_URL)
      figures.push(
        ...(await measureDatabase(ctx, {
          key: 'pg.',
          label: ' (PostgreSQL)',
          env: { BENCH_DATABASE_URL: PG_URL },
        })),
      );
    else ctx.note?.('server: PostgreSQL not measured (set BENCH_DATABASE_URL=postgres://… to add it)');
    return figures;
  },
};

async function measureDatabase(ctx: BenchContext, database: Database): Promise<BenchFigure[]> {
  const DB_LABEL = database.label;
  const ON_POSTGRES = database.key === 'pg.';
  {
    const duration = ctx.quick ? 2 : 4;
    const rounds = 3;
    const pacedSeconds = ctx.quick ? 3 : 10;
    let bare: Started | null = null;
    let api: Started | null = null;
    let bodyDir: string | null = null;
    try {
      ctx.progress(
        `server: starting the API (${ON_POSTGRES ? 'PostgreSQL' : 'SQLite'}, seeded) and the bare node:http server`,
      );
      api = await startProcess('serve.ts', database.env);
      const apiUrl = `http://127.0.0.1:${api.info.port}`;
      const board = await (await fetch(`${apiUrl}/api/scores/get.php?game_id=whac-a-moji`)).text();
      bodyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'futile-bare-'));
      fs.writeFileSync(path.join(bodyDir, 'body.json'), board);
      const cookie = api.info.cookie as string;

      const bodies = requestBodies();
      const scenarios = calls(apiUrl, cookie, bodies);

      // The bare server answers each call with that call's own answer, byte for byte: one
      // request of each, kept (a save or a submit more changes nothing the bench reads).
      for (const s of scenarios) {
        const body = s.paced.body?.();
        const answer = await fetch(s.paced.url, {
          method: s.paced.method ?? 'GET',
          headers: s.paced.headers,
          ...(body === undefined ? {} : { body }),
        });
        if (!answer.ok) throw new Error(`${s.label}: ${answer.status} ${await answer.text()}`);
        fs.writeFileSync(path.join(bodyDir, `${s.id}.json`), await answer.text());
      }
      bare = await startProcess('bare.ts', {
        BARE_BODY_FILE: path.join(bodyDir, 'body.json'),
        BARE_BODY_DIR: bodyDir,
      });
      const bareRoot = `http://127.0.0.1:${bare.info.port}`;
      const bareUrl = `${bareRoot}/`;
      const answerBytes = new Map(
        scenarios.map((s) => [s.id, fs.statSync(path.join(bodyDir as string, `${s.id}.json`)).size]),
      );

      const figures: BenchFigure[] = [];
      ctx.progress('server: warming up');
      for (const s of scenarios) await load({ ...s.options, duration: 1 });
      await load({ url: bareUrl, duration: 1 });

      const fixedRate = async (paced: Target) => {
        const result = await pacedLoad({
          ...paced,
          rate: FIXED_RATE,
          connections: CONNECTIONS,
          duration: pacedSeconds,
        });
        // Wrong answers fail the part; answers that never came mean the server (or the machine it
        // shares) cannot keep up with the offered rate: reported with the figure, not thrown.
        if (result.errors > result.unanswered)
          throw new Error(
            `${paced.url}: ${result.errors - result.unanswered} failed requests at ${FIXED_RATE} req/s`,
          );
        if (result.unanswered)
          ctx.note?.(
            `${paced.url.replace(/^http:\/\/[^/]+/, '')}${DB_LABEL}: ${result.unanswered} of ${result.offered} requests unanswered 10 s after the last was due at ${FIXED_RATE} req/s: it fell behind the offered rate (its p99 counts only the answered ones)`,
          );
        return result;
      };

      for (const s of scenarios) {
        ctx.progress(
          `server: ${s.label}: ${rounds} rounds of ${duration} s at saturation beside the bare ceiling, then ${pacedSeconds} s each at ${FIXED_RATE} req/s`,
        );
        const bareRuns: Load[] = [];
        const apiRuns: Load[] = [];
        let bareCpu: number | null = 0;
        let apiCpu: number | null = 0;
        const measureBare = async () => {
          const cpu0 = cpuSeconds(bare?.child.pid);
          bareRuns.push(await load({ url: `${bareRoot}/${s.id}`, duration }));
          const cpu1 = cpuSeconds(bare?.child.pid);
          bareCpu = bareCpu === null || cpu0 === null || cpu1 === null ? null : bareCpu + cpu1 - cpu0;
        };
        const measureApi = async () => {
          const cpu0 = cpuSeconds(api?.child.pid);
          const measured = await load({ ...s.options, duration });
          const cpu1 = cpuSeconds(api?.child.pid);
          if (measured.errors) throw new Error(`${s.label}: ${measured.errors} failed requests`);
          apiRuns.push(measured);
          apiCpu = apiCpu === null || cpu0 === null || cpu1 === null ? null : apiCpu + cpu1 - cpu0;
        };
        // Alternate which goes first, so a machine getting busier or quieter favours neither.
        for (let round = 0; round < rounds; round++) {
          if (round % 2 === 0) {
            await measureBare();
            await measureApi();
          } else {
            await measureApi();
            await measureBare();
          }
        }
        // The disk's durable-commit time, right before the submits that wait for it.
        const floor =
          s.id === 'scores.submit'
            ? ON_POSTGRES
              ? await postgresCommitFloor(PG_URL as string)
              : sqliteCommitFloor()
            : null;
        const apiFixed = await fixedRate(s.paced);
        const bareFixed = await fixedRate({ url: `${bareRoot}/${s.id}` });

        figures.push(
          ...callFigures(database, s, rounds, {
            apiRuns,
            bareRuns,
            apiCpu,
            bareCpu,
            apiFixed,
            bareFixed,
            floor,
            answerBytes: answerBytes.get(s.id),
          }),
        );
        if (floor)
          ctx.note?.(
            `${s.label}${DB_LABEL}: p99 ${apiFixed.p99} ms at ${FIXED_RATE} req/s, beside a p99 of ${round(floor.p99, 2)} ms for one durable commit alone and ${bareFixed.p99} ms for the bare node:http server in the same run`,
          );
      }
      if (ON_POSTGRES) figures.push(...(await twoServers(ctx, PG_URL as string, api, cookie, bodies)));
      return figures;
    } finally {
      await stopProcess(api);
      await stopProcess(bare);
      if (bodyDir) fs.rmSync(bodyDir, { recursive: true, force: true });
    }
  }
}

export default serverPart;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await serverPart.run({
    quick: process.argv.includes('--quick'),
    chromium: null,
    progress: (m) => console.error(m),
    note: (m) => console.error(`note: ${m}`),
  });
  console.log(figuresTable(figures));
}
