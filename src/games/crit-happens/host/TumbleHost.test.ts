import { describe, expect, it } from 'vitest';
import { addDie, type Die, emptyPool, type Pool } from '../engine/dice.ts';
import { FRAME_STRIDE, simulateTumble, type TumbleInput } from '../engine/physics.ts';
import { type RollRequest, TumbleHost } from './TumbleHost.ts';

const input: TumbleInput = {
  arena: { width: 600, height: 400 },
  sizes: [56, 56, 56],
  durationsMs: [1200, 1400, 1500],
  symmetry: [4, 6, 3],
  seed: 11,
};

function dice(): Die[] {
  let pool: Pool = emptyPool();
  for (const type of ['d6', 'd8', 'd4'] as const) pool = (addDie(pool, type) as { pool: Pool }).pool;
  return pool.dice;
}

const request = (id: number, inputMark = 0): RollRequest => ({
  id,
  input,
  dice: dice(),
  faces: [3, 5, 2],
  seed: 11,
  inputMark,
});

describe('TumbleHost', () => {
  it('returns the engine track and marks its three buffers for transfer', () => {
    const marked: Transferable[][] = [];
    const host = new TumbleHost((value, transfer) => {
      marked.push(transfer);
      return value;
    });
    const track = host.tumble(input);
    expect(Array.from(track.frames)).toEqual(Array.from(simulateTumble(input).frames));
    expect(marked).toEqual([[track.frames.buffer, track.settleStep.buffer, track.impacts.buffer]]);
  });

  it('posts a roll to the waiting renderer with its frames moved, and gives the page the timings', async () => {
    const marked: Transferable[][] = [];
    const host = new TumbleHost((value, transfer) => {
      marked.push(transfer);
      return value;
    });
    const next = host.nextSnapshot(null);
    const times = host.roll(request(1, 7));
    const snapshot = await next;
    const engine = simulateTumble(input);
    expect(snapshot.atRest).toBe(false);
    expect(snapshot.roll).toMatchObject({ id: 1, faces: [3, 5, 2], seed: 11, inputMark: 7 });
    expect(Array.from(snapshot.roll.track.frames)).toEqual(Array.from(engine.frames));
    expect(marked).toEqual([[snapshot.roll.track.frames.buffer]]);
    // The page follows the same timings, and knows where each die comes to rest.
    expect(Array.from(times.settleStep)).toEqual(Array.from(engine.settleStep));
    expect(times.impactCount).toBe(engine.impactCount);
    const last = ((engine.steps - 1) * engine.count + 2) * FRAME_STRIDE;
    expect(times.resting[2 * 3]).toBe(engine.frames[last]);
    expect(times.resting[2 * 3 + 1]).toBe(engine.frames[last + 1]);
  });

  it('keeps a roll for a renderer that asks later, once; a new renderer gets it again, at rest', async () => {
    const host = new TumbleHost();
    host.roll(request(1));
    host.roll(request(2));
    // Only the newest is waiting.
    expect((await host.nextSnapshot(null)).roll.id).toBe(2);
    let answered = false;
    host.nextSnapshot(null).then(() => {
      answered = true;
    });
    await Promise.resolve();
    expect(answered).toBe(false);

    host.newReader();
    const again = await host.nextSnapshot(null);
    expect(again).toMatchObject({ roll: { id: 2 }, atRest: true });
    // The old reader's request was dropped, not answered.
    expect(answered).toBe(false);
    const next = host.nextSnapshot(null);
    host.roll(request(3));
    expect(await next).toMatchObject({ roll: { id: 3 }, atRest: false });
  });

  it('a new renderer before any roll waits for the first', async () => {
    const host = new TumbleHost();
    host.newReader();
    const next = host.nextSnapshot(null);
    host.roll(request(1));
    expect(await next).toMatchObject({ roll: { id: 1 }, atRest: false });
  });
});
