/**
 * Crit Happens' UI state (zustand): the pool, roll mode, the roll in progress, its
 * outcome, the crit overlay, history and drawers; and the persisted settings. Each user
 * intent is a named action; the rules are the engine's.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import {
  addDie,
  advantagePair,
  clearPool,
  type DieType,
  emptyPool,
  type Pool,
  removeDie,
  trayEntries,
} from '../engine/dice.ts';
import {
  closeDrawers,
  DRAWER_KEYS,
  type Drawers,
  drawersToStore,
  initialDrawers,
  type Side,
  setDrawer,
  toggleDrawer,
} from '../engine/drawers.ts';
import { type HistoryEntry, recordRoll } from '../engine/history.ts';
import { formatNotation, parseNotation, type RollFormula } from '../engine/notation.ts';
import {
  type CritKind,
  completeRoll,
  evaluateRoll,
  modeFromFormula,
  type RollMode,
  type RollOutcome,
  type RollPlan,
  startRolling,
} from '../engine/roll.ts';

export interface CritSettings {
  /** 0..1, default 0.9 (spec §3). */
  volume: number;
  muted: boolean;
  diceColor: string;
  numberColor: string;
  arenaColor: string;
}

export const DEFAULT_SETTINGS: CritSettings = {
  volume: 0.9,
  muted: false,
  diceColor: '#00b22a',
  numberColor: '#ffffff',
  arenaColor: '#3b1d5a',
};

interface SettingsStore extends CritSettings {
  update(patch: Partial<CritSettings>): void;
  resetColors(): void;
}

const HEX = /^#[0-9a-f]{6}$/i;

export const useCritSettings = create<SettingsStore>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      update: (patch) =>
        set((s) => {
          const next = { ...patch };
          if (next.volume !== undefined) next.volume = Math.min(1, Math.max(0, Number(next.volume) || 0));
          for (const key of ['diceColor', 'numberColor', 'arenaColor'] as const) {
            if (next[key] !== undefined && !HEX.test(next[key]!)) next[key] = s[key];
          }
          return next;
        }),
      resetColors: () =>
        set({
          diceColor: DEFAULT_SETTINGS.diceColor,
          numberColor: DEFAULT_SETTINGS.numberColor,
          arenaColor: DEFAULT_SETTINGS.arenaColor,
        }),
    }),
    { name: 'crithappens:settings', version: 1 },
  ),
);

/** A die the banner celebrates: its centre and size in the arena's CSS pixels. */
export interface Spot {
  x: number;
  y: number;
  size: number;
}

export interface Overlay {
  kind: CritKind;
  message: string;
  /** The celebrated dice (none for a natural 1: they fall off the table); the banner keeps clear of them. */
  spots?: Spot[];
  /** The arena's size when the spots were taken. */
  arena?: { width: number; height: number };
}

export interface CritState {
  pool: Pool;
  /** Set by typed notation; picking dice by hand drops it (its keep rules and modifier). */
  formula: RollFormula | null;
  notationText: string;
  notationError: string | null;
  mode: RollMode;
  rolling: boolean;
  /** The plan of the roll in progress (faces decided before the animation). */
  plan: RollPlan | null;
  outcome: RollOutcome | null;
  overlay: Overlay | null;
  history: HistoryEntry[];
  drawers: Drawers;
  narrow: boolean;
  /** A short notice, e.g. the dice limit. */
  notice: string | null;
  /** What the live region reads out. */
  announcement: string;
  /** A worker stopped: its message, shown with a Restart. */
  stopped: string | null;
}

const initial = (): CritState => ({
  pool: emptyPool(),
  formula: null,
  notationText: '',
  notationError: null,
  mode: 'normal',
  rolling: false,
  plan: null,
  outcome: null,
  overlay: null,
  history: [],
  drawers: { left: true, right: true },
  narrow: false,
  notice: null,
  announcement: '',
  stopped: null,
});

export const useCritStore = create<CritState>()(() => initial());

/** The notation that describes the pool: the typed formula, or the dice counted by type. */
export function poolNotation(pool: Pool, formula: RollFormula | null): string {
  if (formula) return formatNotation(formula);
  const counts = new Map<DieType, number>();
  for (const entry of trayEntries(pool)) counts.set(entry.type, (counts.get(entry.type) ?? 0) + 1);
  return formatNotation({
    terms: [...counts].map(([type, count]) => ({ type, count, sign: 1 as const })),
    modifier: 0,
  });
}

const set = (patch: Partial<CritState> | ((s: CritState) => Partial<CritState>)) =>
  useCritStore.setState(patch);
const get = () => useCritStore.getState();

/** Mode falls back to normal when the pool no longer has exactly two d20. */
function withPool(pool: Pool, formula: RollFormula | null): Partial<CritState> {
  const s = get();
  return {
    pool,
    formula,
    notationText: poolNotation(pool, formula),
    notationError: null,
    mode: advantagePair(pool) ? s.mode : 'normal',
    outcome: null,
  };
}

function readStoredDrawers(): { left: string | null; right: string | null } {
  try {
    return { left: localStorage.getItem(DRAWER_KEYS.left), right: localStorage.getItem(DRAWER_KEYS.right) };
  } catch {
    return { left: null, right: null };
  }
}

function storeDrawers(drawers: Drawers, narrow: boolean): void {
  const entries = drawersToStore(drawers, narrow);
  if (!entries) return;
  try {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the drawers still work for this visit.
  }
}

export const critActions = {
  reset(viewportWidth: number, narrow: boolean): void {
    void viewportWidth;
    set({ ...initial(), narrow, drawers: initialDrawers(narrow, readStoredDrawers()) });
  },

  pick(type: DieType): void {
    const s = get();
    if (s.rolling) return;
    const result = addDie(s.pool, type);
    if (!result.ok) {
      set({ notice: result.error, announcement: result.error });
      return;
    }
    set({ ...withPool(result.pool, null), notice: null, announcement: `Added a ${type}` });
  },

  remove(id: string): void {
    const s = get();
    if (s.rolling) return;
    set({ ...withPool(removeDie(s.pool, id), null), notice: null });
  },

  clear(): void {
    const s = get();
    if (s.rolling) return;
    set({
      ...withPool(clearPool(s.pool), null),
      notice: null,
      overlay: null,
      announcement: 'Cleared the dice',
    });
  },

  typeNotation(text: string): void {
    set({ notationText: text, notationError: null });
  },

  /** Replaces the pool with the typed notation's dice; a clear error when it does not read. */
  applyNotation(): boolean {
    const s = get();
    if (s.rolling) return false;
    const parsed = parseNotation(s.notationText);
    if (!parsed.ok) {
      set({ notationError: parsed.error });
      return false;
    }
    const { formula, mode } = modeFromFormula(parsed.formula);
    let pool = clearPool(s.pool);
    formula.terms.forEach((term, index) => {
      for (let i = 0; i < term.count; i++) {
        const added = addDie(pool, term.type, index);
        if (added.ok) pool = added.pool;
      }
    });
    const next = withPool(pool, formula);
    if (mode && advantagePair(pool)) next.mode = mode;
    set({
      ...next,
      notice: null,
      announcement: `Dice set to ${formatNotation(formula)}${next.mode && next.mode !== 'normal' ? ` (${next.mode})` : ''}`,
    });
    return true;
  },

  setMode(mode: RollMode): void {
    if (get().rolling) return;
    set({ mode: advantagePair(get().pool) ? mode : 'normal' });
  },

  canRoll(): boolean {
    const s = get();
    return !s.rolling && s.pool.dice.length > 0;
  },

  beginRoll(plan: RollPlan): void {
    set((s) => ({
      pool: startRolling(s.pool),
      rolling: true,
      plan,
      outcome: null,
      overlay: null,
      notice: null,
      announcement: 'Rolling…',
    }));
  },

  /** A roll that could not be thrown: the dice and the last result as they were before it. */
  cancelRoll(before: Pick<CritState, 'pool' | 'outcome'>): void {
    if (!get().rolling) return;
    set({ ...before, rolling: false, plan: null, announcement: 'The dice could not be rolled' });
  },

  /** Fixes every face and reads the outcome; returns it (the session plays its effects). */
  finishRoll(pickMessage: (crit: CritKind) => string): RollOutcome | null {
    const s = get();
    if (!s.plan) return null;
    const pool = completeRoll(s.pool, s.plan, s.mode);
    const outcome = evaluateRoll(pool, s.mode, s.formula);
    const notation = poolNotation(pool, s.formula);
    const overlay = outcome.crit ? { kind: outcome.crit, message: pickMessage(outcome.crit) } : null;
    set({
      pool,
      rolling: false,
      plan: null,
      outcome,
      overlay,
      history: recordRoll(s.history, notation, s.mode, outcome),
      announcement: `Rolled ${notation}: total ${outcome.total}${overlay ? `. ${overlay.message}` : ''}`,
    });
    return outcome;
  },

  /** Where the dice the overlay celebrates lie, so its banner can keep clear of them. */
  spotOverlay(spots: Spot[], arena: { width: number; height: number }): void {
    const overlay = get().overlay;
    if (overlay) set({ overlay: { ...overlay, spots, arena } });
  },

  dismissOverlay(): void {
    set({ overlay: null });
  },

  dismissNotice(): void {
    set({ notice: null });
  },

  setNarrow(narrow: boolean): void {
    const s = get();
    if (s.narrow === narrow) return;
    // Crossing to a phone layout closes the drawers, as at start; back to desktop restores them.
    set({ narrow, drawers: initialDrawers(narrow, readStoredDrawers()) });
  },

  toggleDrawer(side: Side): void {
    const s = get();
    const drawers = toggleDrawer(s.drawers, side, s.narrow);
    storeDrawers(drawers, s.narrow);
    set({ drawers });
  },

  closeDrawer(side: Side): void {
    const s = get();
    const drawers = setDrawer(s.drawers, side, false, s.narrow);
    storeDrawers(drawers, s.narrow);
    set({ drawers });
  },

  closeDrawers(): void {
    const s = get();
    const drawers = closeDrawers();
    storeDrawers(drawers, s.narrow);
    set({ drawers });
  },
};
