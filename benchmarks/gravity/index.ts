/**
 * Gravity engine in Node: ms per sub-step at 1,000 (Proto Disk), 5,000 and 10,000 bodies,
 * beside the naive object-array direct sum in the same run. Bigger disks keep Proto Disk's
 * surface density (the disk grows with √n), so neighbours per body stay alike. The 10,000
 * case is timed as 5 runs and reported as their median, by the wall clock and by the
 * process's CPU time (which other processes on a shared machine do not inflate as much).
 * The Galaxy (100,000 stars, Barnes–Hut) reports steps per second likewise, and its force
 * error against the exact direct sum on a sample of stars.
 * Run alone: `npx tsx benchmarks/gravity/index.ts [--quick]`.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { directAcceleration } from '../../src/games/gravity/engine/barnesHut.ts';
import { SUBSTEPS_PER_FRAME } from '../../src/games/gravity/engine/constants.ts';
import { GALAXY_SOFTENING_SQ, GALAXY_THETA, GalaxyWorld } from '../../src/games/gravity/engine/galaxy.ts';
import { loadScenario, protoDisk } from '../../src/games/gravity/engine/presets.ts';
import { ReferenceBarnesHut } from '../../src/games/gravity/engine/referenceBarnesHut.ts';
import { GravityWorld } from '../../src/games/gravity/engine/world.ts';
import { figuresTable } from '../lib/table.ts';
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

const RUNS = 5;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
};
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

/** RUNS timed runs of `steps` calls each: median ms per call by the wall clock and by CPU time. */
function timeRuns(step: () => void, steps: number): { wallMs: number; cpuMs: number; runs: number[] } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    const c0 = cpuMs();
    for (let i = 0; i < steps; i++) step();
    wall.push((performance.now() - t0) / steps);
    cpu.push((cpuMs() - c0) / steps);
  }
  return { wallMs: median(wall), cpuMs: median(cpu), runs: wall };
}

function timeEngineRuns(n: number, steps: number) {
  const world = new GravityWorld(1);
  loadScenario(world, protoDisk(n));
  for (let i = 0; i < WARMUP_STEPS; i++) world.step();
  const bodiesBefore = world.count;
  const t = timeRuns(() => world.step(), steps);
  return { ...t, bodiesBefore, bodiesAfter: world.count };
}

interface GalaxyTiming {
  wallMs: number;
  cpuMs: number;
  runs: number[];
  interactionsPerStar: number;
  errorMedian: number;
  errorP99: number;
  /** Textbook Barnes–Hut at θ = 0.5 on the same stars, with monopoles and with quadrupoles. */
  textbook: { median: number; p99: number; quadMedian: number; quadP99: number };
  /** ms a full direct-sum force pass would take, from the sample's timing. */
  directMs: number;
}

const p99 = (sorted: number[]) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];

function timeGalaxy(steps: number, sample: number, progress: (m: string) => void): GalaxyTiming {
  progress('gravity: laying out the Galaxy (100,000 stars)');
  const g = new GalaxyWorld();
  // Two steps for the JIT; the tree's arrays have their size from the layout.
  g.step();
  g.step();
  progress(`gravity: Galaxy, ${RUNS} runs of ${steps} step(s)`);
  const t = timeRuns(() => g.step(), steps);
  progress(`gravity: Galaxy force error against the direct sum on ${sample} stars`);
  // The step ends with the accelerations of the current positions: compare those.
  const errors: number[] = [];
  const t0 = performance.now();
  const exact: { ax: number; ay: number }[] = [];
  for (let s = 0; s < sample; s++) {
    const i = Math.floor(((s + 0.5) * g.count) / sample);
    exact.push(directAcceleration(i, g.x, g.y, g.mass, g.count, g.gravity, GALAXY_SOFTENING_SQ));
    errors.push(
      Math.hypot(g.ax[i] - exact[s].ax, g.ay[i] - exact[s].ay) / Math.hypot(exact[s].ax, exact[s].ay),
    );
  }
  const directMs = ((performance.now() - t0) / sample) * g.count;
  errors.sort((a, b) => a - b);
  // The yardstick: textbook Barnes–Hut at θ = 0.5 on the same stars (GALAXY_THETA).
  progress('gravity: textbook Barnes–Hut θ = 0.5 on the same stars (the yardstick)');
  const reference = new ReferenceBarnesHut(g.x, g.y, g.mass, g.count);
  const textbookErrors = (quadrupole: boolean) => {
    const e: number[] = [];
    for (let s = 0; s < sample; s++) {
      const i = Math.floor(((s + 0.5) * g.count) / sample);
      const a = reference.acceleration(i, 0.5, g.gravity, GALAXY_SOFTENING_SQ, quadrupole);
      e.push(Math.hypot(a.ax - exact[s].ax, a.ay - exact[s].ay) / Math.hypot(exact[s].ax, exact[s].ay));
    }
    return e.sort((a, b) => a - b);
  };
  const mono = textbookErrors(false);
  const quad = textbookErrors(true);
  return {
    ...t,
    interactionsPerStar: g.tree.interactions / g.count,
    errorMedian: errors[errors.length >> 1],
    errorP99: p99(errors),
    textbook: {
      median: mono[mono.length >> 1],
      p99: p99(mono),
      quadMedian: quad[quad.length >> 1],
      quadP99: p99(quad),
    },
    directMs,
  };
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
      { n: 10000, id: 'n10000', label: '10,000 bodies', steps: q ? 10 : 40, naiveSteps: 1 },
    ];
    const figures: BenchFigure[] = [];
    for (const s of sizes) {
      ctx.progress(`gravity: engine at ${s.n} bodies${s.n === 10000 ? `, ${RUNS} runs` : ''}`);
      const runs = s.n === 10000 ? timeEngineRuns(s.n, s.steps) : null;
      const engine = runs ? { ...runs, msPerStep: runs.wallMs } : timeEngine(s.n, s.steps);
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
      if (runs) {
        figures.push({
          id: 'gravity.engine.n10000.substepsPerSecond',
          label: `Engine sub-steps per second, 10,000 bodies (median of ${RUNS} runs: ${runs.runs
            .map((ms) => Math.round(1000 / ms))
            .join(', ')})`,
          value: Math.round(1000 / runs.wallMs),
          unit: 'steps/s',
          better: 'higher',
          goal: { op: '>=', value: 300, text: '10,000 bodies ≥ 300 sub-steps per second' },
        });
        figures.push({
          id: 'gravity.engine.n10000.substepsPerCpuSecond',
          label: `Engine sub-steps per second of CPU time, 10,000 bodies (median of ${RUNS} runs)`,
          value: Math.round(1000 / runs.cpuMs),
          unit: 'steps/s',
          better: 'higher',
          goal: { op: '>=', value: 300, text: 'the same goal, by CPU time' },
        });
      }
    }
    const galaxy = timeGalaxy(q ? 1 : 3, q ? 100 : 1000, ctx.progress);
    figures.push({
      id: 'gravity.galaxy.stepsPerSecond',
      label: `Galaxy, 100,000 stars, tree code θ = ${GALAXY_THETA} (WebAssembly) steps per second (median of ${RUNS} runs: ${galaxy.runs
        .map((ms) => (1000 / ms).toFixed(1))
        .join(', ')}; ${Math.round(galaxy.interactionsPerStar)} interactions per star)`,
      value: round(1000 / galaxy.wallMs),
      unit: 'steps/s',
      better: 'higher',
      baseline: {
        label: 'direct sum (estimated from the sampled stars)',
        value: round(1000 / galaxy.directMs),
        ratio: round(galaxy.directMs / galaxy.wallMs),
        ratioLabel: '× the direct sum’s rate',
      },
      goal: { op: '>=', value: 30, text: '100,000 bodies ≥ 30 sub-steps per second in one thread' },
    });
    figures.push({
      id: 'gravity.galaxy.stepsPerCpuSecond',
      label: `Galaxy steps per second of CPU time (median of ${RUNS} runs)`,
      value: round(1000 / galaxy.cpuMs),
      unit: 'steps/s',
      better: 'higher',
      goal: { op: '>=', value: 30, text: 'the same goal, by CPU time' },
    });
    const textbook = {
      label: 'textbook Barnes–Hut θ = 0.5 (monopoles) on the same stars',
      ratioLabel: '× its error',
    };
    figures.push({
      id: 'gravity.galaxy.forceErrorMedian',
      label: `Galaxy force error against the direct sum, median of ${q ? 100 : 1000} stars`,
      value: round(galaxy.errorMedian * 100),
      unit: '%',
      better: 'lower',
      baseline: {
        ...textbook,
        value: round(galaxy.textbook.median * 100),
        ratio: round(galaxy.errorMedian / galaxy.textbook.median),
      },
      goal: { op: '<=', value: 1, text: 'median relative error ≤ 1 %' },
    });
    figures.push({
      id: 'gravity.galaxy.forceErrorVsTextbook',
      label: 'Galaxy median force error ÷ textbook Barnes–Hut θ = 0.5’s (same stars)',
      value: round(galaxy.errorMedian / galaxy.textbook.median),
      unit: '×',
      better: 'lower',
      goal: { op: '<=', value: 1, text: 'Barnes–Hut θ ≤ 0.5 or better: no more error than it' },
    });
    figures.push({
      id: 'gravity.galaxy.forceErrorP99',
      label: 'Galaxy force error against the direct sum, 99th percentile',
      value: round(galaxy.errorP99 * 100),
      unit: '%',
      better: 'lower',
      baseline: {
        ...textbook,
        value: round(galaxy.textbook.p99 * 100),
        ratio: round(galaxy.errorP99 / galaxy.textbook.p99),
      },
    });
    figures.push({
      id: 'gravity.galaxy.textbookQuadrupoleErrorMedian',
      label: 'For scale: Barnes–Hut θ = 0.5 with quadrupoles, force error median (p99 beside it)',
      value: round(galaxy.textbook.quadMedian * 100),
      unit: '%',
      better: 'lower',
      baseline: {
        label: 'its p99',
        value: round(galaxy.textbook.quadP99 * 100),
        ratio: round(galaxy.textbook.quadP99 / galaxy.textbook.quadMedian),
        ratioLabel: '× its median',
      },
    });
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const quick = process.argv.includes('--quick');
  const figures = await gravityPart.run({
    quick,
    chromium: null,
    progress: (m) => console.error(m),
  });
  console.log(figuresTable(figures));
}
