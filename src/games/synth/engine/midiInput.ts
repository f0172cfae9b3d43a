/**
 * MIDI keyboard input as a pure function: the bytes of one message and what is held now
 * in, what to do out. The editor's voice is monophonic (one audition voice), so the
 * newest held key sounds; releasing it falls back to the key held before it (legato), and
 * the voice is released when no key is held. Every channel is listened to; velocity is
 * not (the editor's voice has its own volume).
 */
import { STEPS } from './timing.ts';

export interface MidiInputState {
  /** Keys held down, oldest first; the last one sounds. */
  held: readonly number[];
  /** Record is on and the transport is playing: a key press writes the step heard now. */
  recording: boolean;
  /** Where the playhead is, in steps since the start (fractional), or null when stopped. */
  position: number | null;
}

export type MidiAction =
  | { type: 'noteOn'; note: number }
  | { type: 'release' }
  | { type: 'recordStep'; step: number };

export interface MidiResult {
  held: number[];
  actions: MidiAction[];
}

const NOTE_OFF = 0x80;
const NOTE_ON = 0x90;
const CONTROL_CHANGE = 0xb0;
/** Channel mode messages that silence everything: All Sound Off, All Notes Off. */
const ALL_SOUND_OFF = 120;
const ALL_NOTES_OFF = 123;

/** The step a key press at `position` lands on: the nearest one, so a note played a hair early is not a step late. */
export function stepAtPosition(position: number): number {
  return ((Math.round(position) % STEPS) + STEPS) % STEPS;
}

export function handleMidiMessage(data: ArrayLike<number>, state: MidiInputState): MidiResult {
  const unchanged = { held: [...state.held], actions: [] };
  if (data.length < 3) return unchanged;
  const kind = data[0] & 0xf0;
  const a = data[1];
  const b = data[2];
  if (a > 127 || b > 127 || a < 0 || b < 0) return unchanged;

  if (kind === NOTE_ON && b > 0) {
    const held = [...state.held.filter((n) => n !== a), a];
    const actions: MidiAction[] = [{ type: 'noteOn', note: a }];
    if (state.recording && state.position !== null)
      actions.push({ type: 'recordStep', step: stepAtPosition(state.position) });
    return { held, actions };
  }
  if (kind === NOTE_OFF || (kind === NOTE_ON && b === 0)) {
    if (!state.held.includes(a)) return unchanged;
    const wasSounding = state.held[state.held.length - 1] === a;
    const held = state.held.filter((n) => n !== a);
    if (!wasSounding) return { held, actions: [] };
    if (held.length === 0) return { held, actions: [{ type: 'release' }] };
    return { held, actions: [{ type: 'noteOn', note: held[held.length - 1] }] };
  }
  if (kind === CONTROL_CHANGE && (a === ALL_NOTES_OFF || a === ALL_SOUND_OFF))
    return { held: [], actions: state.held.length > 0 ? [{ type: 'release' }] : [] };
  return unchanged;
}
