/** Offline renders with Tone.Offline: the song as a WAV, and the timing checks. */
import * as Tone from 'tone';
import { barDuration, simulateTicks } from '../engine/timing.ts';
import { createMaster, playStep, type Track, VoiceBank } from './mix.ts';

export interface RenderOptions {
  bpm: number;
  tracks: readonly Track[];
  bars: number;
  sampleRate?: number;
  channels?: number;
  /** Seconds of silence before bar 1 (tests put the grid away from sample 0). */
  startAt?: number;
  /** Seconds after the last bar for releases and delay tails. */
  tail?: number;
  masterGain?: number;
}

export interface RenderResult {
  buffer: AudioBuffer;
  /** Times of every scheduled note, per track id. */
  noteTimes: Map<string, number[]>;
}

/**
 * Renders `bars` bars. The steps come from the same scheduler core the live clock
 * uses, ticked every 25 ms of virtual audio time with the 0.12 s lookahead.
 */
export async function renderSong(o: RenderOptions): Promise<RenderResult> {
  const startAt = o.startAt ?? 0;
  const length = o.bars * barDuration(o.bpm);
  const duration = startAt + length + (o.tail ?? 1.5);
  const noteTimes = new Map<string, number[]>(o.tracks.map((t) => [t.id, []]));
  const tone = await Tone.Offline(
    () => {
      const master = createMaster(o.masterGain ?? 0.8);
      const bank = new VoiceBank(master.input);
      bank.sync(o.tracks);
      for (const e of simulateTicks(startAt, o.bpm, length)) {
        playStep(o.tracks, bank.voices, e, o.bpm);
        for (const t of o.tracks) if (t.pattern[e.step]) noteTimes.get(t.id)?.push(e.time);
      }
    },
    duration,
    o.channels ?? 2,
    o.sampleRate ?? 44100,
  );
  const buffer = tone.get();
  if (!buffer) throw new Error('Offline render produced no audio');
  return { buffer, noteTimes };
}
