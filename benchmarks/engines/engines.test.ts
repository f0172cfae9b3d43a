import { describe, expect, it } from 'vitest';
import { engineFigure } from './index.ts';
import { recordFullRun } from './lunarLander.ts';
import { recordFullGame } from './whacAMoji.ts';

describe('engineFigure', () => {
  it('divides a call by its units: µs per tick, ms per run', () => {
    const tick = engineFigure(
      { id: 'a', label: 'A', fn: () => 0, unitsPerCall: 600, unit: 'µs/tick' },
      3,
      2.5,
    );
    expect(tick).toMatchObject({ id: 'a', value: 5, unit: 'µs/tick', better: 'lower', label: 'A ±2.5%' });
    const run = engineFigure({ id: 'b', label: 'B', fn: () => 0, unitsPerCall: 1, unit: 'ms/run' }, 4.25, 1);
    expect(run.value).toBe(4.25);
  });
});

describe('engine benchmark inputs', () => {
  it('record a Lunar Lander run that ends at game over', () => {
    const run = recordFullRun();
    expect(run.ticks).toBeGreaterThan(600);
    expect(run.log.runs.length).toBeGreaterThan(0);
  });
  it('record a Whac-a-Moji game through all rounds', () => {
    expect(recordFullGame().length).toBeGreaterThan(8);
  });
});
