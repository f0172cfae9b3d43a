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
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { median } from '../lib/stats.ts';
import type { BenchContext, BenchFigure, BenchPart } from '../types.ts';
import { postgresCommitFloor, sqliteCommitFloor } from './commitFloor.ts';
import { type PacedOptions, type PacedResult, pacedLoad } from './paced.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CONNECTIONS = 50;
/**
 * Offered load of the latency figures that carry the p99 goal. At saturation latency is
 * connections ÷ throughput (Little's law), so a p99 goal only means something below it.
 */
export const FIXED_RATE = 1000;
const P99_GOAL_MS = 10;

/** What the paced client sends (the rate, connections and duration are the bench's). */
type Target = Omit<PacedOptions, 'rate' | 'connections' | 'duration'>;
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

export interface Started {
  child: ChildProcess;
  info: { port: number; cookie?: string; schema?: string | null };
}

/** Starts a helper process and waits for its one-line JSON hello (nodeArgs: e.g. --cpu-prof). */
export function startProcess(
  script: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(HERE, script)], {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'test', ...env },
    });
    let out = '';
    let started = false;
    // Generous: on a shared, overloaded machine compiling and seeding alone has taken over a minute.
    const timer = setTimeout(() => {
      // Not left behind: a child still starting would keep the bench's process alive.
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start in 180 s`));
    }, 180_000);
    child.stdout?.on('data', (chunk) => {
      // After the hello, stdout is the server's log (BENCH_LOG_LEVEL=warn shows it).
      if (started) return void process.stderr.write(chunk);
      out += chunk;
      const line = out.split('\n')[0];
      if (out.includes('\n')) {
        started = true;
        process.stderr.write(out.slice(out.indexOf('\n') + 1));
        clearTimeout(timer);
        try {
          resolve({ child, info: JSON.parse(line) });
        } catch (err) {
          reject(err);
        }
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}`));
    });
  });
}

/** Asks a helper to stop (it cleans up: its database schema, its files) and waits for it, 3 s at most. */
export function stopProcess(started: Started | null): Promise<void> {
  if (!started || started.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      started.child.kill('SIGKILL');
      resolve();
    }, 3000);
    started.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    started.child.stdin?.end();
  });
}

/** CPU seconds a process has used (Linux /proc; null elsewhere). Unlike req/s, this barely moves when other work shares the cores. */
export function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat; after "comm)" they are at 11 and 12. Ticks are 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

interface Load {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(options: autocannon.Options): Promise<Load> {
  const result = await autocannon({ connections: CONNECTIONS, pipelining: 1, ...options });
  const bad = result.errors + result.timeouts + result.non2xx;
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: bad,
  };
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export const serverPart: BenchPart = {
  name: 'server',
  // The issue's goals are medians of 3 runs: one run on a shared machine can land on a bad second.
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
  const DB = database.key;
  const DB_LABEL = database.label;
  const ON_POSTGRES = DB === 'pg.';
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

      let saves = 0;
      // Twenty slots overwritten in turn (ifMatch '*'), as a player saving over their own slot.
      const saveBody = () =>
        JSON.stringify({
          appId: 'synth',
          key: `bench slot ${saves++ % 20}`,
          data: { steps: [saves, saves + 1, saves + 2] },
          ifMatch: '*',
        });
      const submitBody = () =>
        JSON.stringify({
          game_id: 'whac-a-moji',
          player_name: 'bench',
          // Scores spread over the game's range, as real players' are (the rank count depends on it).
          score: Math.floor(Math.random() * 6000),
          duration: 300,
        });
      const scenarios: {
        id: string;
        label: string;
        options: autocannon.Options;
        paced: Target;
      }[] = [
        {
          id: 'scores.top10',
          label: 'scores top-10 GET',
          options: { url: `${apiUrl}/api/scores/get.php?game_id=whac-a-moji` },
          paced: { url: `${apiUrl}/api/scores/get.php?game_id=whac-a-moji` },
        },
        {
          id: 'scores.submit',
          label: 'score submit POST',
          options: {
            url: `${apiUrl}/api/scores/submit.php`,
            requests: [
              {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                setupRequest: (request) => ({ ...request, body: submitBody() }),
              },
            ],
          },
          paced: {
            url: `${apiUrl}/api/scores/submit.php`,
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: submitBody,
          },
        },
        {
          id: 'saves.list',
          label: 'saves list GET',
          options: { url: `${apiUrl}/api/saves/list.php?appId=synth`, headers: { cookie } },
          paced: { url: `${apiUrl}/api/saves/list.php?appId=synth`, headers: { cookie } },
        },
        {
          id: 'saves.save',
          label: 'save POST (overwrite, 20 slots)',
          options: {
            url: `${apiUrl}/api/saves/save.php`,
            requests: [
              {
                method: 'POST',
                headers: { 'content-type': 'application/json', cookie },
                setupRequest: (request) => ({ ...request, body: saveBody() }),
              },
            ],
          },
          paced: {
            url: `${apiUrl}/api/saves/save.php`,
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: saveBody,
          },
        },
      ];

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
              label: `bare node:http (the same ${answerBytes.get(s.id)?.toLocaleString('en')} B answer)`,
              value: round(bareUs, 1),
              ratio: round(apiUs / Math.max(bareUs, 0.1)),
              ratioLabel: '× bare',
            },
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
          ctx.note?.(
            `${s.label}${DB_LABEL}: p99 ${apiFixed.p99} ms at ${FIXED_RATE} req/s, beside a p99 of ${round(floor.p99, 2)} ms for one durable commit alone and ${bareFixed.p99} ms for the bare node:http server in the same run`,
          );
        }
      }
      if (ON_POSTGRES) figures.push(...(await twoServers(ctx, api, { cookie, submitBody, saveBody })));
      return figures;
    } finally {
      await stopProcess(api);
      await stopProcess(bare);
      if (bodyDir) fs.rmSync(bodyDir, { recursive: true, force: true });
    }
  }
}

export default serverPart;

/** Offered rate of the two-server profile, and its p99 goal. */
export const TWO_SERVER_RATE = 2000;
const TWO_SERVER_P99_GOAL_MS = 15;

/**
 * Two app servers on one PostgreSQL (and one Redis: BENCH_REDIS_URL or TEST_REDIS_URL),
 * each its own process, the paced client's connections alternating between them (what a
 * round-robin proxy does, without a proxy's own hop). The mixed profile: of every 10
 * requests 7 are reads (4 top-10, 3 saves lists) and 3 writes (2 submits, 1 save). Measured
 * at TWO_SERVER_RATE on one server and on two, and at saturation (closed loop) on one and
 * on two, for how the figure grows from one server to two.
 */
async function twoServers(
  ctx: BenchContext,
  first: Started,
  bodies: { cookie: string; submitBody: () => string; saveBody: () => string },
): Promise<BenchFigure[]> {
  const redis = [process.env.BENCH_REDIS_URL, process.env.TEST_REDIS_URL].find((u) => u?.startsWith('redis'));
  let second: Started | null = null;
  try {
    ctx.progress(
      `server: two-server profile: starting a second API on the same schema${redis ? ' (Redis)' : ''}`,
    );
    second = await startProcess('serve.ts', {
      BENCH_DATABASE_URL: PG_URL as string,
      BENCH_SCHEMA: String(first.info.schema),
      ...(redis ? { BENCH_REDIS_URL: redis } : {}),
    });
    const urls = [first, second].map((s) => `http://127.0.0.1:${s.info.port}`);
    const json = { 'content-type': 'application/json' };
    const top = { path: '/api/scores/get.php?game_id=whac-a-moji' };
    // Each server's own session cookie works on both: sessions live in the database.
    const list = { path: '/api/saves/list.php?appId=synth', headers: { cookie: bodies.cookie } };
    const submit = {
      path: '/api/scores/submit.php',
      method: 'POST' as const,
      headers: json,
      body: bodies.submitBody,
    };
    const save = {
      path: '/api/saves/save.php',
      method: 'POST' as const,
      headers: { ...json, cookie: bodies.cookie },
      body: bodies.saveBody,
    };
    const mix: NonNullable<PacedOptions['mix']> = [
      top,
      list,
      top,
      submit,
      list,
      top,
      save,
      list,
      top,
      submit,
    ];
    const seconds = ctx.quick ? 3 : 10;
    const connections = 2 * CONNECTIONS;
    const figures: BenchFigure[] = [];
    const paced = async (servers: string[]) => {
      const result = await pacedLoad({
        url: `${servers[0]}/`,
        more: servers.slice(1),
        mix,
        rate: TWO_SERVER_RATE,
        connections,
        duration: seconds,
      });
      const label = servers.length === 1 ? 'one server' : 'two servers';
      // Which call sets the p99: each kind's own, beside the whole profile's.
      ctx.note?.(
        `mixed profile, ${label}, ${TWO_SERVER_RATE} req/s: p99 ${result.p99} ms; by call ${(
          result.byKind ?? []
        )
          .map((k) => `${k.kind} p50 ${k.p50} / p99 ${k.p99} ms (${k.completed})`)
          .join(', ')}; load average ${os.loadavg()[0].toFixed(2)}`,
      );
      figures.push(
        {
          id: `server.pg.mixed.${servers.length}.fixedRate.p99`,
          label: `mixed profile (70 % reads), ${label} on one PostgreSQL: p99 at ${TWO_SERVER_RATE.toLocaleString('en')} req/s offered over ${connections} conns`,
          value: result.p99,
          unit: 'ms',
          better: 'lower',
          ...(servers.length === 2 ? { goal: { op: '<=' as const, value: TWO_SERVER_P99_GOAL_MS } } : {}),
        },
        {
          id: `server.pg.mixed.${servers.length}.fixedRate.failures`,
          label: `mixed profile, ${label}: failed or unanswered requests of ${result.offered.toLocaleString('en')}`,
          value: result.errors,
          unit: '',
          better: 'lower',
          ...(servers.length === 2 ? { goal: { op: '<=' as const, value: 0, text: '0' } } : {}),
        },
      );
    };
    /** The mixed profile on one server, closed loop, for `duration` seconds. */
    const mixedAtSaturation = (url: string, duration: number) =>
      load({
        url,
        connections: CONNECTIONS,
        duration,
        requests: mix.map((m) => ({
          method: m.method ?? 'GET',
          path: m.path,
          headers: m.headers,
          ...(m.body
            ? { setupRequest: (r: autocannon.Request) => ({ ...r, body: (m.body as () => string)() }) }
            : {}),
        })),
      });
    const saturated = async (servers: string[]) => {
      const per = await Promise.all(servers.map((url) => mixedAtSaturation(url, ctx.quick ? 2 : 4)));
      const label = servers.length === 1 ? 'one server' : 'two servers';
      figures.push({
        id: `server.pg.mixed.${servers.length}.rps`,
        label: `mixed profile, ${label}: requests/s at saturation (${CONNECTIONS} conns a server, closed loop)`,
        value: Math.round(per.reduce((sum, r) => sum + r.rps, 0)),
        unit: 'req/s',
        better: 'higher',
      });
      const errors = per.reduce((sum, r) => sum + r.errors, 0);
      if (errors) ctx.note?.(`mixed profile, ${label}, at saturation: ${errors} failed requests`);
    };
    // The second server is new: its first seconds compile the hot paths and open its pool's
    // connections (the event loop lags 10–55 ms at a time then), which the first server did in
    // the rounds before. Measured cold, the two-server p99 was that warm-up, not the steady state.
    ctx.progress('server: warming the second server up (the mixed profile at saturation, unmeasured)');
    await mixedAtSaturation(urls[1], ctx.quick ? 1 : 3);
    ctx.progress(
      `server: mixed profile at ${TWO_SERVER_RATE} req/s for ${seconds} s on one server, then on two`,
    );
    await paced(urls.slice(0, 1));
    await paced(urls);
    ctx.progress('server: mixed profile at saturation on one server, then on two');
    await saturated(urls.slice(0, 1));
    await saturated(urls);
    const one = figures.find((f) => f.id === 'server.pg.mixed.1.rps')?.value ?? 0;
    const two = figures.find((f) => f.id === 'server.pg.mixed.2.rps')?.value ?? 0;
    ctx.note?.(
      `mixed profile on PostgreSQL${redis ? ' with Redis' : ' (no Redis given)'}: ${one} req/s at saturation on one server, ${two} on two (× ${round(two / Math.max(one, 1))}); load average ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} CPUs`,
    );
    return figures;
  } finally {
    await stopProcess(second);
  }
}

function printTable(figures: BenchFigure[]): void {
  const rows = figures.map((f) => {
    const goal = f.goal ? (f.goal.text ?? `${f.goal.op} ${f.goal.value} ${f.unit}`) : '';
    const ok = f.goal ? (f.goal.op === '<=' ? f.value <= f.goal.value : f.value >= f.goal.value) : null;
    const base = f.baseline
      ? `${f.baseline.label} ${f.baseline.value} ${f.unit} (${f.baseline.ratio}${f.baseline.ratioLabel})`
      : '';
    return [f.label, `${f.value} ${f.unit}`, base, goal, ok === null ? '' : ok ? 'ok' : 'MISSED'];
  });
  const head = ['Figure', 'Value', 'Baseline', 'Goal', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join(' | ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.log(line(r));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await serverPart.run({
    quick: process.argv.includes('--quick'),
    chromium: null,
    progress: (m) => console.error(m),
    note: (m) => console.error(`note: ${m}`),
  });
  printTable(figures);
}
