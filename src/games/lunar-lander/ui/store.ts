import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { LanderInputLog, Touchdown } from '../engine/index.ts';
import type { Telemetry } from '../host/LanderHost.ts';
import type { GhostInfo } from './ghost.ts';

export type { Telemetry };

/** The page's screens: the spec's states, plus `starting` while the run ticket is fetched. */
export type LanderScreen = 'intro' | 'starting' | 'playing' | 'landed' | 'crashed' | 'gameover';

/** What the game-over screen submits. */
export interface FinishedRun {
  score: number;
  level: number;
  durationSeconds: number;
  metadata: Record<string, unknown>;
  /** Present when the server issued a ticket for this game: the run can be verified. */
  run: { ticket: string; inputs: LanderInputLog } | null;
}

export interface LanderUiState {
  screen: LanderScreen;
  level: number;
  lives: number;
  score: number;
  telemetry: Telemetry;
  touchdown: Touchdown | null;
  finished: FinishedRun | null;
  /** True while the game plays on a server-issued seed (a verifiable run). */
  ticketed: boolean;
  /** The ghosts flying this attempt (see ghost.ts). */
  ghosts: GhostInfo[];
  /** A worker stopped: its message, shown with a Restart (null while all run). */
  stopped: string | null;
}

export const EMPTY_TELEMETRY: Telemetry = {
  fuel: 100,
  speed: 0,
  vx: 0,
  vy: 0,
  altitude: 0,
  dx: 0,
  platformHeight: 0,
  platformHalfWidth: 0,
  tick: 0,
};

export const initialLanderUi: LanderUiState = {
  screen: 'intro',
  level: 1,
  lives: 3,
  score: 0,
  telemetry: EMPTY_TELEMETRY,
  touchdown: null,
  finished: null,
  ticketed: false,
  ghosts: [],
  stopped: null,
};

/** One store per page instance (created in the page), so a remount starts clean. */
export function createLanderStore() {
  return create<LanderUiState>(() => ({ ...initialLanderUi }));
}
export type LanderStore = ReturnType<typeof createLanderStore>;

/** Whether the board's #1 run flies as a ghost too (off by default; remembered on this device). */
export const useGhostSettings = create<{ showTop: boolean; toggleTop(): void }>()(
  persist((set) => ({ showTop: false, toggleTop: () => set((s) => ({ showTop: !s.showTop })) }), {
    name: 'lunar-lander:ghosts',
    partialize: (s) => ({ showTop: s.showTop }),
  }),
);
