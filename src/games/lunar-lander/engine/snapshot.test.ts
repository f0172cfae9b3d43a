import { describe, expect, it } from 'vitest';
import { createGame } from './game.ts';
import { landerSnapshot, sameTerrain } from './snapshot.ts';

describe('lander snapshots', () => {
  it('carry what the scene draws, as plain data', () => {
    const state = createGame(5);
    const snapshot = landerSnapshot(state, 'crashed');
    expect(snapshot.lander).toEqual({
      x: state.lander.x,
      y: state.lander.y,
      vx: state.lander.vx,
      vy: state.lander.vy,
      firing: state.lander.firing,
    });
    expect(structuredClone(snapshot)).toEqual(snapshot);
    expect(snapshot.touchdown).toBe('crashed');
  });

  it('tell the same ground from a copy of it and from another level', () => {
    const terrain = createGame(5).terrain;
    expect(sameTerrain(terrain, terrain)).toBe(true);
    expect(sameTerrain(terrain, structuredClone(terrain))).toBe(true);
    expect(sameTerrain(null, terrain)).toBe(false);
    expect(sameTerrain(terrain, createGame(6).terrain)).toBe(false);
    const moved = structuredClone(terrain);
    moved.platform.x0 += 1;
    expect(sameTerrain(terrain, moved)).toBe(false);
  });
});
