/**
 * The saved document (games spec §3): version 1, bpm, loops (id, name, params,
 * pattern of 16 booleans, muted). Reading never throws: unknown fields are dropped,
 * params clamped to their ranges, patterns fitted to 16 steps. Pure.
 */
import { cleanName, type SoundParams, sanitizeParams } from './params.ts';
import { BPM_DEFAULT, clampDocumentBpm } from './tempo.ts';
import { STEPS } from './timing.ts';

export const DOCUMENT_VERSION = 1;
export const DEFAULT_LOOP_NAME = 'Loop';

export type Pattern = boolean[];

export interface Loop {
  id: string;
  name: string;
  params: SoundParams;
  pattern: Pattern;
  muted: boolean;
}

export interface SynthDocument {
  version: 1;
  bpm: number;
  loops: Loop[];
}

export function emptyPattern(): Pattern {
  return Array.from({ length: STEPS }, () => false);
}

/** Any value to 16 booleans: arrays padded/truncated; numbers 0/1 and 'x'/'.' strings read too. */
export function sanitizePattern(value: unknown): Pattern {
  const p = emptyPattern();
  if (typeof value === 'string') {
    for (let i = 0; i < STEPS && i < value.length; i++) p[i] = value[i] === 'x' || value[i] === '1';
    return p;
  }
  if (!Array.isArray(value)) return p;
  for (let i = 0; i < STEPS && i < value.length; i++) p[i] = value[i] === true || value[i] === 1;
  return p;
}

export function togglePatternStep(pattern: Pattern, step: number): Pattern {
  if (!Number.isInteger(step) || step < 0 || step >= STEPS) return pattern;
  const next = [...pattern];
  next[step] = !next[step];
  return next;
}

export function makeLoop(id: string, params: SoundParams, pattern: Pattern, name = DEFAULT_LOOP_NAME): Loop {
  return {
    id,
    name: cleanName(name, DEFAULT_LOOP_NAME),
    params: sanitizeParams(params),
    pattern: sanitizePattern(pattern),
    muted: false,
  };
}

export function toDocument(bpm: number, loops: readonly Loop[]): SynthDocument {
  return {
    version: DOCUMENT_VERSION,
    bpm: clampDocumentBpm(bpm),
    loops: loops.map((l) => ({
      id: l.id,
      name: l.name,
      params: { ...l.params },
      pattern: [...l.pattern],
      muted: l.muted,
    })),
  };
}

/**
 * Reads a saved document of any age. Version 1 is today's shape; a document with no
 * version (the pre-release shape: `tempo` for bpm, `steps` for pattern, `sound` for
 * params) is migrated. Returns null only when `data` is not an object at all or is
 * from a future version this code cannot read.
 */
export function parseDocument(data: unknown, makeId: () => string): SynthDocument | null {
  let raw = data;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const o = raw as Record<string, unknown>;
  const version = typeof o.version === 'number' ? o.version : 0;
  if (version > DOCUMENT_VERSION) return null;
  const bpm = clampDocumentBpm(o.bpm ?? o.tempo ?? BPM_DEFAULT);
  const rawLoops = Array.isArray(o.loops) ? o.loops : [];
  const seen = new Set<string>();
  const loops: Loop[] = [];
  for (const item of rawLoops) {
    if (item === null || typeof item !== 'object') continue;
    const l = item as Record<string, unknown>;
    let id =
      typeof l.id === 'string' && l.id.trim() !== ''
        ? l.id.slice(0, 64)
        : typeof l.id === 'number'
          ? String(l.id)
          : '';
    if (id === '' || seen.has(id)) id = makeId();
    seen.add(id);
    loops.push({
      id,
      name: cleanName(l.name, DEFAULT_LOOP_NAME),
      params: sanitizeParams(l.params ?? l.sound),
      pattern: sanitizePattern(l.pattern ?? l.steps),
      muted: l.muted === true,
    });
  }
  return { version: DOCUMENT_VERSION, bpm, loops };
}
