import { useEffect, useState } from 'react';
import { BPM_MAX, BPM_MIN } from '../engine/tempo.ts';
import { exportWav, togglePlay } from './audioController.ts';
import { EXPORT_BAR_OPTIONS, useSynthStore } from './store.ts';

export function TransportCard() {
  const bpm = useSynthStore((s) => s.bpm);
  const playing = useSynthStore((s) => s.playing);
  const exporting = useSynthStore((s) => s.exporting);
  const exportBars = useSynthStore((s) => s.exportBars);
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
        {exportError && (
          <p className="synth-error" role="alert">
            {exportError}
          </p>
        )}
      </div>
    </section>
  );
}
