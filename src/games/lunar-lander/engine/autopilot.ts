import {
  FOOT_DROP,
  FOOT_SPAN_HALF,
  GRAVITY,
  INPUT_LEFT,
  INPUT_RIGHT,
  INPUT_THRUST,
  MAIN_THRUST,
} from './constants.ts';
import type { InputBits, LanderState } from './game.ts';

/** What a pilot can read off the HUD: offsets to the platform and the velocity. */
export interface PilotView {
  /** Platform centre minus lander x. */
  dx: number;
  /** Height of the feet above the platform. */
  height: number;
  vx: number;
  vy: number;
  /** Platform half-width. */
  halfWidth: number;
}

export function pilotView(state: LanderState): PilotView {
  const { platform } = state.terrain;
  const l = state.lander;
  return {
    dx: (platform.x0 + platform.x1) / 2 - l.x,
    height: l.y - FOOT_DROP - platform.y,
    vx: l.vx,
    vy: l.vy,
    halfWidth: (platform.x1 - platform.x0) / 2,
  };
}

const BRAKING = MAIN_THRUST - GRAVITY;

/**
 * A careful autopilot: hover at the start height while sliding over the platform, then
 * descend with a speed that braking can always kill. Used by tests (engine property
 * tests, the end-to-end test driving real keys) to prove levels can be landed.
 */
export function autopilot(view: PilotView): InputBits {
  let bits = 0;
  const vxTarget = Math.max(-0.7, Math.min(0.7, view.dx * 0.02));
  if (view.vx < vxTarget - 0.01) bits |= INPUT_RIGHT;
  else if (view.vx > vxTarget + 0.01) bits |= INPUT_LEFT;

  const aligned =
    Math.abs(view.dx) < Math.max(0.5, view.halfWidth - FOOT_SPAN_HALF - 1) && Math.abs(view.vx) < 0.05;
  const vyTarget = aligned
    ? -Math.min(0.8, Math.max(0.1, 0.55 * Math.sqrt(2 * BRAKING * Math.max(0, view.height))))
    : 0;
  if (view.vy < vyTarget) bits |= INPUT_THRUST;
  return bits;
}
