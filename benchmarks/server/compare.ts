/**
 * Two checkouts' API servers under the same call, interleaved, for an A/B of a server change.
 * Not a bench part (it prints, it keeps no figures). This machine's speed drifts by more than
 * most changes move a call (the same checkout's top-10 read 41–66 µs of CPU a request in one
 * afternoon's runs a minute apart), so whole bench runs compared one after another cannot
 * show a change of a few per cent. Here both servers run at once and take turns: short
 * bursts (autocannon, 50 connections, closed loop) alternate A, B, B, A, … and each round
 * gives the ratio of B's CPU per request to A's, taken seconds apart. Two processes of the
 * same checkout differ by a few per cent for as long as they run (each JIT compiles its
 * own way), so the rounds are spread over several fresh pairs of processes. Even so, this
 * checkout against itself read B/A 0.967 (middle half 0.90–0.99) in 4 pairs of 6 rounds:
 * a change under about 5 % of the CPU does not show here; reason about those from a
 * microbenchmark of the code changed.
 *
 *   npx tsx benchmarks/server/compare.ts --other /path/to/checkout [top10|list|submit|save]
 *     [--pairs 4] [--rounds 6] [--seconds 2]   (rounds per pair)
 *
 * A is this checkout, B the other (with its own node_modules, or a symlink to these). Both
 * get BENCH_DATABASE_URL and BENCH_POOL_SIZE as the bench gives them.
 */
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { callOptions } from './calls.ts';
import { cpuSeconds, type Started, startProcess, stopProcess } from './processes.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const call = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'top10';
const other = option('--other');
if (!other) throw new Error('--other /path/to/checkout: the checkout to compare this one with');
const pairs = Number(option('--pairs') ?? 4);
const rounds = Number(option('--rounds') ?? 6);
const seconds = Number(option('--seconds') ?? 2);

const ratios: number[] = [];
const perA: number[] = [];
const perB: number[] = [];
for (let pair = 0; pair < pairs; pair++) {
  const servers: Started[] = [];
  try {
    servers.push(await startProcess('serve.ts'));
    servers.push(await startProcess(path.resolve(other, 'benchmarks/server/serve.ts')));
    const options = servers.map((s) =>
      callOptions(call, `http://127.0.0.1:${s.info.port}`, s.info.cookie as string),
    );
    // Warm both up (JIT, caches) before anything is counted.
    for (const o of options) await autocannon({ ...o, connections: 50, duration: 1 });
    const burst = async (i: number) => {
      const pid = servers[i].child.pid;
      const cpu0 = cpuSeconds(pid) ?? Number.NaN;
      const result = await autocannon({ ...options[i], connections: 50, duration: seconds });
      const cpu1 = cpuSeconds(pid) ?? Number.NaN;
      const failed = result.errors + result.timeouts + result.non2xx;
      if (failed)
        throw new Error(`${failed} of ${result.requests.total} requests failed on ${i ? 'B' : 'A'}`);
      return ((cpu1 - cpu0) / result.requests.total) * 1e6;
    };
    for (let r = 0; r < rounds; r++) {
      // ABBA order: neither side always runs first, after the other's burst.
      const bFirst = r % 2 === 0;
      const first = await burst(bFirst ? 1 : 0);
      const second = await burst(bFirst ? 0 : 1);
      const [a, b] = bFirst ? [second, first] : [first, second];
      perA.push(a);
      perB.push(b);
      ratios.push(b / a);
      console.log(
        `pair ${pair + 1} round ${r + 1}: A ${a.toFixed(1)} µs, B ${b.toFixed(1)} µs a request, B/A ${(b / a).toFixed(3)}`,
      );
    }
  } finally {
    await Promise.all(servers.map((s) => stopProcess(s)));
  }
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const sorted = [...ratios].sort((x, y) => x - y);
console.log(
  `${call}: CPU a request, medians of ${ratios.length} rounds in ${pairs} pairs: A ${median(perA).toFixed(1)} µs, B ${median(perB).toFixed(1)} µs; ` +
    `B/A ${median(ratios).toFixed(3)} (middle half ${sorted[Math.floor(ratios.length / 4)].toFixed(3)}–${sorted[Math.ceil((3 * ratios.length) / 4) - 1].toFixed(3)}); ` +
    `load average ${os.loadavg()[0].toFixed(2)}`,
);
