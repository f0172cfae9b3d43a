/** Short, clicky voices whose onsets are easy to find in rendered samples (timing tests, benchmark). */
import { DEFAULT_PARAMS, type SoundParams } from '../engine/params.ts';
import { STEPS } from '../engine/timing.ts';
import type { Track } from './mix.ts';

export const CLICK_PARAMS: SoundParams = {
  ...DEFAULT_PARAMS,
  name: 'Click',
  instrumentType: 'analog',
  oscType: 'square',
  attack: 0,
  decay: 0.008,
  sustain: 0,
  release: 0.004,
  cutoff: 8000,
  resonance: 0.1,
  volume: 1,
  delay: false,
};

/** `count` click tracks that between them hit every step once (track i plays steps ≡ i mod count). */
export function interleavedClickTracks(count: number): Track[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `click-${i}`,
    params: { ...CLICK_PARAMS, baseNote: 60 + i * 2 },
    pattern: Array.from({ length: STEPS }, (_, s) => s % count === i),
  }));
}
