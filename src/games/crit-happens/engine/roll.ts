/**
 * Rolling: the faces are decided by a seeded random source before any animation (the
 * tumble in physics.ts lands on them), then the outcome is read: totals, the kept d20
 * under advantage or disadvantage, keep rules of notation terms, and crits.
 */
import type { Rng } from '../../../lib/pure/rng.ts';
import {
  advantagePair,
  type Die,
  entryValue,
  faceRange,
  type Pool,
  type TrayEntry,
  trayEntries,
} from './dice.ts';
import type { RollFormula } from './notation.ts';

export type RollMode = 'normal' | 'advantage' | 'disadvantage';

/** Spec §4: random faces for 1200 ms + 120 ms per die index + up to 400 ms. */
export const ROLL_BASE_MS = 1200;
export const ROLL_PER_DIE_MS = 120;
export const ROLL_JITTER_MS = 400;

export const CRIT_SUCCESS_MESSAGES = [
  'Critical success!',
  'Legendary roll!',
  'Natural 20!',
  'The dice gods smile upon you!',
  'Flawless!',
  'Bards will sing of this roll!',
  'Crit happens — and it happened to you!',
  'Absolutely heroic!',
  'Perfection on a d20!',
  'The table erupts!',
] as const;

export const CRIT_FAIL_MESSAGES = [
  'Critical fail...',
  'Better luck next time.',
  'Natural 1. Ouch.',
  'The dice have betrayed you.',
  'Well, that happened.',
] as const;

/** One face, uniform over the die's range (0..9 for a d100 half). */
export function rollFace(die: Pick<Die, 'sides' | 'meta'>, rng: Rng): number {
  const [lo, hi] = faceRange(die);
  return rng.int(lo, hi);
}

export interface RollPlan {
  /** Face per die, in pool order. */
  faces: number[];
  /** How long each die tumbles, in pool order. */
  durationsMs: number[];
}

/** Decides a roll: faces first, then each die's tumbling time (spec §4). */
export function planRoll(pool: Pool, rng: Rng): RollPlan {
  const faces = pool.dice.map((die) => rollFace(die, rng));
  const durationsMs = pool.dice.map((_, index) => rollDurationMs(index, rng));
  return { faces, durationsMs };
}

export function rollDurationMs(index: number, rng: Rng): number {
  return ROLL_BASE_MS + ROLL_PER_DIE_MS * index + rng.int(0, ROLL_JITTER_MS);
}

/** Every die tumbling, faces hidden, highlights cleared. */
export function startRolling(pool: Pool): Pool {
  return { ...pool, dice: pool.dice.map((d) => ({ ...d, rolling: true, highlight: false, face: null })) };
}

/** The roll is complete: every face fixed, no die rolling; the kept d20 (advantage/disadvantage) highlighted. */
export function completeRoll(pool: Pool, plan: RollPlan, mode: RollMode): Pool {
  const settled: Pool = {
    ...pool,
    dice: pool.dice.map((d, i) => ({ ...d, rolling: false, highlight: false, face: plan.faces[i] })),
  };
  const kept = keptD20(settled, mode);
  if (!kept) return settled;
  return { ...settled, dice: settled.dice.map((d) => (d.id === kept.id ? { ...d, highlight: true } : d)) };
}

/**
 * Advantage keeps the higher of the two d20, disadvantage the lower (spec §4); a tie keeps
 * the first. Null in normal mode or without exactly two d20.
 */
export function keptD20(pool: Pool, mode: RollMode): Die | null {
  if (mode === 'normal') return null;
  const pair = advantagePair(pool);
  if (!pair) return null;
  const [a, b] = pair;
  if (a.face === null || b.face === null) return null;
  if (mode === 'advantage') return b.face > a.face ? b : a;
  return b.face < a.face ? b : a;
}

export type CritKind = 'success' | 'fail' | 'double-twenty';

export interface RollPart {
  /** 'd6', 'd100', … */
  label: string;
  value: number;
  /** False for dice a keep rule or advantage/disadvantage dropped. */
  kept: boolean;
  /** −1 for subtracted terms. */
  sign: 1 | -1;
  dieIds: string[];
}

export interface RollOutcome {
  total: number;
  parts: RollPart[];
  modifier: number;
  /** The kept d20 under advantage or disadvantage. */
  keptId: string | null;
  crit: CritKind | null;
  /** The d20 that show a natural 1 on a critical fail (they fall off the table). */
  fallenIds: string[];
}

/**
 * Reads a settled pool. Dice from a notation term follow its keep rule and sign; picked
 * dice add up; under advantage or disadvantage the dropped d20 (picked or typed) does not count. Crits look at the
 * d20 that count: a natural 20 is a success, a natural 1 (with no 20) a fail, and two 20
 * under disadvantage the double-twenty fireworks.
 */
export function evaluateRoll(pool: Pool, mode: RollMode, formula: RollFormula | null): RollOutcome {
  const entries = trayEntries(pool);
  const kept = keptD20(pool, mode);
  const pair = mode === 'normal' ? null : advantagePair(pool);
  const parts: RollPart[] = [];
  const byTerm = new Map<number, TrayEntry[]>();
  for (const entry of entries) {
    const term = entry.dice[0].term;
    if (term !== undefined && formula?.terms[term]) {
      const list = byTerm.get(term) ?? [];
      list.push(entry);
      byTerm.set(term, list);
      continue;
    }
    const value = entryValue(entry) ?? 0;
    const dropped = pair !== null && kept !== null && entry.type === 'd20' && entry.id !== kept.id;
    parts.push({ label: entry.type, value, kept: !dropped, sign: 1, dieIds: entry.dice.map((d) => d.id) });
  }
  for (const [termIndex, list] of byTerm) {
    const term = formula!.terms[termIndex];
    const values = list.map((e) => entryValue(e) ?? 0);
    const keptIndexes = new Set(values.map((_, i) => i));
    if (term.keep) {
      const order = values
        .map((value, i) => ({ value, i }))
        .sort(
          (a, b) => (term.keep!.which === 'highest' ? b.value - a.value : a.value - b.value) || a.i - b.i,
        );
      keptIndexes.clear();
      for (const { i } of order.slice(0, term.keep.count)) keptIndexes.add(i);
    }
    list.forEach((entry, i) => {
      // Advantage or disadvantage decides between the pool's two d20, whatever term they came from.
      const byMode = pair !== null && kept !== null && entry.type === 'd20';
      parts.push({
        label: entry.type,
        value: values[i],
        kept: byMode ? entry.id === kept.id : keptIndexes.has(i),
        sign: term.sign,
        dieIds: entry.dice.map((d) => d.id),
      });
    });
  }
  const modifier = formula?.modifier ?? 0;
  const total = parts.reduce((sum, part) => sum + (part.kept ? part.sign * part.value : 0), modifier);

  const countingD20 = parts.filter((p) => p.label === 'd20' && p.kept);
  const allD20 = parts.filter((p) => p.label === 'd20');
  let crit: CritKind | null = null;
  let fallenIds: string[] = [];
  if (mode === 'disadvantage' && pair && allD20.length === 2 && allD20.every((p) => p.value === 20)) {
    crit = 'double-twenty';
  } else if (countingD20.some((p) => p.value === 20)) {
    crit = 'success';
  } else if (countingD20.some((p) => p.value === 1)) {
    crit = 'fail';
    fallenIds = countingD20.filter((p) => p.value === 1).flatMap((p) => p.dieIds);
  }
  return { total, parts, modifier, keptId: kept?.id ?? null, crit, fallenIds };
}

/** A crit's message, one of the pool's (10 for a natural 20, 5 for a natural 1). */
export function critMessage(crit: CritKind, rng: Rng): string {
  return rng.pick(crit === 'fail' ? CRIT_FAIL_MESSAGES : CRIT_SUCCESS_MESSAGES);
}

/**
 * The face a tumbling die flashes at animation slot `slot`: a pure hash of the roll seed,
 * the die and the slot, so a replay of the same roll flickers the same way.
 */
export function flickerFace(
  die: Pick<Die, 'sides' | 'meta'>,
  seed: number,
  dieIndex: number,
  slot: number,
): number {
  let h =
    Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^
    Math.imul(dieIndex + 1, 0xc2b2ae35) ^
    Math.imul(slot + 7, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  h = (h ^ (h >>> 15)) >>> 0;
  const [lo, hi] = faceRange(die);
  return lo + (h % (hi - lo + 1));
}

/**
 * Typed `2d20kh1` / `2d20kl1` is advantage / disadvantage. When the formula has exactly two
 * d20, a keep rule on them becomes the roll mode (so the toggle shows it and can change it),
 * and leaves the formula; a keep of both is no rule at all. Other formulas are unchanged.
 */
export function modeFromFormula(formula: RollFormula): { formula: RollFormula; mode: RollMode | null } {
  const d20Terms = formula.terms.filter((t) => t.type === 'd20');
  const d20Count = d20Terms.reduce((n, t) => n + t.count, 0);
  if (d20Count !== 2 || !d20Terms.some((t) => t.keep)) return { formula, mode: null };
  let mode: RollMode | null = null;
  const terms = formula.terms.map((term) => {
    if (term.type !== 'd20' || !term.keep) return term;
    if (term.count === 2 && term.keep.count === 1)
      mode = term.keep.which === 'highest' ? 'advantage' : 'disadvantage';
    const { keep: _dropped, ...rest } = term;
    return rest;
  });
  return { formula: { ...formula, terms }, mode };
}
