import { describe, expect, it } from 'vitest';
import type { ItemSlot } from '../engine/game.ts';
import { devGive } from './dev.ts';

const empty: ItemSlot = { kind: 'empty' };
const mower: ItemSlot = { kind: 'mower', fuel: 40 };
const can: ItemSlot = { kind: 'fuelCan' };
const food: ItemSlot = { kind: 'food', count: 2 };

describe('devGive', () => {
  it('spawns into an empty slot', () => {
    const slots = [mower, empty, empty, empty, empty];
    expect(devGive(slots, 'food5')).toEqual({ toast: 'Spawned food x5', send: true });
    expect(devGive(slots, 'fuelCan')).toEqual({ toast: 'Spawned fuel can', send: true });
    expect(devGive(slots, 'mower')).toEqual({ toast: 'Spawned mower', send: true });
  });

  it('says No empty slot when the inventory is full', () => {
    const slots = [mower, mower, mower, mower, mower];
    expect(devGive(slots, 'food5')).toEqual({ toast: 'No empty slot', send: false });
    expect(devGive(slots, 'fuelCan')).toEqual({ toast: 'No empty slot', send: false });
    expect(devGive(slots, 'mower')).toEqual({ toast: 'No empty slot', send: false });
  });

  it('adds food to the stack the player has even when full', () => {
    expect(devGive([mower, food, mower, mower, mower], 'food5')).toEqual({
      toast: 'Spawned food x5',
      send: true,
    });
  });

  it('gives one fuel can at a time', () => {
    expect(devGive([mower, can, empty, empty, empty], 'fuelCan')).toEqual({
      toast: 'Already have a fuel can',
      send: false,
    });
    expect(devGive([mower, can, mower, mower, mower], 'fuelCan').toast).toBe('Already have a fuel can');
  });
});
