/**
 * Roll notation: `2d6+3`, `4d6kh3` (keep the highest 3), `2d20kl1`, `d%` (a d100), sums
 * and differences of terms and whole numbers. Typed by the player or written from the
 * picked dice. Invalid input gets an error that says what is wrong: where the text does not
 * read, the character it stops at; a die, keep or count that reads but cannot be rolled, why.
 */
import { DIE_TYPES, type DieType, MAX_DICE, physicalCount, tooManyDice } from './dice.ts';

export interface DiceTerm {
  type: DieType;
  count: number;
  /** Keep only the highest or lowest `count` of the term's dice. */
  keep?: { which: 'highest' | 'lowest'; count: number };
  /** −1 when the term is subtracted. */
  sign: 1 | -1;
}

export interface RollFormula {
  terms: DiceTerm[];
  /** The sum of the whole-number terms. */
  modifier: number;
}

export type ParseResult = { ok: true; formula: RollFormula } | { ok: false; error: string };

const SUPPORTED = DIE_TYPES.map((t) => t).join(', ');
const MAX_MODIFIER = 1000;

/** Parses notation; whitespace is ignored, case does not matter. */
export function parseNotation(input: string): ParseResult {
  const text = input.replace(/\s+/g, '').toLowerCase();
  if (text === '') return { ok: false, error: 'Type a roll, for example 2d6+3' };
  const terms: DiceTerm[] = [];
  let modifier = 0;
  let pos = 0;
  let dice = 0;
  /** The text does not read here: say where. */
  const fail = (message: string): ParseResult => ({
    ok: false,
    error: `${message} (at character ${pos + 1})`,
  });
  /** The text reads, but asks for something that cannot be rolled: say what. */
  const refuse = (message: string): ParseResult => ({ ok: false, error: message });
  const readInt = (): number | null => {
    const match = /^\d+/.exec(text.slice(pos));
    if (!match) return null;
    pos += match[0].length;
    return Number(match[0]);
  };

  let sign: 1 | -1 = 1;
  let first = true;
  while (pos < text.length) {
    if (!first) {
      const op = text[pos];
      if (op !== '+' && op !== '-') return fail(`Expected + or − but found '${op}'`);
      sign = op === '+' ? 1 : -1;
      pos++;
    } else if (text[pos] === '+' || text[pos] === '-') {
      sign = text[pos] === '-' ? -1 : 1;
      pos++;
    }
    first = false;
    const start = pos;
    const count = readInt();
    if (text[pos] !== 'd') {
      if (count === null) return fail('Expected a number or a die like 2d6');
      if (count > MAX_MODIFIER) return refuse(`A modifier can be at most ${MAX_MODIFIER} (not ${count})`);
      modifier += sign * count;
      continue;
    }
    pos++; // 'd'
    let sides: number | null;
    if (text[pos] === '%') {
      pos++;
      sides = 100;
    } else {
      sides = readInt();
      if (sides === null)
        return fail('Expected the number of sides after d (d2, d4, d6, d8, d10, d12, d20, d100 or d%)');
    }
    const type = `d${sides}` as DieType;
    if (!DIE_TYPES.includes(type)) return refuse(`There is no d${sides}: use ${SUPPORTED} (or d%)`);
    const n = count ?? 1;
    if (n < 1) return refuse(`${text.slice(start, pos)} rolls no dice: roll at least one`);
    let keep: DiceTerm['keep'];
    if (text[pos] === 'k') {
      const keepAt = pos;
      pos++;
      let which: 'highest' | 'lowest' = 'highest';
      if (text[pos] === 'h' || text[pos] === 'l') {
        which = text[pos] === 'h' ? 'highest' : 'lowest';
        pos++;
      }
      const kept = readInt() ?? 1;
      if (kept < 1 || kept > n)
        return refuse(
          `${text.slice(keepAt, pos)} cannot keep ${kept} of ${n}d${sides}: keep between 1 and ${n}`,
        );
      keep = { which, count: kept };
    }
    dice += n * physicalCount(type);
    terms.push({ type, count: n, sign, ...(keep ? { keep } : {}) });
  }
  if (terms.length === 0) return { ok: false, error: 'Add at least one die, for example d20+5' };
  if (dice > MAX_DICE) return refuse(tooManyDice(dice));
  return { ok: true, formula: { terms, modifier } };
}

/** Writes a formula back as notation (`2d6kh1+d20-1`); `d100` stays `d100`. */
export function formatNotation(formula: RollFormula): string {
  let text = '';
  for (const term of formula.terms) {
    const body = `${term.count === 1 ? '' : term.count}${term.type}${
      term.keep ? `k${term.keep.which === 'highest' ? 'h' : 'l'}${term.keep.count}` : ''
    }`;
    text += text === '' ? (term.sign < 0 ? `-${body}` : body) : `${term.sign < 0 ? '-' : '+'}${body}`;
  }
  if (formula.modifier > 0) text += `+${formula.modifier}`;
  if (formula.modifier < 0) text += `${formula.modifier}`;
  return text;
}
