/** Songs for tests and size measurements: seeded, so every run measures the same song. */
import { createRng, type Rng } from '../../../lib/pure/rng.ts';
import type { Loop } from './document.ts';
import {
  DEFAULT_PARAMS,
  DRUM_TYPES,
  FM_RATIOS,
  INSTRUMENT_TYPES,
  type NumericParam,
  OSC_TYPES,
  PARAM_RANGES,
  PRESETS,
  roundToStep,
  type SoundParams,
} from './params.ts';
import type { Song } from './songLink.ts';
import { STEPS } from './timing.ts';

const NUMERIC = Object.keys(PARAM_RANGES) as NumericParam[];

/** Every numeric param different from its default, on the editor's step grid, every switch random. */
export function randomParams(rng: Rng, name: string): SoundParams {
  const p: SoundParams = {
    ...DEFAULT_PARAMS,
    name,
    instrumentType: rng.pick(INSTRUMENT_TYPES),
    oscType: rng.pick(OSC_TYPES),
    drumType: rng.pick(DRUM_TYPES),
    fmRatio: rng.pick(FM_RATIOS.filter((r) => r !== DEFAULT_PARAMS.fmRatio)),
    delay: !DEFAULT_PARAMS.delay,
  };
  for (const key of NUMERIC) {
    const r = PARAM_RANGES[key];
    let v = DEFAULT_PARAMS[key];
    while (v === DEFAULT_PARAMS[key]) v = roundToStep(key, rng.range(r.min, r.max));
    p[key] = v;
  }
  return p;
}

/** Random pattern with about `density` of its steps on. */
export function randomPattern(rng: Rng, density: number): boolean[] {
  return Array.from({ length: STEPS }, () => rng.next() < density);
}

export function randomName(rng: Rng, length: number): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -';
  return (
    Array.from({ length }, () => rng.pick([...chars]))
      .join('')
      .trim() || 'x'
  );
}

/**
 * The measured worst case: `loops` loops (plus the editor) with dense random patterns and
 * every param random and non-default. `nameLength` 0 gives the names people get without
 * typing ('Loop', preset names); otherwise every loop and sound name is random text of that length.
 */
export function worstCaseSong(seed: number, loops = 16, nameLength = 0): Song {
  const rng = createRng(seed);
  const soundName = () => (nameLength > 0 ? randomName(rng, nameLength) : rng.pick(PRESETS).name);
  const list: Loop[] = Array.from({ length: loops }, (_, i) => ({
    id: `l${i}`,
    name: nameLength > 0 ? randomName(rng, nameLength) : 'Loop',
    params: randomParams(rng, soundName()),
    pattern: randomPattern(rng, 0.5 + 0.5 * rng.next()),
    muted: rng.next() < 0.5,
  }));
  return {
    bpm: Math.round(rng.range(60, 180) * 10) / 10,
    loops: list,
    editor: { params: randomParams(rng, soundName()), pattern: randomPattern(rng, 0.7) },
    linkedIndex: loops > 0 ? rng.int(0, loops - 1) : -1,
  };
}

/** A typical song: presets as they come, a few steps each, short names. */
export function typicalSong(loops = 16): Song {
  const rng = createRng(7);
  const list: Loop[] = Array.from({ length: loops }, (_, i) => {
    const preset = PRESETS[i % PRESETS.length];
    return {
      id: `l${i}`,
      name: i % 3 === 0 ? `${preset.name} line` : 'Loop',
      params: { ...preset },
      pattern: preset.instrumentType === 'drum' ? randomPattern(rng, 0.3) : randomPattern(rng, 0.2),
      muted: false,
    };
  });
  return {
    bpm: 120,
    loops: list,
    editor: { params: { ...list[0].params }, pattern: [...list[0].pattern] },
    linkedIndex: 0,
  };
}
