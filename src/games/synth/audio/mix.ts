/**
 * What plays on a step: shared by the live scheduler and offline renders, so the
 * exported WAV and the timing tests exercise the same code as the speakers.
 */
import * as Tone from 'tone';
import type { Track } from '../engine/arrangement.ts';
import { GATE, type StepEvent, stepDuration } from '../engine/timing.ts';
import { createVoice, type Voice } from './voice.ts';

export type { Track };

export function playStep(
  tracks: readonly Track[],
  voices: ReadonlyMap<string, Voice>,
  e: StepEvent,
  bpm: number,
) {
  const duration = stepDuration(bpm) * GATE;
  for (const track of tracks) {
    if (!track.pattern[e.step]) continue;
    voices.get(track.id)?.trigger(e.time, duration);
  }
}

/** Master bus: gain into a gentle tanh soft clip (no look-ahead, so no added latency, unlike a compressor). */
export function createMaster(gain: number): { input: Tone.Gain; dispose(): void } {
  const input = new Tone.Gain(gain);
  const clip = new Tone.WaveShaper((x) => Math.tanh(x), 2048);
  input.chain(clip, Tone.getDestination());
  return {
    input,
    dispose() {
      input.dispose();
      clip.dispose();
    },
  };
}

/**
 * Keeps one voice per track in step with the tracks' params: updates in place where
 * it can, rebuilds when the shape changes, disposes voices of tracks that left.
 */
export class VoiceBank {
  readonly voices = new Map<string, Voice>();
  constructor(private readonly destination: Tone.InputNode) {}

  sync(tracks: readonly Track[]) {
    const keep = new Set<string>();
    for (const track of tracks) {
      keep.add(track.id);
      const v = this.voices.get(track.id);
      if (v && (v.params === track.params || v.update(track.params))) continue;
      v?.dispose();
      this.voices.set(track.id, createVoice(track.params, this.destination));
    }
    for (const [id, v] of this.voices)
      if (!keep.has(id)) {
        v.dispose();
        this.voices.delete(id);
      }
  }

  dispose() {
    for (const v of this.voices.values()) v.dispose();
    this.voices.clear();
  }
}
