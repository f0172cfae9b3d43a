/**
 * Engine benchmarks in Node (tinybench) for the game engines present. Gravity and Synth
 * Loops have parts of their own (benchmarks/gravity, benchmarks/synth) with their baselines;
 * this part covers the other engines. An engine is present when src/games/<slug>/engine exists.
 */
import fs from 'node:fs';
import path from 'node:path';
import { GAME_SLUGS } from '../../src/routeTable.ts';
import { ROOT } from '../lib/site.ts';
import { timeCall } from '../lib/timing.ts';
import type { BenchFigure, BenchPart } from '../types.ts';
import type { EngineCase } from './types.ts';

/** Engines measured elsewhere: their own part runs them beside their baselines. */
const OWN_PARTS: Record<string, string> = { gravity: 'gravity', synth: 'synth' };

/** The cases of each engine, loaded only when that engine exists. */
const CASES: Record<string, () => Promise<EngineCase[]>> = {
  'lunar-lander': async () => (await import('./lunarLander.ts')).lunarLanderCases(),
  'whac-a-moji': async () => (await import('./whacAMoji.ts')).whacAMojiCases(),
};

export function engineFigure(c: EngineCase, medianMs: number, rme: number): BenchFigure {
  const perUnitMs = medianMs / c.unitsPerCall;
  const value = c.unit === 'µs/tick' ? perUnitMs * 1000 : perUnitMs;
  return {
    id: c.id,
    label: `${c.label} ±${rme.toFixed(1)}%`,
    value: Number(value.toPrecision(4)),
    unit: c.unit,
    better: 'lower',
  };
}

export const part: BenchPart = {
  name: 'engines',
  description: 'Game engine step and server-side run verification costs in Node (tinybench, median)',
  async run(ctx) {
    const figures: BenchFigure[] = [];
    for (const slug of GAME_SLUGS) {
      const present = fs.existsSync(path.join(ROOT, 'src', 'games', slug, 'engine'));
      if (!present) {
        ctx.note?.(`${slug}: engine not present`);
        continue;
      }
      if (OWN_PARTS[slug]) continue;
      const load = CASES[slug];
      if (!load) {
        ctx.note?.(`${slug}: engine present but has no benchmark case in benchmarks/engines yet`);
        continue;
      }
      try {
        for (const c of await load()) {
          ctx.progress(c.label);
          const timing = await timeCall(c.id, c.fn, ctx.quick);
          figures.push(engineFigure(c, timing.medianMs, timing.rme));
        }
      } catch (error) {
        ctx.note?.(`${slug}: not measured: ${(error as Error).message.split('\n')[0]}`);
      }
    }
    return figures;
  },
};

export default part;
