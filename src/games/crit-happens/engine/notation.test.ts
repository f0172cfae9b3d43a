import { describe, expect, it } from 'vitest';
import { formatNotation, parseNotation } from './notation.ts';

describe('roll notation', () => {
  it.each([
    ['2d6+3', { terms: [{ type: 'd6', count: 2, sign: 1 }], modifier: 3 }],
    ['d20', { terms: [{ type: 'd20', count: 1, sign: 1 }], modifier: 0 }],
    [
      '4d6kh3',
      { terms: [{ type: 'd6', count: 4, sign: 1, keep: { which: 'highest', count: 3 } }], modifier: 0 },
    ],
    [
      '2d20kl1',
      { terms: [{ type: 'd20', count: 2, sign: 1, keep: { which: 'lowest', count: 1 } }], modifier: 0 },
    ],
    [
      '2d20k1',
      { terms: [{ type: 'd20', count: 2, sign: 1, keep: { which: 'highest', count: 1 } }], modifier: 0 },
    ],
    ['d%', { terms: [{ type: 'd100', count: 1, sign: 1 }], modifier: 0 }],
    [
      ' D8 + 1d4 - 2 ',
      {
        terms: [
          { type: 'd8', count: 1, sign: 1 },
          { type: 'd4', count: 1, sign: 1 },
        ],
        modifier: -2,
      },
    ],
    [
      'd12-d4',
      {
        terms: [
          { type: 'd12', count: 1, sign: 1 },
          { type: 'd4', count: 1, sign: -1 },
        ],
        modifier: 0,
      },
    ],
  ])('reads %s', (text, formula) => {
    expect(parseNotation(text)).toEqual({ ok: true, formula });
  });

  it.each([
    ['', 'Type a roll, for example 2d6+3'],
    ['2d7', 'There is no d7: use d2, d4, d6, d8, d10, d12, d20, d100 (or d%)'],
    ['2x6', "Expected + or − but found 'x' (at character 2)"],
    [
      'd',
      'Expected the number of sides after d (d2, d4, d6, d8, d10, d12, d20, d100 or d%) (at character 2)',
    ],
    ['0d6', '0d6 rolls no dice: roll at least one'],
    ['4d6kh5', 'kh5 cannot keep 5 of 4d6: keep between 1 and 4'],
    ['2d6+', 'Expected a number or a die like 2d6 (at character 5)'],
    ['5', 'Add at least one die, for example d20+5'],
    // A count error names the count and the limit, not a character.
    ['31d6', 'That is 31 dice: the arena holds at most 30 (a d100 counts as two)'],
    ['16d100', 'That is 32 dice: the arena holds at most 30 (a d100 counts as two)'],
    ['20d6+6d100', 'That is 32 dice: the arena holds at most 30 (a d100 counts as two)'],
    ['d6+5000', 'A modifier can be at most 1000 (not 5000)'],
  ])('rejects %j with a clear error', (text, error) => {
    expect(parseNotation(text)).toEqual({ ok: false, error });
  });

  it('writes formulas back as notation that reads the same', () => {
    for (const text of ['2d6+3', '4d6kh3', 'd20-1', 'd100', '2d20kl1+d4-d6']) {
      const parsed = parseNotation(text);
      if (!parsed.ok) throw new Error(parsed.error);
      expect(formatNotation(parsed.formula)).toBe(text);
      expect(parseNotation(formatNotation(parsed.formula))).toEqual(parsed);
    }
  });
});
