/**
 * The song as a Standard MIDI File (@tonejs/midi writes it): one track per loop, drums on
 * channel 10 (index 9) with General MIDI drum notes, tempo from the BPM, every note on the
 * step grid in ticks (a 16th step = a quarter of the file's pulses per quarter note). Pure.
 */
import { Midi } from '@tonejs/midi';
import type { Loop, Pattern } from './document.ts';
import type { DrumType, SoundParams } from './params.ts';
import { GATE, STEPS, STEPS_PER_BEAT } from './timing.ts';

/** MIDI channel 10, counted from 0 as the file stores it. */
export const DRUM_CHANNEL = 9;
/** General MIDI percussion keys: bass drum 1, acoustic snare, closed hi-hat. */
export const GM_DRUM_NOTES: Readonly<Record<DrumType, number>> = { kick: 36, snare: 38, hat: 42 };

export interface MidiTrackSource {
  name: string;
  params: SoundParams;
  pattern: Pattern;
}

/** The nearest General MIDI program (0-based) to a voice, so a player does not pick a piano for a saw bass. */
export function gmProgram(p: SoundParams): number {
  if (p.instrumentType === 'fm') return 4; // Electric Piano 1: the FM piano
  if (p.baseNote < 48) return 38; // Synth Bass 1
  return { sawtooth: 81, square: 80, triangle: 82, sine: 80 }[p.oscType]; // Lead 2 (saw), 1 (square), 3 (calliope)
}

/** The channel of each track: drums on 10, the others in turn over the 15 melodic channels. */
export function assignChannels(sources: readonly MidiTrackSource[]): number[] {
  let next = 0;
  return sources.map((s) => {
    if (s.params.instrumentType === 'drum') return DRUM_CHANNEL;
    const channel = next;
    next = (next + 1) % 16;
    if (next === DRUM_CHANNEL) next++;
    return channel;
  });
}

/**
 * What a track is made from: every loop in order (muted ones too, so the file can be arranged
 * elsewhere), the linked loop as the editor now sounds, and the editor on its own when it is
 * not linked to a loop and has a step on (it is heard, so it belongs to the song).
 */
export function midiSources(
  loops: readonly Loop[],
  editor: { params: SoundParams; pattern: Pattern },
  linkedLoopId: string | null,
): MidiTrackSource[] {
  const out: MidiTrackSource[] = loops.map((l) =>
    l.id === linkedLoopId
      ? { name: l.name, params: editor.params, pattern: editor.pattern }
      : { name: l.name, params: l.params, pattern: l.pattern },
  );
  const linked = loops.some((l) => l.id === linkedLoopId);
  if (!linked && editor.pattern.some(Boolean))
    out.push({ name: editor.params.name, params: editor.params, pattern: editor.pattern });
  return out;
}

/**
 * Velocity carries the loop's volume, rounded to the nearest of 1..127 (0 would mean
 * note-off). The library floors `velocity × 127`, so the value handed over sits half a
 * level above the one meant.
 */
export function midiVelocity(volume: number): number {
  const level = Math.min(127, Math.max(1, Math.round(volume * 127)));
  return (level + 0.5) / 127;
}

export function songToMidi(sources: readonly MidiTrackSource[], bpm: number, bars: number): Uint8Array {
  const midi = new Midi();
  midi.name = 'Futile Synth Loops';
  midi.header.setTempo(bpm);
  midi.header.timeSignatures.push({ ticks: 0, timeSignature: [4, 4] });
  const stepTicks = midi.header.ppq / STEPS_PER_BEAT;
  const channels = assignChannels(sources);
  sources.forEach((source, i) => {
    const track = midi.addTrack();
    track.name = source.name;
    track.channel = channels[i];
    const drum = source.params.instrumentType === 'drum';
    if (!drum) track.instrument.number = gmProgram(source.params);
    const note = drum ? GM_DRUM_NOTES[source.params.drumType] : source.params.baseNote;
    const velocity = midiVelocity(source.params.volume);
    for (let bar = 0; bar < bars; bar++)
      for (let step = 0; step < STEPS; step++) {
        if (!source.pattern[step]) continue;
        track.addNote({
          midi: note,
          ticks: (bar * STEPS + step) * stepTicks,
          durationTicks: Math.round(stepTicks * GATE),
          velocity,
        });
      }
  });
  return midi.toArray();
}
