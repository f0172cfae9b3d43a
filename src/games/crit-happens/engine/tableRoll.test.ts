import { describe, expect, it } from 'vitest';
import { decideTableRoll, readTableRoll, tableRollPlan } from './tableRoll.ts';

/** A random source that answers a fixed list, to check what the decision does with it. */
function scripted(values: number[]) {
  const asked: [number, number][] = [];
  return {
    asked,
    randomInt: (min: number, max: number) => {
      asked.push([min, max]);
      return values.shift() ?? min;
    },
  };
}

describe('table rolls', () => {
  it('draws every face from the given source over each die’s range, then the tumble seed', () => {
    const source = scripted([17, 4, 3, 0, 5, 12345]);
    const decided = decideTableRoll({ notation: '2d20+d6+d%', mode: 'advantage' }, source.randomInt);
    expect(source.asked).toEqual([
      [1, 20],
      [1, 20],
      [1, 6],
      [0, 9],
      [0, 9],
      [1, 0x7fffffff],
    ]);
    expect(decided).toEqual({
      ok: true,
      roll: {
        notation: '2d20+d6+d100',
        mode: 'advantage',
        faces: [17, 4, 3, 0, 5],
        seed: 12345,
        total: 17 + 3 + 5,
        crit: null,
      },
    });
  });

  it('reads a keep on two d20 as the mode, and ignores a mode without two d20', () => {
    const read = readTableRoll({ notation: '2d20kl1', mode: 'normal' });
    expect(read.ok && read.roll.mode).toBe('disadvantage');
    const single = readTableRoll({ notation: 'd20', mode: 'advantage' });
    expect(single.ok && single.roll.mode).toBe('normal');
  });

  it('says what is wrong with notation it cannot roll', () => {
    expect(decideTableRoll({ notation: '40d6', mode: 'normal' }, () => 1)).toEqual({
      ok: false,
      error: expect.stringMatching(/at most 30/),
    });
  });

  it('plays the same tumble plan from the same faces and seed', () => {
    expect(tableRollPlan([3, 5], 99).plan).toEqual(tableRollPlan([3, 5], 99).plan);
    expect(tableRollPlan([3, 5], 99).plan.faces).toEqual([3, 5]);
  });
});
