/**
 * Glue between the store and the LiveEngine: the engine exists once audio is enabled
 * (a user gesture), follows the store's tracks and BPM, and forwards the playhead's clock to
 * DOM listeners. Lives outside React.
 */
import { LiveEngine, type PlayheadClock, type PlayheadListener } from '../audio/liveEngine.ts';
import { activeTracks } from '../engine/arrangement.ts';
import { editorOf, type SynthState, useSynthStore } from './store.ts';

/**
 * The master level: each loop has its own volume knob, and no other game's setting enters
 * (0.8, the level it had under the old site-wide default).
 */
const MASTER_VOLUME = 0.8;

let engine: LiveEngine | null = null;
let starting: Promise<LiveEngine | null> | null = null;
const playheadListeners = new Set<PlayheadListener>();
let lastClock: PlayheadClock | null = null;

function tracksOf(s: SynthState) {
  return activeTracks(s.loops, editorOf(s), s.linkedLoopId);
}

function forwardPlayhead(clock: PlayheadClock | null) {
  lastClock = clock;
  for (const l of playheadListeners) l(clock);
}

/** Starts audio (inside a click/tap/key handler). Resolves null when the browser refuses. */
export function enableAudio(): Promise<LiveEngine | null> {
  if (engine) return Promise.resolve(engine);
  if (starting) return starting;
  const store = useSynthStore.getState();
  store.setAudio('starting');
  starting = LiveEngine.start(MASTER_VOLUME)
    .then((e) => {
      engine = e;
      const s = useSynthStore.getState();
      e.setBpm(s.bpm);
      e.setTracks(tracksOf(s));
      useSynthStore.subscribe((next, prev) => {
        if (next.bpm !== prev.bpm) e.setBpm(next.bpm);
        if (
          next.loops !== prev.loops ||
          next.history.present !== prev.history.present ||
          next.linkedLoopId !== prev.linkedLoopId
        )
          e.setTracks(tracksOf(next));
      });
      e.onPlayhead(forwardPlayhead);
      useSynthStore.getState().setAudio('ready');
      return e;
    })
    .catch((error: unknown) => {
      console.warn('Synth Loops: audio could not start', error);
      useSynthStore.getState().setAudio('failed');
      starting = null;
      return null;
    });
  return starting;
}

export async function play() {
  const e = await enableAudio();
  if (!e) return;
  e.play();
  useSynthStore.getState().setPlaying(true);
}

export function stop() {
  engine?.stop();
  useSynthStore.getState().setPlaying(false);
}

export function togglePlay() {
  if (useSynthStore.getState().playing) stop();
  else void play();
}

/** Keyboard / pad audition with the editor's current sound. */
export async function auditionOn(midi?: number) {
  const e = await enableAudio();
  e?.noteOn(editorOf(useSynthStore.getState()).params, midi);
}

export function auditionOff() {
  engine?.noteOff();
}

/** The playhead in steps since Play (fractional), or null when stopped or audio is off. */
export function playheadPosition(): number | null {
  return engine?.playheadPosition() ?? null;
}

/** The playhead's clock now and at every change (null while stopped); see LiveEngine.onPlayhead. */
export function onPlayhead(listener: PlayheadListener): () => void {
  playheadListeners.add(listener);
  listener(lastClock);
  return () => playheadListeners.delete(listener);
}

/** The song as a Standard MIDI File download: one track per loop (engine/midiExport.ts). */
export async function exportMidi() {
  const [{ midiSources, songToMidi }, { downloadBytes }] = await Promise.all([
    import('../engine/midiExport.ts'),
    import('../audio/exportWav.ts'),
  ]);
  const s = useSynthStore.getState();
  const bytes = songToMidi(midiSources(s.loops, editorOf(s), s.linkedLoopId), s.bpm, s.exportBars);
  downloadBytes(bytes, `futile-synth-loops-${Math.round(s.bpm)}bpm-${s.exportBars}bars.mid`, 'audio/midi');
}

/** Offline render of the audible arrangement to a WAV download. */
export async function exportWav() {
  const store = useSynthStore.getState();
  if (store.exporting) return;
  store.setExporting(true);
  try {
    const { renderSongWav, downloadBytes } = await import('../audio/exportWav.ts');
    const s = useSynthStore.getState();
    const bytes = await renderSongWav({ bpm: s.bpm, tracks: tracksOf(s), bars: s.exportBars });
    downloadBytes(bytes, `futile-synth-loops-${Math.round(s.bpm)}bpm-${s.exportBars}bars.wav`);
  } finally {
    useSynthStore.getState().setExporting(false);
  }
}

/** Leaving the page stops the music; the engine stays for the next visit. */
export function onPageLeave() {
  stop();
  auditionOff();
}
