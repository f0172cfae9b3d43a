import { describe, expect, it } from 'vitest';
import {
  expectSameTimeAt144And60Hz,
  expectStillWhilePausedOrHidden,
  hostOnTestClock,
} from '../../../lib/runtime/hostTesting.testutil.ts';
import { CHUNK } from '../engine/constants.ts';
import { createGame, step } from '../engine/game.ts';
import { ENTITY_STRIDE, type YardSnapshot } from '../engine/snapshot.ts';
import { type YardFeed, YardHost } from './YardHost.ts';

const makeHost = () => hostOnTestClock((options) => new YardHost(options));

/** A yard where a gardener who stands still is not beaten for `seconds`. */
function calmSeed(seconds: number): number {
  for (let seed = 1; seed < 500; seed++) {
    const game = createGame(seed);
    for (let t = 0; t < seconds * 60 && game.status === 'playing'; t++) step(game);
    if (game.status === 'playing') return seed;
  }
  throw new Error('no calm seed');
}

const ask = (chunks: number[] = []) => ({ entities: null, chunks });

/** Lets the promise callbacks waiting run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await Promise.resolve();
}

describe('YardHost', () => {
  it('steps at 60 Hz on its own clock, with the latest input', async () => {
    const { clock, host } = makeHost();
    host.newGame(9);
    const first = await host.nextSnapshot(null);
    host.setInput({ moveX: 1, moveY: 0, moveTo: null });
    clock.advance(1000);
    expect(host.stats().t).toBeCloseTo(1, 1);
    const later = await host.nextSnapshot({ entities: first.entities, chunks: [] });
    // 6 tiles a second, unless a bush was in the way.
    expect(later.player.x - first.player.x).toBeGreaterThan(2);
    expect(later.entityCount).toBeGreaterThan(0);
    expect(later.entities.length).toBeGreaterThanOrEqual(later.entityCount * ENTITY_STRIDE);
  });

  it('shows the same game time after 10 s at 144 Hz and at 60 Hz, within 1 %', async () => {
    await expectSameTimeAt144And60Hz(() => {
      const { clock, host } = makeHost();
      host.newGame(calmSeed(11));
      const nextSnapshot = () => host.nextSnapshot(ask());
      return { clock, nextSnapshot, gameTime: (s) => s.t, dispose: () => host.dispose() };
    }, 9.8);
  });

  it('stops (and its timer) while paused or hidden', () => {
    const { clock, host } = makeHost();
    host.newGame(9);
    expectStillWhilePausedOrHidden({
      clock,
      setRunning: (running) => host.setRunning(running),
      setVisible: (visible) => host.setVisible(visible),
      progress: () => host.stats().t,
    });
  });

  it('echoes the newest move a step has applied, not one only received', async () => {
    const { clock, host } = makeHost();
    host.newGame(calmSeed(2));
    const first = await host.nextSnapshot(null);
    expect(first.input).toBe(0);
    host.setRunning(false);
    host.steer({ moveX: 1, moveY: 0, clearTarget: true }, 7);
    // Received while paused: no step has applied it yet.
    host.refresh();
    expect((await host.nextSnapshot(ask())).input).toBe(0);
    host.setRunning(true);
    clock.advance(20);
    const moved = await host.nextSnapshot(ask());
    expect(moved.input).toBe(7);
    expect(moved.player.x).toBeGreaterThan(first.player.x);
    // A key let go carries no number: the echo stays at the newest move.
    host.steer({ moveX: 0, moveY: 0, clearTarget: false });
    host.moveToward(2, 0, 9);
    clock.advance(20);
    expect((await host.nextSnapshot(ask())).input).toBe(9);
  });

  it('walks to a tapped point (relative to the gardener) and stops there', async () => {
    const { clock, host } = makeHost();
    host.newGame(calmSeed(2));
    const start = (await host.nextSnapshot(null)).player;
    host.moveToward(-2, 0, 1);
    clock.advance(1000);
    const end = (await host.nextSnapshot(ask())).player;
    expect(end.x).toBeLessThan(start.x);
    expect(end.moving).toBe(false);
    // The walk is over: a key moves the gardener again.
    host.steer({ moveX: 0, moveY: 1, clearTarget: false });
    clock.advance(200);
    expect((await host.nextSnapshot(ask())).player.y).toBeGreaterThan(end.y);
  });

  it('transfers the entity buffer, the tile changes and the chunks asked for; answers a chunk request at once', async () => {
    const { clock, host, transfers } = makeHost();
    host.newGame(9);
    host.setInput({ moveX: Number.NaN, moveY: 0, moveTo: { x: Number.POSITIVE_INFINITY, y: 1 } });
    clock.advance(100);
    const s = await host.nextSnapshot(null);
    expect(Number.isFinite(s.player.x)).toBe(true);
    expect(transfers.at(-1)).toEqual([s.entities.buffer, s.tileChanges.buffer]);
    host.setRunning(false);
    // Paused: nothing changes, but a request for chunks is answered.
    const withChunks = await host.nextSnapshot({ entities: s.entities, chunks: [0, 0, 1, 0, 0.5, 2] });
    expect(withChunks.run).toBe(s.run);
    expect(withChunks.chunks.map(({ cx, cy }) => [cx, cy])).toEqual([
      [0, 0],
      [1, 0],
    ]);
    expect(withChunks.chunks[0].tiles.length).toBe(CHUNK * CHUNK);
    expect(transfers.at(-1)).toEqual([
      withChunks.entities.buffer,
      withChunks.tileChanges.buffer,
      withChunks.chunks[0].tiles.buffer,
      withChunks.chunks[1].tiles.buffer,
    ]);
    // Without chunks to send and nothing changed, the next request waits.
    let answered = false;
    host.nextSnapshot(ask()).then(() => {
      answered = true;
    });
    await settle();
    expect(answered).toBe(false);
    host.refresh();
    await settle();
    expect(answered).toBe(true);
  });

  it('tags each yard (new game, restart, next level) so the scene drops the last one', async () => {
    const { host } = makeHost();
    const runs = [host.newGame(9)];
    const a = await host.nextSnapshot(null);
    runs.push(host.newGame(9));
    const b = await host.nextSnapshot(null);
    runs.push(host.nextLevel());
    const c = await host.nextSnapshot(null);
    expect([a.run, b.run, c.run]).toEqual(runs);
    expect(new Set(runs).size).toBe(3);
    // A restarted worker's host numbers its yards after the page's last one.
    const { host: fresh } = makeHost();
    expect(fresh.newGame(9, {}, c.run)).toBeGreaterThan(c.run);
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

  it('tells the page its events and HUD figures on the feed, and the scene the same events in its snapshots', async () => {
    const { clock, host } = makeHost();
    const channel = new MessageChannel();
    const feeds: YardFeed[] = [];
    channel.port1.onmessage = (event: MessageEvent<YardFeed>) => feeds.push(event.data);
    host.watch(channel.port2);
    const run = host.newGame(calmSeed(2));
    host.setInput({ moveX: 1, moveY: 0, moveTo: null });
    clock.advance(1000);
    const scene: YardSnapshot = await host.nextSnapshot(null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const cuts = (events: { type: string }[]) => events.filter((e) => e.type === 'cut').length;
    const pageCuts = feeds.reduce((n, f) => n + cuts(f.events), 0);
    expect(pageCuts).toBeGreaterThan(0);
    expect(cuts(scene.events)).toBe(pageCuts);
    expect(feeds.at(-1)).toMatchObject({ run, status: 'playing', player: { cutCount: pageCuts } });
    // Far fewer messages than steps: only when there is news.
    expect(feeds.length).toBeLessThan(30);
    host.dispose();
    channel.port1.close();
  });
});
