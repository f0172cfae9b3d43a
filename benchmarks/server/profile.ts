/**
 * Where the API server's CPU goes under one call's saturation load, for finding waste. Not a
 * bench part (it prints, it keeps no figures): starts serve.ts under V8's sampler
 * (`--cpu-prof`), loads one call with autocannon (50 connections, closed loop), then prints
 * the server's CPU per request (the sampler's own cost included), self time by package and
 * the top functions, and the inclusive time of the functions named by --focus.
 *
 *   npx tsx benchmarks/server/profile.ts [top10|submit|list|save] [--seconds 8] [--focus regex] [--save DIR] [--plain]
 *
 * BENCH_DATABASE_URL=postgres://… profiles the PostgreSQL server (BENCH_POOL_SIZE as in the bench).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { type CpuProfile, profileBreakdown } from '../lib/breakdown.ts';
import { moduleName } from '../lib/treemap.ts';
import { callOptions } from './calls.ts';
import { cpuSeconds, type Started, startProcess } from './processes.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const call = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'list';
const seconds = Number(option('--seconds') ?? 8);
const focus = option('--focus');
const saveDir = option('--save');

const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'futile-prof-'));
// --plain: no sampler (it costs CPU of its own): only the CPU per request.
const plain = args.includes('--plain');
const server: Started = await startProcess(
  'serve.ts',
  {},
  plain ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=100'],
);
const base = `http://127.0.0.1:${server.info.port}`;
const cookie = server.info.cookie as string;
const options = callOptions(call, base, cookie);

await autocannon({ ...options, connections: 50, duration: 1 });
// The load's window on the monotonic clock V8's samples are timed by (the same in both processes).
const window0 = Number(process.hrtime.bigint() / 1000n);
const cpu0 = cpuSeconds(server.child.pid) ?? Number.NaN;
const result = await autocannon({ ...options, connections: 50, duration: seconds });
const cpu1 = cpuSeconds(server.child.pid) ?? Number.NaN;
const window1 = Number(process.hrtime.bigint() / 1000n);
const bad = result.errors + result.timeouts + result.non2xx;
console.log(
  `${call}: ${Math.round(result.requests.average)} req/s, ${result.requests.total} requests (${bad} failed), ` +
    `server CPU ${(((cpu1 - cpu0) / result.requests.total) * 1e6).toFixed(1)} µs/request${plain ? '' : ' (sampler included)'}; ` +
    `load average ${os.loadavg()[0].toFixed(2)}`,
);

await new Promise<void>((resolve) => {
  server.child.once('exit', () => resolve());
  server.child.stdin?.end();
});
if (plain) process.exit(0);
const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written');
/** A profile node as V8 writes it: its children's ids too. */
type ProfileNode = CpuProfile['nodes'][number] & { children?: number[] };
const whole = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile & {
  nodes: ProfileNode[];
};
// Only the samples taken under the measured load (start-up, seeding and warm-up left out); each
// sample lasts until the next one (timeDeltas[i + 1]).
const kept: { sample: number; us: number }[] = [];
{
  const samples = whole.samples ?? [];
  const deltas = whole.timeDeltas ?? [];
  let at = whole.startTime;
  for (let i = 0; i + 1 < samples.length; i++) {
    at += deltas[i];
    if (at >= window0 && at <= window1) kept.push({ sample: samples[i], us: deltas[i + 1] });
  }
}
if (!kept.length) throw new Error('no samples inside the load window: the clocks differ?');
const profile: CpuProfile & { nodes: ProfileNode[] } = {
  ...whole,
  samples: kept.map((k) => k.sample),
  timeDeltas: [0, ...kept.map((k) => k.us)],
};
if (saveDir) {
  fs.mkdirSync(saveDir, { recursive: true });
  fs.copyFileSync(path.join(profileDir, file), path.join(saveDir, `${call}.cpuprofile`));
}
fs.rmSync(profileDir, { recursive: true, force: true });

const locate = (url: string, line: number) => ({
  module: moduleName(url.startsWith('file://') ? fileURLToPath(url) : url, ROOT),
  line: line + 1,
  name: null,
});
const { totalMs, byGroup, functions } = profileBreakdown(profile, locate);
// Start-up and seeding are in the profile too: the share of each, of all samples.
console.log(`\nself time by package (${totalMs.toFixed(0)} ms sampled):`);
for (const [group, ms] of byGroup) {
  if (ms / totalMs < 0.005) break;
  console.log(`  ${((100 * ms) / totalMs).toFixed(1).padStart(5)} %  ${group}`);
}
console.log('\ntop functions by self time:');
for (const f of functions.slice(0, 45))
  console.log(`  ${((100 * f.ms) / totalMs).toFixed(1).padStart(5)} %  ${f.name}`);

if (focus) {
  // Inclusive time: a node's self time plus its subtree's, summed over the nodes whose function matches.
  const pattern = new RegExp(focus);
  const byId = new Map((profile.nodes as ProfileNode[]).map((node) => [node.id, node]));
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i + 1 < samples.length; i++)
    self.set(samples[i], (self.get(samples[i]) ?? 0) + Math.max(0, deltas[i + 1]) / 1000);
  const inclusive = (id: number): number =>
    (self.get(id) ?? 0) + (byId.get(id)?.children ?? []).reduce((sum, child) => sum + inclusive(child), 0);
  const totals = new Map<string, number>();
  const visit = (id: number, inside: Set<string>) => {
    const node = byId.get(id);
    if (!node) return;
    const frame = node.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${locate(frame.url, frame.lineNumber).module}:${frame.lineNumber + 1}`;
    let next = inside;
    if (pattern.test(name) && !inside.has(name)) {
      totals.set(name, (totals.get(name) ?? 0) + inclusive(id));
      next = new Set(inside).add(name);
    }
    for (const child of node.children ?? []) visit(child, next);
  };
  visit(profile.nodes[0].id, new Set());
  console.log(`\ninclusive time of functions matching /${focus}/:`);
  for (const [name, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`  ${((100 * ms) / totalMs).toFixed(1).padStart(5)} %  ${name}`);
}
process.exit(0);
