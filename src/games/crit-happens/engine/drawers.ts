/**
 * The two drawers (left 'dice', right 'tray'), spec §4: open state persisted on desktop;
 * at 768 px and narrower both start closed and only one is open at a time; Escape closes
 * both; a horizontal swipe of more than 64 px, 1.5× longer than it is tall, toward the
 * drawer's edge closes it.
 */

export const NARROW_MAX_WIDTH = 768;
export const SWIPE_MIN_PX = 64;
export const SWIPE_DOMINANCE = 1.5;
export const DRAWER_KEYS = { left: 'crithappens:leftOpen', right: 'crithappens:rightOpen' } as const;

export type Side = 'left' | 'right';
export interface Drawers {
  left: boolean;
  right: boolean;
}

export const isNarrow = (width: number): boolean => width <= NARROW_MAX_WIDTH;

/** Stored values are '1' or '0'; anything else (or nothing) means open on desktop. */
export function initialDrawers(
  narrow: boolean,
  stored: { left: string | null; right: string | null },
): Drawers {
  if (narrow) return { left: false, right: false };
  return { left: stored.left !== '0', right: stored.right !== '0' };
}

export function setDrawer(state: Drawers, side: Side, open: boolean, narrow: boolean): Drawers {
  const next = { ...state, [side]: open };
  if (narrow && open) next[side === 'left' ? 'right' : 'left'] = false;
  return next;
}

export const toggleDrawer = (state: Drawers, side: Side, narrow: boolean): Drawers =>
  setDrawer(state, side, !state[side], narrow);

export const closeDrawers = (): Drawers => ({ left: false, right: false });

/** What to write to storage: only on desktop (a phone's closed drawers must not close them on desktop). */
export function drawersToStore(state: Drawers, narrow: boolean): Record<string, string> | null {
  if (narrow) return null;
  return { [DRAWER_KEYS.left]: state.left ? '1' : '0', [DRAWER_KEYS.right]: state.right ? '1' : '0' };
}

/** Whether a swipe (dx, dy in px) over the `side` drawer closes it: toward its own edge. */
export function isClosingSwipe(side: Side, dx: number, dy: number): boolean {
  if (Math.abs(dx) <= SWIPE_MIN_PX) return false;
  if (Math.abs(dx) < SWIPE_DOMINANCE * Math.abs(dy)) return false;
  return side === 'left' ? dx < 0 : dx > 0;
}
