/**
 * Crit Happens in Node: what a roll of 20 dice costs before its animation starts (the
 * plan and the whole precomputed tumble, as the worker does it), per physics step, and how
 * fast the seeded roller is (the chi-square test rolls 60,000 of each die).
 * The page's frame rate with 20 dice is the frames part's (scene 'crit-happens').
 * Run alone: `npx tsx benchmarks/crit-happens/index.ts [--quick]`.
 */
import { pathToFileURL } from 'node:url';
import { addDie, type DieType, emptyPool, type Pool } from '../../src/games/crit-happens/engine/dice.ts';
import { simulateTumble } from '../../src/games/crit-happens/engine/physics.ts';
import { planRoll, rollFace } from '../../src/games/crit-happens/engine/roll.ts';
import { createRng } from '../../src/lib/pure/rng.ts';
import { median } from '../lib/stats.ts';
import type { BenchFigure, BenchPart } from '../types.ts';

const TYPES: DieType[] = ['d6', 'd20', 'd8', 'd12', 'd4'];
const SYMMETRY: Record<string, number> = { coin: 1, d4: 3, d6: 4, d8: 4, d10: 1, d12: 5, d20: 6 };

function poolOf(count: number): Pool {
  let pool = emptyPool();
  for (let i = 0; i < count; i++) pool = (addDie(pool, TYPES[i % TYPES.length]) as { pool: Pool }).pool;
  return pool;
}

/** One roll as the page makes it: plan, then the tumble in a 900×640 arena with 56 px dice. */
function rollOnce(pool: Pool, seed: number) {
  const plan = planRoll(pool, createRng(seed));
  return simulateTumble({
    arena: { width: 900, height: 640 },
    sizes: pool.dice.map(() => 56),
    durationsMs: plan.durationsMs,
    symmetry: pool.dice.map((d) => SYMMETRY[d.renderType]),
    seed,
  });
}

const round = (v: number) => Number(v.toPrecision(3));

export const part: BenchPart = {
  name: 'crit-happens',
  description:
    'Crit Happens dice: a 20-dice roll precomputed (plan + tumble), ms per physics step, rolls per second',
  async run(ctx) {
    const runs = ctx.quick ? 20 : 200;
    const pool = poolOf(20);
    for (let i = 0; i < 20; i++) rollOnce(pool, i + 1);
    ctx.progress(`crit-happens: ${runs} rolls of 20 dice`);
    const rollMs: number[] = [];
    const stepMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const track = rollOnce(pool, 1000 + i);
      const ms = performance.now() - t0;
      rollMs.push(ms);
      stepMs.push(ms / track.steps);
    }
    const rng = createRng(7);
    const faces = ctx.quick ? 100_000 : 1_000_000;
    const die = pool.dice[1];
    const t0 = performance.now();
    let sink = 0;
    for (let i = 0; i < faces; i++) sink += rollFace(die, rng);
    const facesPerSecond = faces / ((performance.now() - t0) / 1000);
    if (sink < 0) throw new Error('unreachable');
    const figures: BenchFigure[] = [
      {
        id: 'crit-happens.roll20.msPrecompute',
        label: 'Roll of 20 dice: plan + whole tumble (median)',
        value: round(median(rollMs)),
        unit: 'ms',
        better: 'lower',
        goal: { op: '<=', value: 16.7, text: 'ready within one frame (≤ 16.7 ms)' },
      },
      {
        id: 'crit-happens.roll20.msPerStep',
        label: 'Tumble physics step, 20 dice (median)',
        value: round(median(stepMs)),
        unit: 'ms',
        better: 'lower',
      },
      {
        id: 'crit-happens.facesPerSecond',
        label: 'Seeded d20 faces per second',
        value: Math.round(facesPerSecond),
        unit: 'faces/s',
        better: 'higher',
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
    progress: (m) => console.error(m),
  });
  for (const f of figures) console.log(`${f.label}: ${f.value} ${f.unit}`);
}
