/**
 * Crit Happens tables under load: 50 tables × 8 members on loopback WebSockets, each member
 * asking for one roll a second (at a random phase) for 60 s (10 s with --quick). Figures:
 * the time from a roll request to the last member of its table receiving the roll (p50,
 * p99), deliveries lost (every member must get every roll of its table), and the app
 * server's CPU. On one server with the tables in memory; and, when BENCH_REDIS_URL (or
 * TEST_REDIS_URL) names a Redis, on two servers sharing it, members alternating between them.
 * The clients run in this process, on the same machine as the servers: they share its cores.
 * Run alone: `npx tsx benchmarks/tables/index.ts [--quick]`.
 */
/// <reference path="../../server/tables/ws.d.ts" />
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import type { ServerMessage } from '../../src/api/schemas/tables.ts';
import { cpuSeconds, type Started, startProcess, stopProcess } from '../server/processes.ts';
import type { BenchContext, BenchFigure, BenchPart } from '../types.ts';

const TABLES = 50;
const MEMBERS = 8;
const P99_GOAL_MS = 50;
const REDIS_URL = [process.env.BENCH_REDIS_URL, process.env.TEST_REDIS_URL].find((u) =>
  u?.startsWith('redis'),
);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface Member {
  socket: WebSocket;
  table: number;
  received: Set<number>;
}

interface Outcome {
  p50: number;
  p99: number;
  rolls: number;
  lost: number;
  cpuPercent: number;
  /** Server CPU per roll made: barely moves when other work shares the cores, unlike latency. */
  cpuMsPerRoll: number;
  refused: number;
}

async function measure(ctx: BenchContext, servers: Started[], seconds: number): Promise<Outcome> {
  const urls = servers.map((s) => `http://127.0.0.1:${s.info.port}`);
  const tableIds: string[] = [];
  for (let t = 0; t < TABLES; t++) {
    const res = await fetch(`${urls[t % urls.length]}/api/tables/create.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    tableIds.push(((await res.json()) as { table: { id: string } }).table.id);
  }
  // Per roll key: when it was asked for, and how many of its table's members have it.
  const sent = new Map<string, { at: number; table: number }>();
  const arrivals = new Map<string, { count: number; last: number }>();
  const seqsByTable: Set<number>[] = tableIds.map(() => new Set());
  const members: Member[] = [];
  let refused = 0;
  let keyCounter = 0;

  ctx.progress(`tables: ${TABLES} tables × ${MEMBERS} members joining`);
  await Promise.all(
    Array.from({ length: TABLES * MEMBERS }, (_, i) => {
      const table = Math.floor(i / MEMBERS);
      const url = urls[i % urls.length];
      const socket = new WebSocket(
        `${url.replace('http', 'ws')}/api/tables/socket.php?table=${tableIds[table]}`,
        {
          headers: { origin: url },
        },
      );
      const member: Member = { socket, table, received: new Set() };
      members.push(member);
      return new Promise<void>((resolve, reject) => {
        socket.on('error', reject);
        socket.on('open', () =>
          socket.send(
            JSON.stringify({
              type: 'join',
              name: `m${i}`,
              secret: `bench-member-secret-${i}-${'x'.repeat(8)}`,
            }),
          ),
        );
        socket.on('message', (data: Buffer) => {
          const message = JSON.parse(data.toString()) as ServerMessage;
          if (message.type === 'welcome') resolve();
          else if (message.type === 'refused') refused++;
          else if (message.type === 'roll') {
            const now = performance.now();
            member.received.add(message.roll.seq);
            seqsByTable[table].add(message.roll.seq);
            // Members other than the roller do not see the key: match by the roll's seq instead.
            const id = `${table}:${message.roll.seq}`;
            const entry = arrivals.get(id) ?? { count: 0, last: 0 };
            entry.count++;
            entry.last = Math.max(entry.last, now);
            arrivals.set(id, entry);
            if (message.roll.key) sent.set(id, sent.get(message.roll.key) ?? { at: now, table });
          }
        });
      });
    }),
  );

  ctx.progress(`tables: rolling for ${seconds} s (1 roll/s per member)`);
  const cpuBefore = servers.map((s) => cpuSeconds(s.child.pid) ?? 0);
  const wallStart = performance.now();
  const timers: ReturnType<typeof setInterval>[] = [];
  const starts: ReturnType<typeof setTimeout>[] = [];
  for (const member of members) {
    const rollOnce = () => {
      const key = `bench${String(++keyCounter).padStart(8, '0')}`;
      sent.set(key, { at: performance.now(), table: member.table });
      member.socket.send(
        JSON.stringify({ type: 'roll', key, notation: 'd20+d6', mode: 'normal', private: false }),
      );
    };
    starts.push(
      setTimeout(() => {
        rollOnce();
        timers.push(setInterval(rollOnce, 1000));
      }, Math.random() * 1000),
    );
  }
  await new Promise((r) => setTimeout(r, seconds * 1000));
  for (const t of starts) clearTimeout(t);
  for (const t of timers) clearInterval(t);
  const wall = (performance.now() - wallStart) / 1000;
  const cpu = servers.reduce((sum, s, i) => sum + (cpuSeconds(s.child.pid) ?? 0) - cpuBefore[i], 0);
  // Let the last rolls arrive.
  await new Promise((r) => setTimeout(r, 2000));

  const latencies: number[] = [];
  for (const [id, arrival] of arrivals) {
    const asked = sent.get(id);
    if (asked && arrival.count === MEMBERS) latencies.push(arrival.last - asked.at);
  }
  latencies.sort((a, b) => a - b);
  let expected = 0;
  let delivered = 0;
  for (const member of members) {
    expected += seqsByTable[member.table].size;
    delivered += member.received.size;
  }
  const rolls = seqsByTable.reduce((n, s) => n + s.size, 0);
  for (const m of members) m.socket.close();
  if (REDIS_URL && servers.length > 1) {
    // The bench's tables would otherwise sit in the shared Redis for a day.
    const redis = new Redis(REDIS_URL);
    for (const id of tableIds) {
      const keys = await redis.keys(`futile-bench-*table:{${id}}*`);
      if (keys.length) await redis.del(...keys);
    }
    redis.disconnect();
  }
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rolls,
    lost: expected - delivered + (keyCounter - rolls - refused),
    cpuPercent: (cpu / wall) * 100,
    cpuMsPerRoll: rolls > 0 ? (cpu * 1000) / rolls : Number.NaN,
    refused,
  };
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function figures(key: string, label: string, o: Outcome): BenchFigure[] {
  return [
    {
      id: `tables.${key}p99Ms`,
      label: `Roll → last of ${MEMBERS} members, p99${label}`,
      value: round(o.p99, 2),
      unit: 'ms',
      goal: { op: '<=', value: P99_GOAL_MS },
      better: 'lower',
    },
    {
      id: `tables.${key}p50Ms`,
      label: `Roll → last of ${MEMBERS} members, p50${label}`,
      value: round(o.p50, 2),
      unit: 'ms',
      better: 'lower',
    },
    {
      id: `tables.${key}lost`,
      label: `Roll deliveries lost (of ${o.rolls} rolls × ${MEMBERS})${label}`,
      value: o.lost,
      unit: 'messages',
      goal: { op: '<=', value: 0 },
      better: 'lower',
    },
    {
      id: `tables.${key}cpuPercent`,
      label: `App server CPU${label}`,
      value: round(o.cpuPercent),
      unit: '% of a core',
      better: 'lower',
    },
    {
      id: `tables.${key}cpuMsPerRoll`,
      label: `App server CPU per roll (fan-out to ${MEMBERS} included)${label}`,
      value: round(o.cpuMsPerRoll, 3),
      unit: 'ms',
      better: 'lower',
    },
  ];
}

export const tablesPart: BenchPart = {
  name: 'tables',
  description: `Crit Happens tables: ${TABLES} tables × ${MEMBERS} members, 1 roll/s each, over loopback WebSockets (one server in memory; two on Redis with BENCH_REDIS_URL)`,
  async run(ctx: BenchContext): Promise<BenchFigure[]> {
    const seconds = ctx.quick ? 10 : 60;
    const result: BenchFigure[] = [];
    let servers: Started[] = [];
    try {
      ctx.progress('tables: starting one app server (tables in memory)');
      servers = [await startProcess('serve.ts', { BENCH_DATABASE_URL: '', BENCH_REDIS_URL: '' })];
      result.push(...figures('', ' (one server)', await measure(ctx, servers, seconds)));
    } finally {
      await Promise.all(servers.map((s) => stopProcess(s)));
    }
    if (!REDIS_URL) {
      ctx.note?.('tables: two servers on Redis not measured (set BENCH_REDIS_URL=redis://… to add it)');
      return result;
    }
    servers = [];
    try {
      ctx.progress('tables: starting two app servers on one Redis');
      const env = { BENCH_DATABASE_URL: '', BENCH_REDIS_URL: REDIS_URL };
      servers = await Promise.all([startProcess('serve.ts', env), startProcess('serve.ts', env)]);
      result.push(...figures('redis.', ' (two servers, Redis)', await measure(ctx, servers, seconds)));
    } finally {
      await Promise.all(servers.map((s) => stopProcess(s)));
    }
    return result;
  },
};
export default tablesPart;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await tablesPart.run({
    quick: process.argv.includes('--quick'),
    chromium: null,
    progress: (m) => console.error(m),
    note: (m) => console.error(m),
  });
  for (const f of result) console.log(`${f.label.padEnd(58)} ${String(f.value).padStart(9)} ${f.unit}`);
}
