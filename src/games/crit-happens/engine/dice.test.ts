import { describe, expect, it } from 'vitest';
import {
  addDie,
  advantagePair,
  clearPool,
  type DIE_TYPES,
  d100Total,
  emptyPool,
  entryValue,
  faceLabel,
  MAX_DICE,
  type Pool,
  removeDie,
  TOO_MANY_DICE,
  trayEntries,
  trayValueText,
} from './dice.ts';

function poolOf(...types: (typeof DIE_TYPES)[number][]): Pool {
  let pool = emptyPool();
  for (const type of types) {
    const result = addDie(pool, type);
    if (!result.ok) throw new Error(result.error);
    pool = result.pool;
  }
  return pool;
}

describe('the dice pool', () => {
  it('adds every die type with its sides and shape', () => {
    const pool = poolOf('d2', 'd4', 'd6', 'd8', 'd10', 'd12', 'd20');
    expect(pool.dice.map((d) => [d.type, d.sides, d.renderType])).toEqual([
      ['d2', 2, 'coin'],
      ['d4', 4, 'd4'],
      ['d6', 6, 'd6'],
      ['d8', 8, 'd8'],
      ['d10', 10, 'd10'],
      ['d12', 12, 'd12'],
      ['d20', 20, 'd20'],
    ]);
    expect(pool.dice.every((d) => d.face === null && !d.rolling && !d.highlight)).toBe(true);
  });

  it('makes a d100 of two d10, tens and ones, sharing a groupId', () => {
    const pool = poolOf('d100');
    expect(pool.dice).toHaveLength(2);
    const [tens, ones] = pool.dice;
    expect(tens.type).toBe('d100');
    expect(tens.sides).toBe(10);
    expect(tens.meta).toEqual({ group: 'd100', role: 'tens', groupId: tens.meta!.groupId });
    expect(ones.meta).toEqual({ group: 'd100', role: 'ones', groupId: tens.meta!.groupId });
    expect(tens.id).not.toBe(ones.id);
  });

  it('removes both halves of a d100 by either id, and ids are never reused', () => {
    let pool = poolOf('d6', 'd100', 'd20');
    pool = removeDie(pool, pool.dice[2].id);
    expect(pool.dice.map((d) => d.type)).toEqual(['d6', 'd20']);
    const next = addDie(pool, 'd4');
    expect(next.ok && next.pool.dice[2].id).toBe('die-5');
    expect(clearPool(pool).dice).toEqual([]);
    expect(clearPool(pool).nextId).toBe(pool.nextId);
  });

  it(`refuses more than ${MAX_DICE} dice with a clear message`, () => {
    let pool = emptyPool();
    for (let i = 0; i < MAX_DICE - 1; i++) pool = (addDie(pool, 'd6') as { pool: Pool }).pool;
    const d100 = addDie(pool, 'd100');
    expect(d100).toEqual({ ok: false, pool, error: TOO_MANY_DICE });
    expect(addDie(pool, 'd6').ok).toBe(true);
  });

  it('reads a d100 as tens + ones, with 00 and 0 as 100', () => {
    expect(d100Total(0, 0)).toBe(100);
    expect(d100Total(0, 7)).toBe(7);
    expect(d100Total(9, 9)).toBe(99);
    expect(d100Total(5, 0)).toBe(50);
    const pool = poolOf('d100');
    const [entry] = trayEntries({ ...pool, dice: pool.dice.map((d) => ({ ...d, face: 0 })) });
    expect(entryValue(entry)).toBe(100);
    expect(faceLabel({ face: 0, meta: pool.dice[0].meta })).toBe('00');
    expect(faceLabel({ face: 3, meta: pool.dice[0].meta })).toBe('30');
    expect(faceLabel({ face: 3, meta: pool.dice[1].meta })).toBe('3');
  });

  it("shows a tray entry's value: '–' before a roll, '…' while any of its dice tumbles, then the value", () => {
    const pool = poolOf('d100', 'd6');
    const [d100, d6] = trayEntries(pool);
    expect(trayValueText(d6)).toBe('–');
    const tumbling = (d: Pool['dice'][number]) => ({ ...d, rolling: true });
    expect(trayValueText({ ...d6, dice: d6.dice.map(tumbling) })).toBe('…');
    expect(trayValueText({ ...d6, dice: [{ ...d6.dice[0], face: 4 }] })).toBe('4');
    const [tens, ones] = d100.dice;
    expect(
      trayValueText({
        ...d100,
        dice: [
          { ...tens, face: 3 },
          { ...ones, face: 7, rolling: true },
        ],
      }),
    ).toBe('…');
    expect(
      trayValueText({
        ...d100,
        dice: [
          { ...tens, face: 3 },
          { ...ones, face: 7 },
        ],
      }),
    ).toBe('37');
    expect(trayValueText({ ...d100, dice: [{ ...tens, face: 3 }, ones] })).toBe('–');
  });

  it('offers the advantage pair only with exactly two d20', () => {
    expect(advantagePair(poolOf('d20'))).toBeNull();
    expect(advantagePair(poolOf('d20', 'd20'))).not.toBeNull();
    expect(advantagePair(poolOf('d20', 'd6', 'd20'))).not.toBeNull();
    expect(advantagePair(poolOf('d20', 'd20', 'd20'))).toBeNull();
  });
});
