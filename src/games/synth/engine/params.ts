/**
 * Sound parameters of a Synth Loops voice (games spec §3, §5): names, ranges,
 * defaults, presets and clamping. Pure: no Tone, no DOM.
 */

export const INSTRUMENT_TYPES = ['analog', 'fm', 'drum'] as const;
export type InstrumentType = (typeof INSTRUMENT_TYPES)[number];

export const OSC_TYPES = ['sine', 'square', 'sawtooth', 'triangle'] as const;
export type OscType = (typeof OSC_TYPES)[number];

export const DRUM_TYPES = ['kick', 'snare', 'hat'] as const;
export type DrumType = (typeof DRUM_TYPES)[number];

/** Spec §5. Read as modulator:carrier, so the value a/b is the modulator's frequency multiple. */
export const FM_RATIOS = [
  '1:4',
  '1:2',
  '3:4',
  '1:1',
  '3:2',
  '2:1',
  '3:1',
  '4:1',
  '5:1',
  '6:1',
  '8:1',
] as const;
export type FmRatio = (typeof FM_RATIOS)[number];

export interface SoundParams {
  name: string;
  instrumentType: InstrumentType;
  oscType: OscType;
  /** MIDI note number, 24..96. */
  baseNote: number;
  attack: number;
  decay: number;
  sustain: number;
  release: number;
  /** Filter cutoff in Hz. */
  cutoff: number;
  /** Filter Q. */
  resonance: number;
  volume: number;
  delay: boolean;
  fmRatio: FmRatio;
  /** FM peak frequency deviation in Hz at the played note. */
  fmDepth: number;
  drumType: DrumType;
}

export type NumericParam =
  | 'baseNote'
  | 'attack'
  | 'decay'
  | 'sustain'
  | 'release'
  | 'cutoff'
  | 'resonance'
  | 'volume'
  | 'fmDepth';

export interface ParamRange {
  min: number;
  max: number;
  /** Smallest meaningful change (keyboard arrows move by this, or by 1% when larger). */
  step: number;
  /** Knobs sweep logarithmically (cutoff, resonance): equal turns give equal ratios. */
  log?: boolean;
  unit: string;
  label: string;
}

/** Spec §5 ranges (binding). */
export const PARAM_RANGES: Readonly<Record<NumericParam, ParamRange>> = {
  baseNote: { min: 24, max: 96, step: 1, unit: '', label: 'Note' },
  attack: { min: 0, max: 1, step: 0.001, unit: 's', label: 'Attack' },
  decay: { min: 0, max: 2, step: 0.001, unit: 's', label: 'Decay' },
  sustain: { min: 0, max: 1, step: 0.01, unit: '', label: 'Sustain' },
  release: { min: 0, max: 2, step: 0.001, unit: 's', label: 'Release' },
  cutoff: { min: 100, max: 8000, step: 1, log: true, unit: 'Hz', label: 'Cutoff' },
  resonance: { min: 0.1, max: 20, step: 0.1, log: true, unit: '', label: 'Reso' },
  volume: { min: 0, max: 1, step: 0.01, unit: '', label: 'Volume' },
  fmDepth: { min: 0, max: 800, step: 1, unit: 'Hz', label: 'FM depth' },
};

export const NAME_MAX_LENGTH = 40;

/** Delay effect constants (spec §9). */
export const DELAY_TIME_S = 0.28;
export const DELAY_FEEDBACK = 0.25;

export const DEFAULT_PARAMS: Readonly<SoundParams> = {
  name: 'Pluck',
  instrumentType: 'analog',
  oscType: 'sawtooth',
  baseNote: 48,
  attack: 0.005,
  decay: 0.22,
  sustain: 0.2,
  release: 0.3,
  cutoff: 1800,
  resonance: 5,
  volume: 0.7,
  delay: false,
  fmRatio: '2:1',
  fmDepth: 200,
  drumType: 'kick',
};

function preset(p: Partial<SoundParams> & { name: string }): SoundParams {
  return { ...DEFAULT_PARAMS, ...p };
}

/** Named starting points, tuned by ear. */
export const PRESETS: readonly SoundParams[] = [
  preset({
    name: 'Bass',
    oscType: 'sawtooth',
    baseNote: 36,
    attack: 0.004,
    decay: 0.25,
    sustain: 0.35,
    release: 0.12,
    cutoff: 620,
    resonance: 7,
    volume: 0.8,
  }),
  preset({
    name: 'Pluck',
    oscType: 'square',
    baseNote: 60,
    attack: 0.002,
    decay: 0.18,
    sustain: 0,
    release: 0.25,
    cutoff: 2600,
    resonance: 3,
    volume: 0.55,
    delay: true,
  }),
  preset({
    name: 'Pad',
    oscType: 'sawtooth',
    baseNote: 60,
    attack: 0.6,
    decay: 1.2,
    sustain: 0.75,
    release: 1.5,
    cutoff: 1200,
    resonance: 1,
    volume: 0.45,
    delay: true,
  }),
  preset({
    name: 'Bell',
    instrumentType: 'fm',
    oscType: 'sine',
    baseNote: 72,
    attack: 0.001,
    decay: 1.4,
    sustain: 0,
    release: 1.2,
    cutoff: 7000,
    resonance: 0.7,
    volume: 0.5,
    delay: true,
    fmRatio: '3:2',
    fmDepth: 520,
  }),
  preset({
    name: 'Keys',
    instrumentType: 'fm',
    oscType: 'sine',
    baseNote: 60,
    attack: 0.003,
    decay: 0.6,
    sustain: 0.25,
    release: 0.4,
    cutoff: 5000,
    resonance: 0.7,
    volume: 0.55,
    fmRatio: '1:1',
    fmDepth: 140,
  }),
  preset({
    name: 'Wobble',
    instrumentType: 'fm',
    oscType: 'triangle',
    baseNote: 43,
    attack: 0.01,
    decay: 0.35,
    sustain: 0.5,
    release: 0.2,
    cutoff: 1500,
    resonance: 6,
    volume: 0.6,
    fmRatio: '1:2',
    fmDepth: 90,
  }),
  preset({
    name: 'Kick',
    instrumentType: 'drum',
    drumType: 'kick',
    baseNote: 31,
    attack: 0.001,
    decay: 0.42,
    sustain: 0,
    release: 0.1,
    cutoff: 4000,
    resonance: 0.7,
    volume: 0.9,
  }),
  preset({
    name: 'Snare',
    instrumentType: 'drum',
    drumType: 'snare',
    baseNote: 55,
    attack: 0.001,
    decay: 0.18,
    sustain: 0,
    release: 0.08,
    cutoff: 5200,
    resonance: 0.8,
    volume: 0.6,
  }),
  preset({
    name: 'Hat',
    instrumentType: 'drum',
    drumType: 'hat',
    baseNote: 84,
    attack: 0.001,
    decay: 0.05,
    sustain: 0,
    release: 0.03,
    cutoff: 8000,
    resonance: 0.7,
    volume: 0.35,
  }),
];

export function clampNumber(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}

/** One numeric parameter held to its range (baseNote to a whole MIDI note). */
export function clampParam(key: NumericParam, value: unknown, fallback = DEFAULT_PARAMS[key]): number {
  const r = PARAM_RANGES[key];
  const v = clampNumber(value, r.min, r.max, fallback);
  return key === 'baseNote' ? Math.round(v) : v;
}

function oneOf<T extends string>(options: readonly T[], value: unknown, fallback: T): T {
  return typeof value === 'string' && (options as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

/** Nearest listed ratio to a numeric modulator multiple (older documents stored numbers). */
export function nearestFmRatio(multiple: number): FmRatio {
  let best: FmRatio = '1:1';
  let bestErr = Number.POSITIVE_INFINITY;
  for (const r of FM_RATIOS) {
    const err = Math.abs(Math.log(fmRatioValue(r) / multiple));
    if (err < bestErr) {
      bestErr = err;
      best = r;
    }
  }
  return best;
}

export function fmRatioValue(ratio: FmRatio): number {
  const [a, b] = ratio.split(':').map(Number);
  return a / b;
}

export function cleanName(value: unknown, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  const t = value.trim().slice(0, NAME_MAX_LENGTH);
  return t === '' ? fallback : t;
}

/**
 * Any value to valid params: known fields kept and clamped to their ranges, unknown
 * fields dropped, missing or unreadable ones taken from the defaults.
 */
export function sanitizeParams(input: unknown): SoundParams {
  const o = (input !== null && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const d = DEFAULT_PARAMS;
  let fmRatio: FmRatio = d.fmRatio;
  if (typeof o.fmRatio === 'number' && o.fmRatio > 0 && Number.isFinite(o.fmRatio))
    fmRatio = nearestFmRatio(o.fmRatio);
  else fmRatio = oneOf(FM_RATIOS, o.fmRatio, d.fmRatio);
  return {
    name: cleanName(o.name, d.name),
    instrumentType: oneOf(INSTRUMENT_TYPES, o.instrumentType, d.instrumentType),
    oscType: oneOf(OSC_TYPES, o.oscType, d.oscType),
    baseNote: clampParam('baseNote', o.baseNote),
    attack: clampParam('attack', o.attack),
    decay: clampParam('decay', o.decay),
    sustain: clampParam('sustain', o.sustain),
    release: clampParam('release', o.release),
    cutoff: clampParam('cutoff', o.cutoff),
    resonance: clampParam('resonance', o.resonance),
    volume: clampParam('volume', o.volume),
    delay: o.delay === true || o.delay === 'true' || o.delay === 1,
    fmRatio,
    fmDepth: clampParam('fmDepth', o.fmDepth),
    drumType: oneOf(DRUM_TYPES, o.drumType, d.drumType),
  };
}

/** Keyboard step for a knob: the range's step, or 1% of the range when that is coarser. */
export function keyStep(key: NumericParam): number {
  const r = PARAM_RANGES[key];
  return Math.max(r.step, key === 'baseNote' ? 1 : (r.max - r.min) / 100);
}

/** Normalised knob position 0..1 for a value (log sweep where the range says so). */
export function toKnobPosition(key: NumericParam, value: number): number {
  const r = PARAM_RANGES[key];
  const v = Math.min(r.max, Math.max(r.min, value));
  if (r.log) return Math.log(v / r.min) / Math.log(r.max / r.min);
  return (v - r.min) / (r.max - r.min);
}

export function fromKnobPosition(key: NumericParam, position: number): number {
  const r = PARAM_RANGES[key];
  const p = Math.min(1, Math.max(0, position));
  const v = r.log ? r.min * (r.max / r.min) ** p : r.min + p * (r.max - r.min);
  return roundToStep(key, v);
}

export function roundToStep(key: NumericParam, value: number): number {
  const r = PARAM_RANGES[key];
  const stepped = Math.round(value / r.step) * r.step;
  // Trim binary noise (0.30000000000000004) so readouts and saves stay tidy.
  return clampParam(key, Number(stepped.toFixed(6)));
}

const NOTE_NAMES = ['C', 'C♯', 'D', 'D♯', 'E', 'F', 'F♯', 'G', 'G♯', 'A', 'A♯', 'B'];

export function midiNoteName(midi: number): string {
  const m = Math.round(midi);
  return `${NOTE_NAMES[((m % 12) + 12) % 12]}${Math.floor(m / 12) - 1}`;
}

export function midiToFrequency(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

/** Readout text for a knob value. */
export function formatParam(key: NumericParam, value: number): string {
  switch (key) {
    case 'baseNote':
      return midiNoteName(value);
    case 'cutoff':
      return value >= 1000 ? `${(value / 1000).toFixed(2)} kHz` : `${Math.round(value)} Hz`;
    case 'fmDepth':
      return `${Math.round(value)} Hz`;
    case 'attack':
    case 'decay':
    case 'release':
      return value < 1 ? `${Math.round(value * 1000)} ms` : `${value.toFixed(2)} s`;
    case 'resonance':
      return value.toFixed(1);
    default:
      return `${Math.round(value * 100)}%`;
  }
}
