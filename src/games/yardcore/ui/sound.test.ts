import { describe, expect, it } from 'vitest';
import type { YardEvent } from '../engine/game.ts';
import { YARD_SOUNDS } from '../sounds/recipes.ts';
import { soundsFor } from './sound.ts';

describe('soundsFor', () => {
  it('snips once per batch however many tiles were cut', () => {
    const cuts: YardEvent[] = Array.from({ length: 6 }, (_, i) => ({ type: 'cut', x: i, y: -3 }));
    const cues = soundsFor(cuts);
    expect(cues.map((c) => c.name)).toEqual(['snip']);
    expect(cues[0].rate).toBeGreaterThanOrEqual(0.9);
    expect(cues[0].rate).toBeLessThanOrEqual(1.1);
  });

  it('maps each event to its cue', () => {
    const cues = soundsFor([
      { type: 'pickup', item: 'feather', score: 5 },
      { type: 'pickup', item: 'food', score: 10 },
      { type: 'fed', critter: 'crow', score: 1 },
      { type: 'hurt', by: 'raccoon', damage: 1 },
      { type: 'hit', score: 5 },
      { type: 'throw' },
      { type: 'refuel' },
      { type: 'outOfFuel' },
      { type: 'message', text: 'Already carrying a can' },
      { type: 'levelup', level: 2 },
      { type: 'gameover' },
      { type: 'win' },
    ]);
    expect(cues.map((c) => c.name)).toEqual([
      'feather',
      'pickup',
      'crunch',
      'caw',
      'hurt',
      'bonk',
      'throw',
      'refuel',
      'sputter',
      'levelup',
      'gameover',
      'win',
    ]);
    for (const cue of cues) expect(Object.keys(YARD_SOUNDS)).toContain(cue.name);
  });

  it('is silent for no events', () => {
    expect(soundsFor([])).toEqual([]);
  });
});
