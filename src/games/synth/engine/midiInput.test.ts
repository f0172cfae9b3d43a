import { describe, expect, it } from 'vitest';
import { handleMidiMessage, type MidiInputState, stepAtPosition } from './midiInput.ts';

const idle: MidiInputState = { held: [], recording: false, position: null };
const on = (note: number, velocity = 100, channel = 0) => [0x90 | channel, note, velocity];
const off = (note: number, channel = 0) => [0x80 | channel, note, 64];

describe('MIDI messages to actions', () => {
  it('a key plays the editor voice at its note and releases it on note-off', () => {
    const a = handleMidiMessage(on(60), idle);
    expect(a).toEqual({ held: [60], actions: [{ type: 'noteOn', note: 60 }] });
    const b = handleMidiMessage(off(60), { ...idle, held: a.held });
    expect(b).toEqual({ held: [], actions: [{ type: 'release' }] });
  });

  it('note-on with velocity 0 is a note-off (running-status keyboards send it)', () => {
    expect(handleMidiMessage([0x90, 60, 0], { ...idle, held: [60] })).toEqual({
      held: [],
      actions: [{ type: 'release' }],
    });
  });

  it('listens on every channel', () => {
    expect(handleMidiMessage(on(64, 90, 15), idle).actions).toEqual([{ type: 'noteOn', note: 64 }]);
  });

  it('legato: releasing the newest key falls back to the one held before; an older key lets go silently', () => {
    const held = [60, 64, 67];
    expect(handleMidiMessage(off(67), { ...idle, held })).toEqual({
      held: [60, 64],
      actions: [{ type: 'noteOn', note: 64 }],
    });
    expect(handleMidiMessage(off(60), { ...idle, held })).toEqual({ held: [64, 67], actions: [] });
    // Pressing a held key again moves it to the top.
    expect(handleMidiMessage(on(60), { ...idle, held }).held).toEqual([64, 67, 60]);
  });

  it('a note-off for a key not held does nothing', () => {
    expect(handleMidiMessage(off(50), { ...idle, held: [60] })).toEqual({ held: [60], actions: [] });
  });

  it('All Notes Off and All Sound Off release everything', () => {
    expect(handleMidiMessage([0xb0, 123, 0], { ...idle, held: [60, 62] })).toEqual({
      held: [],
      actions: [{ type: 'release' }],
    });
    expect(handleMidiMessage([0xb3, 120, 0], { ...idle, held: [60] }).actions).toEqual([{ type: 'release' }]);
    expect(handleMidiMessage([0xb0, 123, 0], idle).actions).toEqual([]);
  });

  it('ignores everything else: clock, active sensing, pitch bend, other controllers, short or bad data', () => {
    for (const data of [[0xf8], [0xfe], [0xe0, 0, 64], [0xb0, 1, 64], [0x90, 60], [0x90, 200, 100], []])
      expect(handleMidiMessage(data, { ...idle, held: [60] })).toEqual({ held: [60], actions: [] });
  });

  it('record writes the step heard now, rounded to the nearest step, only while playing', () => {
    const recording: MidiInputState = { held: [], recording: true, position: 37.3 };
    expect(handleMidiMessage(on(60), recording).actions).toEqual([
      { type: 'noteOn', note: 60 },
      { type: 'recordStep', step: 5 },
    ]);
    // A hair before step 7 (index 6) lands on it, not on the step before.
    expect(handleMidiMessage(on(60), { ...recording, position: 5.8 }).actions[1]).toEqual({
      type: 'recordStep',
      step: 6,
    });
    // Stopped: heard, not written.
    expect(handleMidiMessage(on(60), { ...recording, position: null }).actions).toEqual([
      { type: 'noteOn', note: 60 },
    ]);
    // Record off: heard, not written.
    expect(handleMidiMessage(on(60), { ...recording, recording: false }).actions).toHaveLength(1);
  });

  it('the nearest step wraps at the end of the bar', () => {
    expect(stepAtPosition(15.6)).toBe(0);
    expect(stepAtPosition(15.4)).toBe(15);
    expect(stepAtPosition(0)).toBe(0);
  });
});
