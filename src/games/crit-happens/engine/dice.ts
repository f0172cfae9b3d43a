/**
 * The dice pool of Crit Happens (games spec §3): dice of eight types, a d100 being two
 * d10 (tens and ones) that share a groupId. Pure data in, data out: every change returns
 * a new pool, so the UI store and the tests hold plain values.
 */

export const DIE_TYPES = ['d2', 'd4', 'd6', 'd8', 'd10', 'd12', 'd20', 'd100'] as const;
export type DieType = (typeof DIE_TYPES)[number];

/** The shape a die is drawn as (a d100 is drawn as its two d10). */
export type RenderType = 'coin' | 'd4' | 'd6' | 'd8' | 'd10' | 'd12' | 'd20';

export const SIDES: Readonly<Record<DieType, number>> = {
  d2: 2,
  d4: 4,
  d6: 6,
  d8: 8,
  d10: 10,
  d12: 12,
  d20: 20,
  d100: 100,
};

/**
 * Most dice the arena holds at once (a d100 counts as its two d10): the scene shrinks dice to
 * fit more, and past 30 they are too small to read on a phone. Shown where dice are added.
 */
export const MAX_DICE = 30;
export const TOO_MANY_DICE = `The arena holds at most ${MAX_DICE} dice (a d100 counts as two)`;

/** How full the arena is, said where dice are added (beside the picker). */
export function diceCountText(count: number): string {
  if (count >= MAX_DICE) return `${count} of ${MAX_DICE} dice: the arena is full`;
  if (count === MAX_DICE - 1)
    return `${count} of ${MAX_DICE} dice: room for one more (not a d100, it counts as two)`;
  return `${count} of ${MAX_DICE} dice (a d100 counts as two)`;
}

/** The error for asking `count` physical dice at once (past MAX_DICE). */
export function tooManyDice(count: number): string {
  return `That is ${count} dice: the arena holds at most ${MAX_DICE} (a d100 counts as two)`;
}

export interface DieMeta {
  group: 'd100';
  role: 'tens' | 'ones';
  groupId: string;
}

export interface Die {
  id: string;
  /** The type the player picked: 'd100' for both halves of a percentile pair. */
  type: DieType;
  /** Faces on this physical die: 10 for each half of a d100. */
  sides: number;
  /** The face showing: 1..sides, or 0..9 for a d100 half (tens shows it ×10); null before the first roll. */
  face: number | null;
  rolling: boolean;
  highlight: boolean;
  renderType: RenderType;
  meta?: DieMeta;
  /** Index of the notation term the die came from (keep rules apply per term); absent for picked dice. */
  term?: number;
}

export interface Pool {
  dice: Die[];
  /** Next id number: ids are never reused within a session, so React keys and sprites stay stable. */
  nextId: number;
}

export const emptyPool = (): Pool => ({ dice: [], nextId: 1 });

const RENDER: Readonly<Record<Exclude<DieType, 'd100'>, RenderType>> = {
  d2: 'coin',
  d4: 'd4',
  d6: 'd6',
  d8: 'd8',
  d10: 'd10',
  d12: 'd12',
  d20: 'd20',
};

/** How many physical dice a die type adds. */
export const physicalCount = (type: DieType): number => (type === 'd100' ? 2 : 1);

export type AddResult = { ok: true; pool: Pool } | { ok: false; pool: Pool; error: string };

/** Adds one die of `type` (two d10 for a d100); refuses past MAX_DICE. */
export function addDie(pool: Pool, type: DieType, term?: number): AddResult {
  if (pool.dice.length + physicalCount(type) > MAX_DICE) return { ok: false, pool, error: TOO_MANY_DICE };
  const fresh = { face: null, rolling: false, highlight: false } as const;
  if (type === 'd100') {
    const groupId = `g${pool.nextId}`;
    const tens: Die = {
      id: `die-${pool.nextId}`,
      type,
      sides: 10,
      renderType: 'd10',
      meta: { group: 'd100', role: 'tens', groupId },
      ...fresh,
      ...(term === undefined ? {} : { term }),
    };
    const ones: Die = {
      ...tens,
      id: `die-${pool.nextId + 1}`,
      meta: { group: 'd100', role: 'ones', groupId },
    };
    return { ok: true, pool: { dice: [...pool.dice, tens, ones], nextId: pool.nextId + 2 } };
  }
  const die: Die = {
    id: `die-${pool.nextId}`,
    type,
    sides: SIDES[type],
    renderType: RENDER[type],
    ...fresh,
    ...(term === undefined ? {} : { term }),
  };
  return { ok: true, pool: { dice: [...pool.dice, die], nextId: pool.nextId + 1 } };
}

/** Removes a die; removing either half of a d100 removes the pair. */
export function removeDie(pool: Pool, id: string): Pool {
  const die = pool.dice.find((d) => d.id === id);
  if (!die) return pool;
  const groupId = die.meta?.groupId;
  return {
    ...pool,
    dice: pool.dice.filter((d) => d.id !== id && (groupId === undefined || d.meta?.groupId !== groupId)),
  };
}

export const clearPool = (pool: Pool): Pool => ({ dice: [], nextId: pool.nextId });

/** A die and, for a d100, its partner: what the tray lists as one entry. */
export interface TrayEntry {
  /** Id of the entry's first die (remove by it). */
  id: string;
  type: DieType;
  dice: Die[];
}

export function trayEntries(pool: Pool): TrayEntry[] {
  const entries: TrayEntry[] = [];
  const byGroup = new Map<string, TrayEntry>();
  for (const die of pool.dice) {
    const groupId = die.meta?.groupId;
    if (groupId !== undefined) {
      const existing = byGroup.get(groupId);
      if (existing) {
        existing.dice.push(die);
        continue;
      }
      const entry: TrayEntry = { id: die.id, type: die.type, dice: [die] };
      byGroup.set(groupId, entry);
      entries.push(entry);
    } else {
      entries.push({ id: die.id, type: die.type, dice: [die] });
    }
  }
  return entries;
}

/**
 * The value a tray entry rolled: the face for most dice; for a d100, tens × 10 + ones with
 * 00 and 0 read as 100 (spec §5). Null until both halves have a face.
 */
export function entryValue(entry: TrayEntry): number | null {
  if (entry.type !== 'd100') return entry.dice[0].face;
  const tens = entry.dice.find((d) => d.meta?.role === 'tens')?.face;
  const ones = entry.dice.find((d) => d.meta?.role === 'ones')?.face;
  if (tens === null || tens === undefined || ones === null || ones === undefined) return null;
  return d100Total(tens, ones);
}

/** What the tray shows for an entry: '…' while a die of it tumbles, '–' before its first roll, else its value. */
export function trayValueText(entry: TrayEntry): string {
  if (entry.dice.some((d) => d.rolling)) return '…';
  const value = entryValue(entry);
  return value === null ? '–' : String(value);
}

/** d100 from its halves: tens (0..9, shown 00..90) and ones (0..9); 00 + 0 is 100. */
export function d100Total(tens: number, ones: number): number {
  const total = tens * 10 + ones;
  return total === 0 ? 100 : total;
}

/** The text on a die's face: a d100 tens half shows '00'..'90', a ones half '0'..'9'. */
export function faceLabel(die: Pick<Die, 'face' | 'meta'>): string {
  if (die.face === null) return '';
  if (die.meta?.role === 'tens') return `${die.face}0`;
  return String(die.face);
}

/** Lowest and highest face a physical die can show. */
export function faceRange(die: Pick<Die, 'sides' | 'meta'>): [number, number] {
  return die.meta ? [0, 9] : [1, die.sides];
}

/**
 * The two d20 the advantage toggle works on, or null unless exactly two are in the pool
 * (spec §4), picked or typed alike (`2d20`, `d20+d20+3`).
 */
export function advantagePair(pool: Pool): [Die, Die] | null {
  const d20s = pool.dice.filter((d) => d.type === 'd20');
  return d20s.length === 2 ? [d20s[0], d20s[1]] : null;
}
