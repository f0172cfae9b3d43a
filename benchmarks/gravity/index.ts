/**
 * Gravity engine in Node: ms per sub-step at 1,000 (Proto Disk), 5,000 and 10,000 bodies,
 * beside the naive object-array direct sum in the same run. Bigger disks keep Proto Disk's
 * surface density (the disk grows with √n), so neighbours per body stay alike.
 * Run alone: `npx tsx benchmarks/gravity/index.ts [--quick]`.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { SUBSTEPS_PER_FRAME } from '../../src/games/gravity/engine/constants.ts';
import { loadScenario, protoDisk } from '../../src/games/gravity/engine/presets.ts';
import { GravityWorld } from '../../src/games/gravity/engine/world.ts';
import type { BenchContext, BenchFigure, BenchPart } from '../types.ts';
import { naiveBodies, naiveStep, typedDirectSum } from './naive.ts';

interface Timing {
  msPerStep: number;
  bodiesBefore: number;
  bodiesAfter: number;
}

/**
 * Sub-steps run before timing: enough for the JIT to finish optimising the step (10 were
 * not, so the first timed steps ran partly unoptimised), so the figure is the running cost.
 */
const WARMUP_STEPS = 100;

function timeEngine(n: number, steps: number): Timing {
  const world = new GravityWorld(1);
  loadScenario(world, protoDisk(n));
  for (let i = 0; i < WARMUP_STEPS; i++) world.step();
  const bodiesBefore = world.count;
  const t0 = performance.now();
  for (let i = 0; i < steps; i++) world.step();
  return { msPerStep: (performance.now() - t0) / steps, bodiesBefore, bodiesAfter: world.count };
}

function timeNaive(n: number, steps: number): number {
  const scenario = protoDisk(n);
  const bodies = naiveBodies(scenario.bodies);
  naiveStep(bodies, scenario.settings.gravity);
  const t0 = performance.now();
  for (let i = 0; i < steps; i++) naiveStep(bodies, scenario.settings.gravity);
  return (performance.now() - t0) / steps;
}

function timeTypedDirectSum(n: number, steps: number): number {
  const { bodies } = protoDisk(n);
  const x = Float64Array.from(bodies, (b) => b.x);
  const y = Float64Array.from(bodies, (b) => b.y);
  const m = Float64Array.from(bodies, (b) => b.mass);
  const ax = new Float64Array(bodies.length);
  const ay = new Float64Array(bodies.length);
  typedDirectSum(x, y, m, ax, ay, bodies.length, 0.1);
  const t0 = performance.now();
  for (let i = 0; i < steps; i++) typedDirectSum(x, y, m, ax, ay, bodies.length, 0.1);
  return (performance.now() - t0) / steps;
}

const round = (v: number, digits = 3) => Number(v.toPrecision(digits));

export const gravityPart: BenchPart = {
  name: 'gravity',
  description:
    'Gravity engine ms per sub-step (neighbour list from a grid, typed arrays) vs a naive object direct sum',
  async run(ctx: BenchContext): Promise<BenchFigure[]> {
    const q = ctx.quick;
    const sizes = [
      {
        n: 1000,
        id: 'protoDisk',
        label: 'Proto Disk, 1,000 bodies',
        steps: q ? 60 : 400,
        naiveSteps: q ? 2 : 6,
      },
      { n: 5000, id: 'n5000', label: '5,000 bodies', steps: q ? 20 : 150, naiveSteps: q ? 1 : 2 },
      { n: 10000, id: 'n10000', label: '10,000 bodies', steps: q ? 10 : 100, naiveSteps: 1 },
    ];
    const figures: BenchFigure[] = [];
    for (const s of sizes) {
      ctx.progress(`gravity: engine at ${s.n} bodies`);
      const engine = timeEngine(s.n, s.steps);
      ctx.progress(`gravity: naive object direct sum at ${s.n} bodies`);
      const naive = timeNaive(s.n, s.naiveSteps);
      figures.push({
        id: `gravity.engine.${s.id}.msPerSubstep`,
        label: `Engine ms per sub-step, ${s.label} (${engine.bodiesBefore}→${engine.bodiesAfter} after merges)`,
        value: round(engine.msPerStep),
        unit: 'ms',
        better: 'lower',
        baseline: {
          label: 'naive object-array direct sum',
          value: round(naive),
          ratio: round(naive / engine.msPerStep),
          ratioLabel: '× faster than naive',
        },
        ...(s.n === 1000
          ? { goal: { op: '<=' as const, value: 0.5, text: 'Proto Disk ≤ 0.5 ms per sub-step' } }
          : {}),
      });
      if (s.n === 1000) {
        figures.push({
          id: 'gravity.engine.protoDisk.speedupVsNaive',
          label: 'Proto Disk speed-up over the naive version',
          value: round(naive / engine.msPerStep),
          unit: '×',
          better: 'higher',
          goal: { op: '>=', value: 100, text: '≥ 100× the naive version' },
        });
        figures.push({
          id: 'gravity.engine.protoDisk.msPerFrame',
          label: `Proto Disk ms per 60 fps frame at time speed 1 (${SUBSTEPS_PER_FRAME} sub-steps)`,
          value: round(engine.msPerStep * SUBSTEPS_PER_FRAME),
          unit: 'ms',
          better: 'lower',
        });
        ctx.progress('gravity: tight typed-array direct sum at 1,000 bodies (for scale)');
        const typed = timeTypedDirectSum(1000, q ? 20 : 100);
        figures.push({
          id: 'gravity.reference.typedDirectSum1000.msPerSubstep',
          label: 'Reference: tight symmetric direct sum over typed arrays, 1,000 bodies (forces only)',
          value: round(typed),
          unit: 'ms',
          better: 'lower',
          baseline: {
            label: 'engine, Proto Disk',
            value: round(engine.msPerStep),
            ratio: round(typed / engine.msPerStep),
            ratioLabel: '× the engine’s time',
          },
        });
      }
      if (s.n === 10000) {
        figures.push({
          id: 'gravity.engine.n10000.substepsPerSecond',
          label: 'Engine sub-steps per second, 10,000 bodies',
          value: Math.round(1000 / engine.msPerStep),
          unit: 'steps/s',
          better: 'higher',
          goal: { op: '>=', value: 300, text: '10,000 bodies ≥ 300 sub-steps per second' },
        });
      }
    }
    // Timings are wall-clock on a shared machine: record how busy it was.
    figures.push({
      id: 'gravity.context.loadAverage',
      label: `1-minute load average during the run (${os.cpus().length} cores)`,
      value: round(os.loadavg()[0]),
      unit: '',
      better: 'lower',
    });
    return figures;
  },
};

export default gravityPart;

function printTable(figures: BenchFigure[]): void {
  const rows = figures.map((f) => {
    const goal = f.goal ? `${f.goal.op} ${f.goal.value}` : '';
    const ok = f.goal ? (f.goal.op === '<=' ? f.value <= f.goal.value : f.value >= f.goal.value) : null;
    const base = f.baseline ? `${f.baseline.value} ms (${f.baseline.ratio}${f.baseline.ratioLabel})` : '';
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
  const quick = process.argv.includes('--quick');
  const figures = await gravityPart.run({
    quick,
    chromium: null,
    progress: (m) => console.error(m),
  });
  printTable(figures);
}
