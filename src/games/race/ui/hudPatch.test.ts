import { describe, expect, it } from 'vitest';
import type { RaceHudStatus } from '../scene/RaceScene.ts';
import { hudPatch } from './hudPatch.ts';
import { initialRaceUiState, type RaceUiState } from './store.ts';

const state = (change: Partial<RaceUiState> = {}): RaceUiState => ({
  ...initialRaceUiState,
  totalLaps: 3,
  ...change,
});

const race = (change: Partial<RaceHudStatus> = {}): RaceHudStatus => ({
  phase: 'idle',
  countdown: null,
  totalLaps: 3,
  ids: [],
  colors: [],
  ranking: [],
  results: [],
  endReason: null,
  ...change,
});

describe('hudPatch', () => {
  it('is empty when the store shows the race already', () => {
    expect(hudPatch(race(), state(), 'idle', true)).toEqual({});
  });

  it('takes the cars, and picks the first as the player’s when none is picked or it left', () => {
    const twoCars = race({ ids: [4, 7], colors: [0xff0000, 0x00ff00] });
    expect(hudPatch(twoCars, state(), 'idle', false)).toEqual({
      cars: [
        { id: 4, color: 0xff0000 },
        { id: 7, color: 0x00ff00 },
      ],
      selectedId: 4,
    });
    expect(hudPatch(twoCars, state({ selectedId: 7 }), 'idle', false)).not.toHaveProperty('selectedId');
    expect(hudPatch(race(), state({ cars: [{ id: 4, color: 1 }], selectedId: 4 }), 'idle', false)).toEqual({
      cars: [],
      selectedId: null,
    });
  });

  it('takes the results once, as the race finishes, and drops them when it is not finished', () => {
    const results = [{ carId: 4, color: 1, place: 1, laps: 3 }];
    const finished = race({ phase: 'finished', results, endReason: 'all_finished' });
    expect(hudPatch(finished, state({ phase: 'running' }), 'running', false)).toEqual({
      phase: 'finished',
      results,
      endReason: 'all_finished',
    });
    expect(hudPatch(finished, state({ phase: 'finished' }), 'finished', false)).toEqual({});
    expect(hudPatch(race(), state({ results }), 'finished', false)).toEqual({
      results: null,
      endReason: null,
    });
  });

  it('takes the ranking only when it is due and has moved', () => {
    const ranking = [{ id: 4, color: 1, laps: 1, place: 0 }];
    const running = race({ phase: 'running', ranking });
    expect(hudPatch(running, state({ phase: 'running' }), 'running', false)).toEqual({});
    expect(hudPatch(running, state({ phase: 'running' }), 'running', true)).toEqual({ ranking });
    expect(hudPatch(running, state({ phase: 'running', ranking: [...ranking] }), 'running', true)).toEqual(
      {},
    );
  });
});
