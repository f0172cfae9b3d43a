/**
 * Yardcore in Node: generating a 48 × 48 chunk (terrain and what lies in it), and one
 * world step with 500 critters (crows, raccoons and squirrels in equal parts, all within
 * the active radius, the player walking back and forth with the mower), against the
 * issue's 1 ms budgets. Run alone: `npx tsx benchmarks/yardcore/index.ts [--quick]`.
 */
import { pathToFileURL } from 'node:url';
import { addEntity, createGame, step, type YardInput } from '../../src/games/yardcore/engine/game.ts';
import { generateChunk } from '../../src/games/yardcore/engine/world.ts';
import { median } from '../lib/stats.ts';
import type { BenchFigure, BenchPart } from '../types.ts';

const round = (v: number) => Number(v.toPrecision(3));
const CRITTERS = ['crow', 'raccoon', 'squirrel'] as const;

export const part: BenchPart = {
  name: 'yardcore',
  description: 'Yardcore engine: chunk generation, one world step with 500 critters',
  async run(ctx) {
    const chunks = ctx.quick ? 100 : 1000;
    ctx.progress(`yardcore: ${chunks} chunks`);
    for (let i = 0; i < 50; i++) generateChunk(i, i, i, 2);
    const chunkMs: number[] = [];
    for (let i = 0; i < chunks; i++) {
      const t0 = performance.now();
      generateChunk(12345, i % 37, Math.floor(i / 37), 2);
      chunkMs.push(performance.now() - t0);
    }

    const rounds = ctx.quick ? 3 : 9;
    const steps = 600;
    ctx.progress(`yardcore: ${rounds} × ${steps} steps with 500 critters`);
    const stepMs: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const game = createGame(100 + r, { level: 2 });
      game.entities = [];
      for (let i = 0; i < 500; i++) {
        addEntity(
          game,
          CRITTERS[i % 3],
          game.player.x + ((i * 7) % 50) - 25,
          game.player.y + ((i * 13) % 50) - 25,
        );
      }
      const input = (i: number): YardInput => ({ moveX: i % 240 < 120 ? 1 : -1, moveY: 0, moveTo: null });
      for (let i = 0; i < 120; i++) step(game, input(i));
      const t0 = performance.now();
      for (let i = 0; i < steps; i++) step(game, input(i));
      stepMs.push((performance.now() - t0) / steps);
      if (game.entities.length < 500) throw new Error(`critters lost: ${game.entities.length}`);
    }
    const figures: BenchFigure[] = [
      {
        id: 'yardcore.chunk.ms',
        label: 'Chunk generation, 48 × 48 tiles + spawns (median)',
        value: round(median(chunkMs)),
        unit: 'ms',
        better: 'lower',
        goal: { op: '<=', value: 1 },
      },
      {
        id: 'yardcore.step500.ms',
        label: 'World step, 500 critters (median of rounds)',
        value: round(median(stepMs)),
        unit: 'ms',
        better: 'lower',
        goal: { op: '<=', value: 1 },
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
