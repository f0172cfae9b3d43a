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
