/**
 * Web MIDI input: every connected keyboard plays the editor's voice, and with Record on
 * (while playing) writes the step heard now into the pattern. The browser part lives here;
 * what a message means is engine/midiInput.ts.
 */
import { create } from 'zustand';
import { handleMidiMessage, type MidiAction } from '../engine/midiInput.ts';
import { auditionOff, auditionOn, enableAudio, playheadPosition } from './audioController.ts';
import { editorOf, useSynthStore } from './store.ts';

export type MidiInStatus = 'off' | 'asking' | 'on' | 'refused' | 'failed';

interface MidiInState {
  status: MidiInStatus;
  /** Names of the connected inputs. */
  devices: string[];
  recording: boolean;
}

export const useMidiInStore = create<MidiInState>(() => ({ status: 'off', devices: [], recording: false }));

/** Web MIDI exists in this browser (Chromium, Firefox; not Safari). Without it the controls are not shown. */
export function webMidiAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.requestMIDIAccess === 'function';
}

let access: MIDIAccess | null = null;
let held: number[] = [];

function apply(action: MidiAction) {
  if (action.type === 'noteOn') {
    const params = editorOf(useSynthStore.getState()).params;
    void auditionOn(params.instrumentType === 'drum' ? undefined : action.note);
  } else if (action.type === 'release') auditionOff();
  else useSynthStore.getState().recordStep(action.step);
}

function onMessage(event: MIDIMessageEvent) {
  if (!event.data) return;
  const result = handleMidiMessage(event.data, {
    held,
    recording: useMidiInStore.getState().recording,
    position: playheadPosition(),
  });
  held = result.held;
  for (const action of result.actions) apply(action);
}

/** Listens to every input there is now (called again whenever one comes or goes). */
function attachInputs() {
  if (!access) return;
  const devices: string[] = [];
  for (const input of access.inputs.values()) {
    if (input.state === 'disconnected') continue;
    input.onmidimessage = onMessage;
    devices.push(input.name?.trim() || 'MIDI keyboard');
  }
  useMidiInStore.setState({ devices });
}

/** Asks the browser for MIDI (inside a click: it may prompt) and starts listening. */
export async function startMidiIn(): Promise<void> {
  if (!webMidiAvailable() || useMidiInStore.getState().status === 'asking') return;
  useMidiInStore.setState({ status: 'asking' });
  // The same click starts audio, so the first key is heard (a MIDI message is not a user gesture).
  void enableAudio();
  try {
    access = await navigator.requestMIDIAccess();
    access.onstatechange = attachInputs;
    attachInputs();
    useMidiInStore.setState({ status: 'on' });
  } catch (error) {
    access = null;
    const refused = error instanceof DOMException && /NotAllowed|Security/.test(error.name);
    useMidiInStore.setState({ status: refused ? 'refused' : 'failed', devices: [] });
  }
}

export function stopMidiIn(): void {
  if (access) {
    for (const input of access.inputs.values()) input.onmidimessage = null;
    access.onstatechange = null;
  }
  access = null;
  if (held.length > 0) auditionOff();
  held = [];
  setMidiRecording(false);
  useMidiInStore.setState({ status: 'off', devices: [] });
}

export function setMidiRecording(recording: boolean): void {
  if (useMidiInStore.getState().recording === recording) return;
  useMidiInStore.setState({ recording });
  // One recording pass, one undo step.
  useSynthStore.getState().endGesture();
}

export function midiStatusText(s: MidiInState): string {
  switch (s.status) {
    case 'off':
      return 'Play the sound from a MIDI keyboard.';
    case 'asking':
      return 'Asking the browser for MIDI…';
    case 'refused':
      return 'MIDI was not allowed. Allow MIDI devices for this site in the browser, then try again.';
    case 'failed':
      return 'This browser could not open MIDI. Try again after connecting the keyboard.';
    default:
      return s.devices.length === 0
        ? 'No MIDI keyboard found yet: connect one and it is picked up.'
        : `Listening to ${s.devices.join(', ')}.`;
  }
}
