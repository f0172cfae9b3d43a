/**
 * Draw & Race in Node: building a drawn track with its racing line (resampling, start line,
 * minimum-curvature line and speed profile: what the worker does once per stroke), and one
 * race step with 16 cars mid-race, against the budgets (≤ 20 ms and ≤ 0.1 ms).
 * Run alone: `npx tsx benchmarks/race/index.ts [--quick]`.
 */
import { pathToFileURL } from 'node:url';
import { RaceWorld } from '../../src/games/race/engine/race.ts';
import { randomLoopStroke } from '../../src/games/race/engine/testTracks.ts';
import { buildTrack } from '../../src/games/race/engine/track.ts';
import { median } from '../lib/stats.ts';
import type { BenchFigure, BenchPart } from '../types.ts';

const round = (v: number) => Number(v.toPrecision(3));

export const part: BenchPart = {
  name: 'race',
  description: 'Draw & Race engine: racing line for a drawn track, one race step with 16 cars',
  async run(ctx) {
    const tracks = ctx.quick ? 20 : 100;
    ctx.progress(`race: racing line for ${tracks} drawn loops`);
    for (let i = 0; i < 5; i++) buildTrack(randomLoopStroke(i, 1300, 760), 46, 0.95);
    const lineMs: number[] = [];
    for (let i = 0; i < tracks; i++) {
      const stroke = randomLoopStroke(1000 + i, 1300, 760);
      const t0 = performance.now();
      const result = buildTrack(stroke, 46, 0.95);
      lineMs.push(performance.now() - t0);
      if (!result.ok) throw new Error(`track ${i} failed: ${result.reason}`);
    }

    const rounds = ctx.quick ? 3 : 9;
    const steps = 1200;
    ctx.progress(`race: ${rounds} × ${steps} steps with 16 cars`);
    const stepMs: number[] = [];
    // Warm the JIT on a race of its own first: the figure is the steady state.
    const warm = new RaceWorld(1);
    warm.setTrack(randomLoopStroke(199, 1300, 760), 46, 1300, 760);
    for (let i = 0; i < 16; i++) warm.addCar();
    warm.setLaps(99);
    warm.start();
    for (let i = 0; i < 6000; i++) warm.step();
    for (let r = 0; r < rounds; r++) {
      const world = new RaceWorld(50 + r);
      const made = world.setTrack(randomLoopStroke(200 + r, 1300, 760), 46, 1300, 760);
      if (!made.ok) throw new Error(made.message);
      for (let i = 0; i < 16; i++) if (!world.addCar().ok) throw new Error(`car ${i} not placed`);
      world.setLaps(99);
      world.start();
      // Past the countdown and the start's shuffle: the pack is spread round the loop.
      for (let i = 0; i < 600; i++) world.step();
      const t0 = performance.now();
      for (let i = 0; i < steps; i++) {
        world.step();
        world.drainEvents();
      }
      stepMs.push((performance.now() - t0) / steps);
      if (world.phase !== 'running') throw new Error(`race stopped: ${world.phase}`);
    }
    const figures: BenchFigure[] = [
      {
        id: 'race.racingLine.ms',
        label: 'Track + racing line for a drawn loop (median)',
        value: round(median(lineMs)),
        unit: 'ms',
        better: 'lower',
        goal: { op: '<=', value: 20 },
      },
      {
        id: 'race.racingLine.max.ms',
        label: 'Track + racing line for a drawn loop (slowest)',
        value: round(Math.max(...lineMs)),
        unit: 'ms',
        better: 'lower',
      },
      {
        id: 'race.step16.ms',
        label: 'Race step, 16 cars (median of rounds)',
        value: round(median(stepMs)),
        unit: 'ms',
        better: 'lower',
        goal: { op: '<=', value: 0.1 },
      },
    ];
    return figures;
  },
};

export default part;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await part.run({
    quick: process.argv.includes('--quick'),
    chromium: null,
    progress: () => {},
  });
  for (const f of figures) console.log(`${f.label}: ${f.value} ${f.unit}`);
}
