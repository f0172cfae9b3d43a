import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { DEFAULT_BRUSH, DEFAULT_LAPS, MAX_LAPS, MIN_LAPS } from '../engine/constants.ts';
import type { EndReason, Phase, ResultEntry } from '../engine/race.ts';

export interface CarChip {
  id: number;
  color: number;
}

export interface RankRow {
  id: number;
  color: number;
  laps: number;
  place: number;
}

export interface DebugCar {
  id: number;
  speed: number;
  maxSpeed: number;
  segIdx: number;
  laps: number;
}

/**
 * What React shows. The session writes the ranking a few times a second and the phase,
 * countdown and results when they change; cars move in the scene only.
 */
export interface RaceUiState {
  ready: boolean;
  failure: string | null;
  /** A worker stopped: its message, shown with a Restart (null while both run). */
  stopped: string | null;
  introOpen: boolean;
  phase: Phase;
  finalized: boolean;
  brush: number;
  cars: CarChip[];
  selectedId: number | null;
  countdown: number | null;
  totalLaps: number;
  ranking: RankRow[];
  results: ResultEntry[] | null;
  endReason: EndReason | null;
  /** The transient banner at the top centre. */
  message: { id: number; text: string } | null;
  mobileNotice: boolean;
  /** The current track's share id ('db_…') once shared or opened from a link, else null. */
  trackId: string | null;
  shareUrl: string | null;
  sharing: boolean;
  settingsOpen: boolean;
  shareOpen: boolean;
  ratingOpen: boolean;
  galleryOpen: boolean;
  debug: boolean;
  debugInfo: { fps: number; racingLineMs: number; cars: DebugCar[] };
}

export const initialRaceUiState: Omit<RaceUiState, 'totalLaps'> = {
  ready: false,
  failure: null,
  stopped: null,
  introOpen: true,
  phase: 'idle',
  finalized: false,
  brush: DEFAULT_BRUSH,
  cars: [],
  selectedId: null,
  countdown: null,
  ranking: [],
  results: null,
  endReason: null,
  message: null,
  mobileNotice: false,
  trackId: null,
  shareUrl: null,
  sharing: false,
  settingsOpen: false,
  shareOpen: false,
  ratingOpen: false,
  galleryOpen: false,
  debug: false,
  debugInfo: { fps: 0, racingLineMs: 0, cars: [] },
};

/** Laps persist per browser (volume and mute are the site-wide sound settings, default 0.8). */
interface RaceSettings {
  laps: number;
  setLaps(laps: number): void;
}

export const useRaceSettings = create<RaceSettings>()(
  persist(
    (set) => ({
      laps: DEFAULT_LAPS,
      setLaps: (laps) =>
        set({
          laps: Math.min(
            MAX_LAPS,
            Math.max(MIN_LAPS, Number.isFinite(laps) ? Math.round(laps) : DEFAULT_LAPS),
          ),
        }),
    }),
    { name: 'race:settings', version: 1 },
  ),
);

export const useRaceStore = create<RaceUiState>()(() => ({
  ...initialRaceUiState,
  totalLaps: useRaceSettings.getState().laps,
}));

let nextMessage = 1;
let messageTimer: ReturnType<typeof setTimeout> | null = null;
/** Shows `text` in the banner for 3 s (a newer message replaces it). */
export function showMessage(text: string): void {
  const id = nextMessage++;
  useRaceStore.setState({ message: { id, text } });
  if (messageTimer) clearTimeout(messageTimer);
  messageTimer = setTimeout(() => {
    if (useRaceStore.getState().message?.id === id) useRaceStore.setState({ message: null });
  }, 3000);
}

/** '1st', '2nd', '3rd', '4th' … '11th', '12th', '13th', '21st'. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** Laps as current/total: the lap a car is on (its laps done + 1, at most the total). */
export function lapLabel(laps: number, place: number, total: number, phase: Phase): string {
  if (phase === 'idle' || phase === 'countdown') return `0/${total}`;
  const current = place > 0 ? total : Math.min(total, laps + 1);
  return `${current}/${total}`;
}
