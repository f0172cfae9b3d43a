import { Midi } from '@tonejs/midi';
import { describe, expect, it } from 'vitest';
import { type Loop, sanitizePattern } from './document.ts';
import { assignChannels, DRUM_CHANNEL, midiSources, songToMidi } from './midiExport.ts';
import { PRESETS, type SoundParams } from './params.ts';
import { GATE, stepDuration, stepTime } from './timing.ts';

const preset = (name: string): SoundParams => {
  const p = PRESETS.find((x) => x.name === name);
  if (!p) throw new Error(name);
  return { ...p };
};

const loop = (id: string, name: string, params: SoundParams, steps: string, muted = false): Loop => ({
  id,
  name,
  params,
  pattern: sanitizePattern(steps),
  muted,
});

describe('MIDI export', () => {
  const loops = [
    loop('k', 'Kicks', preset('Kick'), 'x...x...x...x...'),
    loop('b', 'Bassline', { ...preset('Bass'), baseNote: 38, volume: 0.5 }, 'x..x..x.........'),
    loop('h', 'Hats', preset('Hat'), '..x...x...x...x.', true),
    loop('s', 'Snare', preset('Snare'), '....x.......x...'),
  ];
  const editor = { params: preset('Pluck'), pattern: sanitizePattern('x.x.............') };

  it('parses back with one track per loop, drums on channel 10, the tempo and every note on the grid', () => {
    const bpm = 128;
    const bytes = songToMidi(midiSources(loops, editor, 'b'), bpm, 2);
    const midi = new Midi(bytes);

    expect(midi.header.tempos).toHaveLength(1);
    expect(midi.header.tempos[0].bpm).toBeCloseTo(bpm, 6);
    expect(midi.header.timeSignatures[0].timeSignature).toEqual([4, 4]);
    expect(midi.tracks.map((t) => t.name)).toEqual(['Kicks', 'Bassline', 'Hats', 'Snare']);
    expect(midi.tracks.map((t) => t.channel)).toEqual([DRUM_CHANNEL, 0, DRUM_CHANNEL, DRUM_CHANNEL]);
    expect(midi.tracks[0].instrument.percussion).toBe(true);
    expect(midi.tracks[1].instrument.percussion).toBe(false);

    const notes = (i: number) => midi.tracks[i].notes.map((n) => [n.midi, Number(n.time.toFixed(6))]);
    const at = (steps: number[], note: number) =>
      [0, 1].flatMap((bar) => steps.map((s) => [note, Number(stepTime(s, bar, bpm).toFixed(6))]));
    // General MIDI drum keys: kick 36, closed hat 42, snare 38.
    expect(notes(0)).toEqual(at([0, 4, 8, 12], 36));
    expect(notes(2)).toEqual(at([2, 6, 10, 14], 42));
    expect(notes(3)).toEqual(at([4, 12], 38));
    // The linked loop is exported as the editor now sounds: its sound and pattern.
    expect(notes(1)).toEqual(at([0, 2], editor.params.baseNote));
    const first = midi.tracks[1].notes[0];
    expect(first.duration).toBeCloseTo(stepDuration(bpm) * GATE, 3);
    expect(Math.round(first.velocity * 127)).toBe(Math.round(editor.params.volume * 127));
  });

  it('adds the editor as a track of its own when it is not linked and has steps', () => {
    const sources = midiSources(loops, editor, null);
    expect(sources.map((s) => s.name)).toEqual(['Kicks', 'Bassline', 'Hats', 'Snare', 'Pluck']);
    const midi = new Midi(songToMidi(sources, 100, 1));
    expect(midi.tracks[1].notes.map((n) => n.midi)).toEqual([38, 38, 38]);
    expect(midi.tracks[1].notes[0].velocity * 127).toBe(64);
    expect(midi.tracks[4].notes.map((n) => n.midi)).toEqual([60, 60]);
    expect(midiSources(loops, { ...editor, pattern: sanitizePattern('') }, null)).toHaveLength(4);
  });

  it('gives melodic loops the fifteen channels around 10, in turn', () => {
    const many = Array.from({ length: 17 }, (_, i) => ({
      name: `L${i}`,
      params: preset('Keys'),
      pattern: sanitizePattern('x'),
    }));
    const channels = assignChannels(many);
    expect(channels).not.toContain(DRUM_CHANNEL);
    expect(channels.slice(0, 16)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 0]);
  });
});
