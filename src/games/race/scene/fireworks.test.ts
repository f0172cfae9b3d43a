import { describe, expect, it } from 'vitest';
import { FIREWORKS_SECONDS } from '../engine/constants.ts';
import { screenPoint } from './camera.ts';
import { BURST_EVERY_MS, RaceFireworks, SPARKS_PER_BURST } from './fireworks.ts';

const FRAME_MS = 1000 / 60;
const origin = () => screenPoint(400, 300);

/** Frames from `from` for `ms`, as the scene draws them while fireworks are live; the bursts seen. */
function play(fireworks: RaceFireworks, from: number, ms: number): { bursts: number[]; now: number } {
  const bursts: number[] = [];
  let now = from;
  for (; now < from + ms; now += FRAME_MS) {
    if (!fireworks.live(now)) continue;
    const before = fireworks.pool.version;
    const count = fireworks.pool.count;
    fireworks.step(now, FRAME_MS / 1000, origin);
    if (fireworks.pool.version !== before && fireworks.pool.count > count) bursts.push(now);
  }
  return { bursts, now };
}

describe('RaceFireworks', () => {
  it('are not live until asked, and burst nothing before', () => {
    const fireworks = new RaceFireworks();
    expect(fireworks.live(0)).toBe(false);
    fireworks.step(0, FRAME_MS / 1000, origin);
    expect(fireworks.pool.count).toBe(0);
  });

  it('burst at once when asked, then every BURST_EVERY_MS for FIREWORKS_SECONDS, then fade out', () => {
    const fireworks = new RaceFireworks();
    fireworks.ask();
    const start = 5000;
    const { bursts } = play(fireworks, start, FIREWORKS_SECONDS * 1000 + 3000);
    expect(bursts[0]).toBe(start);
    const expected = Math.ceil((FIREWORKS_SECONDS * 1000) / BURST_EVERY_MS);
    expect(bursts.length).toBeGreaterThanOrEqual(expected - 1);
    expect(bursts.length).toBeLessThanOrEqual(expected);
    for (let i = 1; i < bursts.length; i++) {
      expect(bursts[i] - bursts[i - 1]).toBeGreaterThanOrEqual(BURST_EVERY_MS);
      expect(bursts[i] - bursts[i - 1]).toBeLessThan(BURST_EVERY_MS + FRAME_MS);
    }
    expect(bursts.at(-1)).toBeLessThan(start + FIREWORKS_SECONDS * 1000);
    // Every spark has faded by three seconds after the last burst: nothing left to draw.
    expect(fireworks.pool.count).toBe(0);
    expect(fireworks.live(start + FIREWORKS_SECONDS * 1000 + 3000)).toBe(false);
  });

  it('put a whole burst of sparks above and around the winner', () => {
    const fireworks = new RaceFireworks();
    fireworks.ask();
    fireworks.live(0);
    fireworks.step(0, 0, origin);
    expect(fireworks.pool.count).toBe(SPARKS_PER_BURST);
    const look = { x: 0, y: 0, scaleX: 1, scaleY: 1, tint: 0, alpha: 1 };
    const tints = new Set<number>();
    for (let i = 0; i < fireworks.pool.capacity; i++) {
      if (!fireworks.pool.isAlive(i)) continue;
      fireworks.pool.look(i, 3, look);
      expect(Math.abs(look.x - 400)).toBeLessThanOrEqual(110);
      expect(look.y).toBeLessThanOrEqual(300 - 40);
      expect(look.y).toBeGreaterThanOrEqual(300 - 180);
      tints.add(look.tint);
    }
    // One colour a burst.
    expect(tints.size).toBe(1);
  });

  it('burst the same way from race to race (no Math.random)', () => {
    const a = new RaceFireworks();
    const b = new RaceFireworks();
    a.ask();
    b.ask();
    play(a, 0, 1000);
    play(b, 0, 1000);
    const look = { x: 0, y: 0, scaleX: 1, scaleY: 1, tint: 0, alpha: 1 };
    const other = { ...look };
    for (let i = 0; i < a.pool.capacity; i++) {
      expect(a.pool.isAlive(i)).toBe(b.pool.isAlive(i));
      if (!a.pool.isAlive(i)) continue;
      a.pool.look(i, 3, look);
      b.pool.look(i, 3, other);
      expect(other).toEqual(look);
    }
  });
});
