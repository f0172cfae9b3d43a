import { useEffect, useRef, useState } from 'react';
import { useFields } from '../../../lib/useFields.ts';
import { BPM_MAX, BPM_MIN } from '../engine/tempo.ts';
import { exportMidi, exportWav, togglePlay } from './audioController.ts';
import {
  midiStatusText,
  setMidiRecording,
  startMidiIn,
  stopMidiIn,
  useMidiInStore,
  webMidiAvailable,
} from './midiIn.ts';
import { shareUrl } from './songAddress.ts';
import { EXPORT_BAR_OPTIONS, useSynthStore } from './store.ts';

/** How long "Link copied" stays. */
const COPIED_MS = 4000;

/** Share: the song's link to the clipboard, or into a box to copy by hand where the clipboard is refused. */
function ShareControl() {
  const [copied, setCopied] = useState(false);
  const [manual, setManual] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);
  const share = async () => {
    const url = shareUrl();
    clearTimeout(timer.current ?? undefined);
    try {
      await navigator.clipboard.writeText(url);
      setManual(null);
      setCopied(true);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      setCopied(false);
      setManual(url);
    }
  };
  return (
    <div className="synth-share">
      <button
        type="button"
        className="synth-btn"
        onClick={() => void share()}
        aria-describedby="synth-share-help"
      >
        <span aria-hidden="true">🔗</span> Share
      </button>
      <span id="synth-share-help" className="synth-share__help">
        The link holds the whole song: no account needed to open it.
      </span>
      <span className="synth-share__status" role="status">
        {copied ? 'Link copied' : ''}
      </span>
      {manual && (
        <label className="synth-share__manual">
          <span>The clipboard is not available here. Copy this link:</span>
          <input readOnly value={manual} onFocus={(e) => e.currentTarget.select()} autoFocus />
        </label>
      )}
    </div>
  );
}

/** MIDI in and Record: only where the browser has Web MIDI. */
function MidiInControl() {
  const midi = useMidiInStore();
  const on = midi.status === 'on';
  return (
    <div className="synth-midi">
      <button
        type="button"
        className="synth-btn synth-btn--small"
        aria-pressed={on}
        disabled={midi.status === 'asking'}
        onClick={() => (on ? stopMidiIn() : void startMidiIn())}
        aria-describedby="synth-midi-status"
      >
        <span aria-hidden="true">🎹</span> MIDI in
      </button>
      <button
        type="button"
        className="synth-btn synth-btn--small synth-rec"
        aria-pressed={midi.recording}
        disabled={!on}
        onClick={() => setMidiRecording(!midi.recording)}
        title="While playing, each key you press turns on the step you hear"
      >
        <span aria-hidden="true">●</span> Record
      </button>
      <span
        id="synth-midi-status"
        className={
          midi.status === 'refused' || midi.status === 'failed' ? 'synth-error' : 'synth-midi__status'
        }
        role="status"
      >
        {midiStatusText(midi)}
      </span>
    </div>
  );
}

export function TransportCard() {
  const { bpm, playing, exporting, exportBars } = useFields(useSynthStore, [
    'bpm',
    'playing',
    'exporting',
    'exportBars',
  ]);
  const a = useSynthStore.getState();
  const [text, setText] = useState(String(bpm));
  const [exportError, setExportError] = useState<string | null>(null);
  useEffect(() => setText(String(bpm)), [bpm]);

  const commit = () => setText(String(a.commitBpmText(text)));
  const nudge = (d: number) => {
    const next = Math.round(bpm) + d;
    if (next >= BPM_MIN && next <= BPM_MAX) a.commitBpmText(String(next));
  };

  return (
    <section className="synth-card synth-card--transport" aria-labelledby="synth-transport-title">
      <header className="synth-card__head">
        <h2 id="synth-transport-title">Transport</h2>
      </header>
      <div className="synth-transport">
        <button
          type="button"
          className={playing ? 'synth-play is-playing' : 'synth-play'}
          onClick={togglePlay}
          aria-label={playing ? 'Stop' : 'Play'}
        >
          <span aria-hidden="true">{playing ? '■' : '▶'}</span>
        </button>
        <div className="synth-bpm">
          <button
            type="button"
            className="synth-btn synth-btn--round"
            aria-label="Slower"
            onClick={() => nudge(-1)}
          >
            −
          </button>
          <label className="synth-bpm__field">
            <input
              value={text}
              inputMode="decimal"
              aria-label="BPM"
              onChange={(e) => setText(e.currentTarget.value)}
              onBlur={commit}
              onKeyDown={(e) => {
                if (e.key === 'Enter') commit();
                if (e.key === 'Escape') setText(String(bpm));
              }}
            />
            <span aria-hidden="true">BPM</span>
          </label>
          <button
            type="button"
            className="synth-btn synth-btn--round"
            aria-label="Faster"
            onClick={() => nudge(1)}
          >
            +
          </button>
        </div>
        <button
          type="button"
          className="synth-btn synth-tap"
          onPointerDown={() => a.tapTempo(performance.now())}
        >
          Tap
        </button>
      </div>
      <div className="synth-export">
        <label className="synth-select">
          <span>Bars</span>
          <select value={exportBars} onChange={(e) => a.setExportBars(Number(e.currentTarget.value))}>
            {EXPORT_BAR_OPTIONS.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="synth-btn"
          disabled={exporting}
          onClick={() => {
            setExportError(null);
            exportWav().catch((e: unknown) =>
              setExportError(e instanceof Error ? e.message : 'Export failed'),
            );
          }}
        >
          {exporting ? 'Rendering…' : 'Export WAV'}
        </button>
        <button
          type="button"
          className="synth-btn"
          onClick={() => {
            setExportError(null);
            exportMidi().catch((e: unknown) =>
              setExportError(e instanceof Error ? e.message : 'Export failed'),
            );
          }}
        >
          Export MIDI
        </button>
        {exportError && (
          <p className="synth-error" role="alert">
            {exportError}
          </p>
        )}
      </div>
      <ShareControl />
      {webMidiAvailable() && <MidiInControl />}
    </section>
  );
}
