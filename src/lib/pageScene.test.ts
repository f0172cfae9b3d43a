import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageSceneLoop } from './pageScene.ts';

/** Animation frames run by hand: `tick(now)` runs the frame callbacks asked for so far. */
let callbacks: Map<number, FrameRequestCallback>;
let nextId: number;
function tick(now: number): void {
  const due = [...callbacks.values()];
  callbacks.clear();
  for (const callback of due) callback(now);
}

beforeEach(() => {
  callbacks = new Map();
  nextId = 1;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    callbacks.set(nextId, callback);
    return nextId++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => callbacks.delete(id));
});
afterEach(() => vi.unstubAllGlobals());

describe('PageSceneLoop', () => {
  it('draws once per frame with the alpha for the frame time, until stopped', () => {
    const draws: [number, number][] = [];
    const loop = new PageSceneLoop({ draw: (alpha, now) => draws.push([alpha, now]) }, (now) => now / 100);
    loop.start();
    loop.start();
    tick(10);
    tick(20);
    loop.stop();
    tick(30);
    expect(draws).toEqual([
      [0.1, 10],
      [0.2, 20],
    ]);
  });

  it('sleeps while the scene is still, asking for no frames, and wakes once for new input', () => {
    let still = false;
    const draw = vi.fn();
    const loop = new PageSceneLoop({ draw }, undefined, () => still);
    loop.start();
    tick(1);
    still = true;
    tick(2);
    expect(callbacks.size).toBe(0);
    loop.wake();
    loop.wake();
    expect(callbacks.size).toBe(1);
    tick(3);
    expect(draw).toHaveBeenCalledTimes(3);
    loop.stop();
    loop.wake();
    expect(callbacks.size).toBe(0);
  });
});
