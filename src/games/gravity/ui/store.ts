import { create, createStore } from 'zustand';
import { DEFAULT_GRAVITY, DEFAULT_TIME_SPEED } from '../engine/constants.ts';
import { DEFAULT_PRESET_ID } from '../engine/presets.ts';
import type { Body } from '../engine/world.ts';

/**
 * What React shows: settings, the selection, and throttled readouts (a few times a
 * second, never per frame). Frame-rate data stays in the scene.
 */
export interface GravityUiState {
  ready: boolean;
  running: boolean;
  gravity: number;
  timeSpeed: number;
  zoom: number;
  starGravity: boolean;
  trails: boolean;
  /** The planets' path trails: their orbits over a longer span, drawn thinner. */
  pathTrails: boolean;
  presetId: string;
  /**
   * The body count as the live region says it: at most once a second (the region's own
   * pace), so merges do not re-render React ten times a second. The header's count is
   * `gravityHud`'s.
   */
  bodyCount: number;
  selectedId: number | null;
  /**
   * The selected body as the details panel renders it: replaced when what the panel shows
   * of it (type, mass, radius…) changes, not when it moves; its motion is `selectedMotion`'s.
   */
  selected: Body | null;
  /** A short message (malformed link, link copied…), or null. */
  notice: string | null;
  shareUrl: string | null;
  /** A worker stopped: the message shown with a Restart button, or null. */
  stopped: string | null;
}

export const initialGravityUiState: GravityUiState = {
  ready: false,
  running: true,
  gravity: DEFAULT_GRAVITY,
  timeSpeed: DEFAULT_TIME_SPEED,
  zoom: 1,
  starGravity: true,
  trails: true,
  pathTrails: true,
  presetId: DEFAULT_PRESET_ID,
  bodyCount: 0,
  selectedId: null,
  selected: null,
  notice: null,
  shareUrl: null,
  stopped: null,
};

export const useGravityStore = create<GravityUiState>()(() => ({ ...initialGravityUiState }));

/** Where the selected body is and how fast it moves, at each readout. */
export interface BodyMotion {
  id: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
}

/**
 * The selected body's motion, a few times a second. Not a React store: the details panel
 * subscribes and writes the figures into its inputs and text itself, so a readout
 * re-renders nothing (a React render, layout and paint of the panel 4 times a second was
 * most of the page's main-thread work per frame at 4× CPU).
 */
export const selectedMotion = createStore<{ motion: BodyMotion | null }>()(() => ({ motion: null }));

/** Whether a readout changes what the details panel renders (anything but where the body is and how it moves). */
export function detailsChanged(shown: Body | null, next: Body): boolean {
  return (
    !shown ||
    shown.id !== next.id ||
    shown.kind !== next.kind ||
    shown.type !== next.type ||
    shown.color !== next.color ||
    shown.mass !== next.mass ||
    shown.radius !== next.radius ||
    shown.temperature !== next.temperature ||
    shown.density !== next.density
  );
}

/**
 * The render worker's readouts as they arrive (10 times a second): not a React store; the
 * header's count subscribes and writes its text itself.
 */
export const gravityHud = createStore<{ bodies: number }>()(() => ({ bodies: 0 }));
