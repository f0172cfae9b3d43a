/**
 * What Yardcore keeps in local storage (spec §3): progress (score, cutCount, level), the
 * seed of the yard, and settings (controlMode, soundEnabled). Storage may be full, off
 * or corrupted: every failure is swallowed and the defaults win.
 */
export type ControlMode = 'tapMove' | 'joystick';

export interface YardSettings {
  controlMode: ControlMode;
  soundEnabled: boolean;
}

export interface YardProgress {
  score: number;
  cutCount: number;
  level: number;
}

export const KEYS = {
  progress: 'yardcore:progress',
  seed: 'yardcore:seed',
  settings: 'yardcore:settings',
  dev: 'yardcore:dev',
} as const;

export const DEFAULT_SETTINGS: YardSettings = { controlMode: 'tapMove', soundEnabled: true };

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
  };
}

export const saveSettings = (settings: YardSettings): void => write(KEYS.settings, settings);

export function loadProgress(): YardProgress | null {
  const raw = read(KEYS.progress) as Partial<YardProgress> | null;
  if (!raw || !wholeAtLeast(raw.score, 0) || !wholeAtLeast(raw.cutCount, 0) || !wholeAtLeast(raw.level, 1))
    return null;
  return { score: raw.score, cutCount: raw.cutCount, level: raw.level };
}

export const saveProgress = (progress: YardProgress | null): void => write(KEYS.progress, progress);

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
