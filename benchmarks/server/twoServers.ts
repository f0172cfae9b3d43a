/** The API on PostgreSQL served by two app servers on one schema, beside one: the mixed profile. */

import os from 'node:os';
import type { BenchContext, BenchFigure } from '../types.ts';
import { round } from './figures.ts';
import { pacedLoad } from './paced.ts';
import { type Started, startProcess, stopProcess } from './processes.ts';
import { type Bodies, CONNECTIONS, mixedAtSaturation, mixedProfile } from './traffic.ts';

/** Offered rate of the two-server profile, and its p99 goal. */
const TWO_SERVER_RATE = 2000;
const TWO_SERVER_P99_GOAL_MS = 15;

/**
 * Two app servers on one PostgreSQL (and one Redis: BENCH_REDIS_URL or TEST_REDIS_URL),
 * each its own process, the paced client's connections alternating between them (what a
 * round-robin proxy does, without a proxy's own hop), on the mixed profile (mixedProfile,
 * 70 % reads). Measured at TWO_SERVER_RATE on one server and on two, and at saturation (closed loop) on one and
 * on two, for how the figure grows from one server to two.
 */
export async function twoServers(
  ctx: BenchContext,
  pgUrl: string,
  first: Started,
  cookie: string,
  bodies: Bodies,
): Promise<BenchFigure[]> {
  const redis = [process.env.BENCH_REDIS_URL, process.env.TEST_REDIS_URL].find((u) => u?.startsWith('redis'));
  let second: Started | null = null;
  try {
    ctx.progress(
      `server: two-server profile: starting a second API on the same schema${redis ? ' (Redis)' : ''}`,
    );
    second = await startProcess('serve.ts', {
      BENCH_DATABASE_URL: pgUrl,
      BENCH_SCHEMA: String(first.info.schema),
      ...(redis ? { BENCH_REDIS_URL: redis } : {}),
    });
    const urls = [first, second].map((s) => `http://127.0.0.1:${s.info.port}`);
    const mix = mixedProfile(cookie, bodies);
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
    const saturated = async (servers: string[]) => {
      const per = await Promise.all(servers.map((url) => mixedAtSaturation(url, ctx.quick ? 2 : 4, mix)));
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
    await mixedAtSaturation(urls[1], ctx.quick ? 1 : 3, mix);
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
