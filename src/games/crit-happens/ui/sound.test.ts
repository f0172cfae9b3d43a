import { describe, expect, it } from 'vitest';
import { clacksToPlay, MAX_CLACKS_PER_FRAME } from './sound.ts';

describe('clacksToPlay (impacts of one animation frame that sound)', () => {
  it('plays every impact of a frame with a few', () => {
    expect(clacksToPlay([])).toEqual([]);
    expect(clacksToPlay([300, 90])).toEqual([300, 90]);
  });

  it('plays only the loudest few when many dice land in the same frame', () => {
    const speeds = [120, 900, 60, 450, 700, 80, 1000];
    expect(MAX_CLACKS_PER_FRAME).toBe(3);
    expect(clacksToPlay(speeds)).toEqual([1000, 900, 700]);
    expect(speeds).toEqual([120, 900, 60, 450, 700, 80, 1000]);
  });
});
