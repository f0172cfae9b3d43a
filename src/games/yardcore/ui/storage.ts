/**
 * What Yardcore keeps in local storage (spec §3): progress (score, cutCount, level, and the
 * tiles mowed this level so Continue shows the same lawn), the seed of the yard, and
 * settings (controlMode, soundEnabled, and the zoom). Storage may be full, off or
 * corrupted: every failure is swallowed and the defaults win.
 */
import { keepGuestItem } from '../../../platform/guest/guestItems.ts';
import type { YardProgress } from '../engine/game.ts';

export type { YardProgress };
export type ControlMode = 'tapMove' | 'joystick';

export interface YardSettings {
  controlMode: ControlMode;
  soundEnabled: boolean;
  /** Screen pixels per 32 px tile, over 32: 1 draws tiles at 32 px (spec §9). */
  zoom: number;
}

/** The zoom the settings offer (1 = the spec's 32 px tiles), and its default on every screen. */
export const ZOOM_MIN = 0.75;
export const ZOOM_MAX = 2;
export const ZOOM_STEP = 0.25;
export const DEFAULT_ZOOM = 1;

export const KEYS = {
  progress: 'yardcore:progress',
  seed: 'yardcore:seed',
  settings: 'yardcore:settings',
  dev: 'yardcore:dev',
} as const;

export const DEFAULT_SETTINGS: YardSettings = {
  controlMode: 'tapMove',
  soundEnabled: true,
  zoom: DEFAULT_ZOOM,
};

/** A zoom the settings offer: on the 0.25 grid between ZOOM_MIN and ZOOM_MAX, else the default. */
export function validZoom(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_ZOOM;
  const stepped = Math.round(value / ZOOM_STEP) * ZOOM_STEP;
  return Math.max(ZOOM_MIN, Math.min(ZOOM_MAX, stepped));
}

function read(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode, quota, storage off: play on without saving.
  }
}

const wholeAtLeast = (v: unknown, min: number): v is number => Number.isInteger(v) && (v as number) >= min;

export function loadSettings(): YardSettings {
  const raw = read(KEYS.settings) as Partial<YardSettings> | null;
  return {
    controlMode: raw?.controlMode === 'joystick' ? 'joystick' : 'tapMove',
    soundEnabled: typeof raw?.soundEnabled === 'boolean' ? raw.soundEnabled : true,
    zoom: validZoom(raw?.zoom),
  };
}

export const saveSettings = (settings: YardSettings): void => write(KEYS.settings, settings);

/**
 * Saved progress as stored, checked. The cut tiles are kept only when they are whole-number
 * x, y pairs, one pair per counted cut; otherwise (saves from before they were kept, or a
 * damaged list) the progress loads without them: score, cut count and level as saved, on a
 * fresh lawn (the save does not say which tiles were mowed).
 */
export function parseProgress(raw: unknown): YardProgress | null {
  const r = raw as Partial<YardProgress> | null;
  if (!r || typeof r !== 'object') return null;
  if (!wholeAtLeast(r.score, 0) || !wholeAtLeast(r.cutCount, 0) || !wholeAtLeast(r.level, 1)) return null;
  const progress: YardProgress = { score: r.score, cutCount: r.cutCount, level: r.level };
  const cut = r.cut;
  if (Array.isArray(cut) && cut.length === r.cutCount * 2 && cut.every((v) => Number.isInteger(v)))
    progress.cut = cut;
  return progress;
}

export const loadProgress = (): YardProgress | null => parseProgress(read(KEYS.progress));

export function saveProgress(progress: YardProgress | null): void {
  write(KEYS.progress, progress);
  // A guest's progress past a fresh start is offered to their account after they sign in here.
  const worthKeeping = progress && (progress.score > 0 || progress.level > 1) ? progress : null;
  keepGuestItem(
    'yardcore',
    'progress',
    `Level ${progress?.level ?? 1}, ${progress?.score ?? 0} points`,
    worthKeeping,
  );
}

export function loadSeed(): number | null {
  const raw = read(KEYS.seed);
  return Number.isInteger(raw) && (raw as number) >= 0 ? (raw as number) : null;
}

export const saveSeed = (seed: number): void => write(KEYS.seed, seed);

/** The developer menu and overlay are behind this local flag (spec §6). */
export function devEnabled(): boolean {
  try {
    return localStorage.getItem(KEYS.dev) === '1';
  } catch {
    return false;
  }
}
