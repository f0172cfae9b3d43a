import { create } from 'zustand';
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
  bodyCount: number;
  selectedId: number | null;
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
