import type { Lander, LanderPhase, LanderState } from './game.ts';
import type { Terrain } from './terrain.ts';

/** What the scene draws of one tick: plain data (it crosses to a render worker as is). */
export interface LanderSnapshot {
  phase: LanderPhase;
  lander: Pick<Lander, 'x' | 'y' | 'vx' | 'vy' | 'firing'>;
  /** The same object from tick to tick within a level (the scene rebuilds the ground when it changes). */
  terrain: Terrain;
  /** The touchdown this tick ended in (dust or an explosion), else null. */
  touchdown: 'landed' | 'crashed' | null;
}

export function landerSnapshot(
  state: LanderState,
  touchdown: LanderSnapshot['touchdown'] = null,
): LanderSnapshot {
  const { x, y, vx, vy, firing } = state.lander;
  return { phase: state.phase, lander: { x, y, vx, vy, firing }, terrain: state.terrain, touchdown };
}

/**
 * Whether two terrains are the same ground: the same object on the page, or equal copies
 * (a snapshot posted to a render worker arrives as a copy every tick, and the scene must
 * not rebuild the ground for each).
 */
export function sameTerrain(a: Terrain | null, b: Terrain): boolean {
  if (a === b) return true;
  if (!a || a.xs.length !== b.xs.length) return false;
  const p = a.platform;
  const q = b.platform;
  if (p.x0 !== q.x0 || p.x1 !== q.x1 || p.y !== q.y) return false;
  for (let i = 0; i < a.xs.length; i++) if (a.xs[i] !== b.xs[i] || a.ys[i] !== b.ys[i]) return false;
  return true;
}
