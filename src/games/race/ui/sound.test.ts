import { describe, expect, it } from 'vitest';
import { soundsFor } from './sound.ts';

describe('race sounds', () => {
  it('beeps 3, 2, 1 high and GO! low, cheers the winner, chimes the player’s laps, thuds once a batch', () => {
    expect(
      soundsFor(
        [
          { type: 'countdown', value: 3 },
          { type: 'countdown', value: 0 },
          { type: 'lap', carId: 2, laps: 1 },
          { type: 'lap', carId: 5, laps: 1 },
          { type: 'finish', carId: 2, place: 1 },
          { type: 'finish', carId: 5, place: 2 },
          { type: 'bump', strength: 0.2 },
          { type: 'bump', strength: 1 },
        ],
        5,
      ),
    ).toEqual([
      { name: 'beep', gain: 1 },
      { name: 'go', gain: 1 },
      { name: 'lap', gain: 1 },
      { name: 'crowd', gain: 1 },
      { name: 'bump', gain: 1 },
    ]);
  });
});
