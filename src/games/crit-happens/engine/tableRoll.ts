/**
 * A roll made at a shared table: the server reads the notation and decides the faces (from
 * its own random source) and a tumble seed; every member rebuilds the same pool from the
 * notation and plays the same tumble from that seed. Pure: the random source is passed in.
 */
import { createRng } from '../../../lib/pure/rng.ts';
import { addDie, advantagePair, clearPool, emptyPool, faceRange, type Pool } from './dice.ts';
import { formatNotation, parseNotation, type RollFormula } from './notation.ts';
import {
  type CritKind,
  completeRoll,
  critMessage,
  evaluateRoll,
  modeFromFormula,
  type RollMode,
  type RollPlan,
  rollDurationMs,
} from './roll.ts';

/** Uniform integer in [min, max] inclusive (the server passes crypto.randomInt). */
export type RandomInt = (min: number, max: number) => number;

/** Tumble seeds are positive 31-bit integers, as local rolls use. */
export const MAX_TUMBLE_SEED = 0x7fffffff;

export interface TableRollRequest {
  notation: string;
  mode: RollMode;
}

/** What a table roll is, once read: the pool its notation makes, the formula and the mode that applies. */
export interface ReadTableRoll {
  pool: Pool;
  formula: RollFormula;
  mode: RollMode;
}

export interface DecidedTableRoll {
  /** The notation as the formula writes it back (canonical). */
  notation: string;
  mode: RollMode;
  /** Face per physical die, in pool order. */
  faces: number[];
  seed: number;
  total: number;
  crit: CritKind | null;
}

/**
 * The pool, formula and mode a notation makes (a keep on exactly two d20 is
 * advantage/disadvantage). `from`: the pool it replaces, whose die ids are not reused.
 */
export function readTableRoll(
  request: TableRollRequest,
  from: Pool = emptyPool(),
): { ok: true; roll: ReadTableRoll } | { ok: false; error: string } {
  const parsed = parseNotation(request.notation);
  if (!parsed.ok) return parsed;
  const { formula, mode: formulaMode } = modeFromFormula(parsed.formula);
  let pool = clearPool(from);
  for (const [index, term] of formula.terms.entries()) {
    for (let i = 0; i < term.count; i++) {
      const added = addDie(pool, term.type, index);
      if (!added.ok) return { ok: false, error: added.error };
      pool = added.pool;
    }
  }
  const mode = advantagePair(pool) ? (formulaMode ?? request.mode) : 'normal';
  return { ok: true, roll: { pool, formula, mode } };
}

/** Decides a roll: every face and the tumble seed from `randomInt`, then reads the outcome. */
export function decideTableRoll(
  request: TableRollRequest,
  randomInt: RandomInt,
): { ok: true; roll: DecidedTableRoll } | { ok: false; error: string } {
  const read = readTableRoll(request);
  if (!read.ok) return read;
  const { pool, formula, mode } = read.roll;
  const faces = pool.dice.map((die) => {
    const [lo, hi] = faceRange(die);
    return randomInt(lo, hi);
  });
  const seed = randomInt(1, MAX_TUMBLE_SEED);
  const outcome = evaluateRoll(completeRoll(pool, { faces, durationsMs: [] }, mode), mode, formula);
  return {
    ok: true,
    roll: { notation: formatNotation(formula), mode, faces, seed, total: outcome.total, crit: outcome.crit },
  };
}

/**
 * The plan every member plays for a table roll: the server's faces, and tumbling times
 * drawn from the server's seed, so every screen shows the same tumble. The returned
 * generator continues the same sequence (for the crit message), as a local roll's does.
 */
export function tableRollPlan(faces: readonly number[], seed: number) {
  const rng = createRng(seed);
  const plan: RollPlan = { faces: [...faces], durationsMs: faces.map((_, i) => rollDurationMs(i, rng)) };
  return { plan, rng };
}

/** The crit message a table roll shows: the same on every screen (drawn from the roll's seed). */
export function tableCritMessage(crit: CritKind, seed: number, dieCount: number): string {
  const { rng } = tableRollPlan(new Array(dieCount).fill(0), seed);
  return critMessage(crit, rng);
}
