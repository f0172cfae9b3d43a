import { describe, expect, it } from 'vitest';
import { emptyHud, type Hud, nextHud } from './store.ts';

const hud = (patch: Partial<Hud> = {}): Hud => ({
  ...emptyHud,
  slots: [{ kind: 'mower', fuel: 80 }, { kind: 'food', count: 3 }, { kind: 'empty' }],
  ...patch,
});

describe('nextHud', () => {
  it('keeps the stored HUD when nothing shown changed (fresh objects from a snapshot)', () => {
    const stored = hud();
    expect(nextHud(stored, hud())).toBe(stored);
  });

  it('takes a changed number but keeps the same slots array', () => {
    const stored = hud();
    const next = nextHud(stored, hud({ cutCount: 4 }));
    expect(next).not.toBe(stored);
    expect(next.cutCount).toBe(4);
    expect(next.slots).toBe(stored.slots);
  });

  it('takes new slots when fuel, a count, a kind or the number of slots changed', () => {
    const stored = hud();
    for (const slots of [
      [{ kind: 'mower', fuel: 79 }, { kind: 'food', count: 3 }, { kind: 'empty' }],
      [{ kind: 'mower', fuel: 80 }, { kind: 'food', count: 2 }, { kind: 'empty' }],
      [{ kind: 'mower', fuel: 80 }, { kind: 'food', count: 3 }, { kind: 'fuelCan' }],
      [
        { kind: 'mower', fuel: 80 },
        { kind: 'food', count: 3 },
      ],
    ] as Hud['slots'][]) {
      const next = nextHud(stored, hud({ slots }));
      expect(next.slots).toBe(slots);
    }
  });

  it('sees every field: hp, score, target, level and the active slot', () => {
    const stored = hud();
    for (const patch of [{ hp: 4 }, { score: 10 }, { target: 120 }, { level: 2 }, { activeSlot: 1 }]) {
      expect(nextHud(stored, hud(patch))).toMatchObject(patch);
    }
  });
});
