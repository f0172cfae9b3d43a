import { describe, expect, it } from 'vitest';
import { CHUNK } from '../engine/constants.ts';
import { ENTITY_STRIDE } from '../engine/snapshot.ts';
import { type HostClock, YardHost } from './YardHost.ts';

class ManualClock implements HostClock {
  time = 0;
  private timers = new Map<number, { at: number; run: () => void }>();
  private next = 1;
  now() {
    return this.time;
  }
  setTimer(run: () => void, ms: number) {
    const h = this.next++;
    this.timers.set(h, { at: this.time + ms, run });
    return h;
  }
  clearTimer(handle: unknown) {
    this.timers.delete(handle as number);
  }
  get scheduled() {
    return this.timers.size;
  }
  advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()]
        .filter(([, t]) => t.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].run();
    }
    this.time = end;
  }
}

function makeHost() {
  const clock = new ManualClock();
  const transfers: Transferable[][] = [];
  const host = new YardHost({
    clock,
    markTransfer: (value, list) => {
      transfers.push(list);
      return value;
    },
  });
  return { clock, host, transfers };
}

describe('YardHost', () => {
  it('steps at 60 Hz on its own clock, with the latest input', async () => {
    const { clock, host } = makeHost();
    host.newGame(9);
    const first = await host.nextSnapshot(null);
    host.setInput({ moveX: 1, moveY: 0, moveTo: null });
    clock.advance(1000);
    expect(host.stats().t).toBeCloseTo(1, 1);
    const later = await host.nextSnapshot(first.entities);
    // 6 tiles a second, unless a bush was in the way.
    expect(later.player.x - first.player.x).toBeGreaterThan(2);
    expect(later.entityCount).toBeGreaterThan(0);
    expect(later.entities.length).toBeGreaterThanOrEqual(later.entityCount * ENTITY_STRIDE);
  });

  it('stops (and its timer) while paused or hidden', () => {
    const { clock, host } = makeHost();
    host.newGame(9);
    host.setRunning(false);
    clock.advance(500);
    expect(host.stats().t).toBe(0);
    expect(clock.scheduled).toBe(0);
    host.setRunning(true);
    host.setVisible(false);
    clock.advance(500);
    expect(host.stats().t).toBe(0);
    host.setVisible(true);
    clock.advance(100);
    expect(host.stats().t).toBeGreaterThan(0);
  });

  it('transfers the entity buffer, the tile changes and chunk tiles; ignores bad input', async () => {
    const { clock, host, transfers } = makeHost();
    host.newGame(9);
    host.setInput({ moveX: Number.NaN, moveY: 0, moveTo: { x: Number.POSITIVE_INFINITY, y: 1 } });
    clock.advance(100);
    const s = await host.nextSnapshot(null);
    expect(Number.isFinite(s.player.x)).toBe(true);
    expect(transfers.at(-1)).toEqual([s.entities.buffer, s.tileChanges.buffer]);
    const { run, tiles } = host.chunk(0, 0);
    expect(run).toBe(s.run);
    expect(tiles.length).toBe(CHUNK * CHUNK);
    expect(transfers.at(-1)).toEqual([tiles.buffer]);
  });

  it('tags each yard (new game, restart, next level) so the scene drops the last one', async () => {
    const { host } = makeHost();
    host.newGame(9);
    const a = await host.nextSnapshot(null);
    host.newGame(9);
    const b = await host.nextSnapshot(null);
    host.nextLevel();
    const c = await host.nextSnapshot(null);
    expect(new Set([a.run, b.run, c.run]).size).toBe(3);
    expect(host.chunk(1, 1).run).toBe(c.run);
  });

  it('gives the progress to save while a level is played: the mowed tiles too', () => {
    const { clock, host } = makeHost();
    host.newGame(9, { level: 2, score: 10, cutCount: 1, cut: [] });
    expect(host.progress()).toEqual({ score: 10, cutCount: 1, level: 2, cut: [] });
    host.setInput({ moveX: 1, moveY: 0, moveTo: null });
    clock.advance(500);
    const p = host.progress();
    expect(p?.cut?.length).toBe(((p?.cutCount ?? 0) - 1) * 2);
    expect(p?.score).toBe(10 + (p?.cutCount ?? 0) - 1);
  });

  it('goes on to the next level with the score kept', async () => {
    const { host } = makeHost();
    host.newGame(9, { level: 1, score: 40, cutCount: 0 });
    host.nextLevel();
    const s = await host.nextSnapshot(null);
    expect(s.player.level).toBe(2);
    expect(s.player.score).toBe(40);
  });
});
