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
  /** Ghost landers flying recorded runs at this tick (host/ghosts.ts), drawn under the live one. */
  ghosts?: readonly GhostSnapshot[];
}

/**
 * A snapshot as the engine host serves it to the scene (in a render worker or on the page):
 * the tick's picture, plus what tells the scene how to draw it.
 */
export interface LanderTickSnapshot extends LanderSnapshot {
  /** Bumped whenever the state shown jumps (a new game, the next attempt): no sliding across it. */
  attempt: number;
  /** Ticks simulated in the whole run (game time, for the runtime's refresh-rate test). */
  ticks: number;
  /** The number (`markInput`) of the newest input a tick has applied, 0 for none. */
  input: number;
}

/** A ghost lander at one tick, placed relative to the live pad (so it lands on it as it landed on its own). */
export interface GhostSnapshot {
  kind: 'best' | 'top';
  label: string;
  x: number;
  y: number;
  thrust: boolean;
}

/** Ghosts between two ticks' snapshots: each one found in both moves by `alpha`, a new one stands where it is. */
export function interpolateGhosts(
  prev: readonly GhostSnapshot[] | undefined,
  curr: readonly GhostSnapshot[] | undefined,
  alpha: number,
): GhostSnapshot[] {
  if (!curr) return [];
  return curr.map((ghost) => {
    const before = prev?.find((g) => g.kind === ghost.kind);
    if (!before) return ghost;
    return {
      ...ghost,
      x: before.x + (ghost.x - before.x) * alpha,
      y: before.y + (ghost.y - before.y) * alpha,
    };
  });
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
