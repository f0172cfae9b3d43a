// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeInputs } from '../engine/index.ts';
import { fetchGhostRuns, keepLocalRun, localRun } from './ghost.ts';

describe("a guest's own best run, kept on this device", () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });
  const log = encodeInputs([1, 1, 0, 4]);

  it('keeps a finished game that landed, and only a better one after it', () => {
    keepLocalRun(5, log, 120, 0);
    expect(localRun()).toBeNull();
    keepLocalRun(5, log, 150, 1);
    keepLocalRun(6, log, 140, 1);
    expect(localRun()).toEqual({ seed: 5, inputs: log, score: 150, levelsCleared: 1, playerName: 'You' });
    keepLocalRun(7, log, 300, 2);
    expect(localRun()?.seed).toBe(7);
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem('lunar-lander:ghost-run', '{"seed":"x"}');
    expect(localRun()).toBeNull();
    localStorage.setItem('lunar-lander:ghost-run', 'not json');
    expect(localRun()).toBeNull();
  });

  it('offline: flies the local run on the levels it landed, and asks the server nothing', async () => {
    keepLocalRun(9, log, 250, 2);
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const signal = new AbortController().signal;
    expect((await fetchGhostRuns(2, new Map(), signal)).best?.seed).toBe(9);
    expect(await fetchGhostRuns(3, new Map(), signal)).toEqual({});
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
