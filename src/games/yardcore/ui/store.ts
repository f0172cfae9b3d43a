import { create, createStore } from 'zustand';
import { shallow } from 'zustand/shallow';
import type { ItemSlot } from '../engine/game.ts';
import { loadProgress, loadSettings, type YardSettings } from './storage.ts';

export type Phase =
  | 'intro'
  | 'starting'
  | 'playing'
  | 'paused'
  | 'gameover'
  | 'win'
  | 'levelup'
  | 'skilltree';

export interface Hud {
  hp: number;
  score: number;
  cutCount: number;
  target: number;
  level: number;
  slots: ItemSlot[];
  activeSlot: number;
}

export interface Toast {
  id: number;
  text: string;
}

/**
 * The page's UI state. The session writes the HUD when something it shows changes; a change
 * of the score, the count mowed or the mower's fuel alone (each cut) at most once a second:
 * the HUD's own figures follow `yardLive` at each cut, outside React.
 */
export interface YardUiState {
  phase: Phase;
  hud: Hud;
  toasts: Toast[];
  settings: YardSettings;
  hasProgress: boolean;
  /** Could not start (no WebGL or module workers). */
  failure: string | null;
  /** A worker stopped: its message, shown with a Restart. */
  stopped: string | null;
  settingsOpen: boolean;
  instructionsOpen: boolean;
}

export const emptyHud: Hud = {
  hp: 5,
  score: 0,
  cutCount: 0,
  target: 100,
  level: 1,
  slots: [],
  activeSlot: 0,
};

export const useYardStore = create<YardUiState>(() => ({
  phase: 'intro',
  hud: emptyHud,
  toasts: [],
  settings: loadSettings(),
  hasProgress: loadProgress() !== null,
  failure: null,
  stopped: null,
  settingsOpen: false,
  instructionsOpen: false,
}));

let nextToast = 1;
/** A short message over the yard for 2.5 s. */
export function toast(text: string): void {
  const id = nextToast++;
  useYardStore.setState((s) => ({ toasts: [...s.toasts.slice(-2), { id, text }] }));
  setTimeout(() => useYardStore.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })), 2500);
}

const sameSlot = (a: ItemSlot, b: ItemSlot): boolean =>
  a.kind === b.kind &&
  (a.kind !== 'food' || a.count === (b as typeof a).count) &&
  (a.kind !== 'mower' || a.fuel === (b as typeof a).fuel);

/**
 * The HUD to store after `next` arrived: `previous` itself when nothing it shows changed (so
 * the store is not written and nothing re-renders), else `next` with the previous slots array
 * kept when the slots are the same (so the inventory does not re-render for a score change).
 */
export function nextHud(previous: Hud, next: Hud): Hud {
  const slotsSame =
    previous.slots.length === next.slots.length && previous.slots.every((s, i) => sameSlot(s, next.slots[i]));
  // Every field but the slots (compared above, item by item) the same: nothing shown changed.
  if (slotsSame && shallow({ ...previous, slots: next.slots }, next)) return previous;
  return slotsSame ? { ...next, slots: previous.slots } : next;
}

/** The figures each cut changes, as the host's feed brings them. */
export interface LiveHud {
  score: number;
  cutCount: number;
  target: number;
  /** The mower's fuel (0–MOWER_FUEL), or null without a mower. */
  fuel: number | null;
}

/**
 * The HUD's fast figures at each cut (several a second while mowing). Not a React store: the
 * score, the count mowed, the bar and the mower's gauge subscribe and write themselves into
 * the page, so a cut re-renders nothing.
 */
export const yardLive = createStore<LiveHud>()(() => ({
  score: 0,
  cutCount: 0,
  target: emptyHud.target,
  fuel: null,
}));

export function liveOf(hud: Hud): LiveHud {
  const mower = hud.slots.find((slot) => slot.kind === 'mower');
  return {
    score: hud.score,
    cutCount: hud.cutCount,
    target: hud.target,
    fuel: mower?.kind === 'mower' ? mower.fuel : null,
  };
}

/** Whether `next` differs from `previous` only in what each cut changes (score, count mowed, the mower's fuel). */
export function onlyCutFigures(previous: Hud, next: Hud): boolean {
  if (
    previous.hp !== next.hp ||
    previous.target !== next.target ||
    previous.level !== next.level ||
    previous.activeSlot !== next.activeSlot ||
    previous.slots.length !== next.slots.length
  )
    return false;
  return previous.slots.every((slot, i) => {
    const other = next.slots[i];
    if (slot.kind !== other.kind) return false;
    return slot.kind !== 'food' || slot.count === (other as typeof slot).count;
  });
}
