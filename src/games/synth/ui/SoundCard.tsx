import { type PointerEvent, useState } from 'react';
import {
  DRUM_TYPES,
  FM_RATIOS,
  type FmRatio,
  INSTRUMENT_TYPES,
  midiNoteName,
  type NumericParam,
  OSC_TYPES,
  PRESETS,
} from '../engine/params.ts';
import { auditionOff, auditionOn } from './audioController.ts';
import { Knob } from './Knob.tsx';
import { editorOf, useSynthStore } from './store.ts';

const INSTRUMENT_LABELS = { analog: 'Analog', fm: 'FM', drum: 'Drum' } as const;
const OSC_LABELS = { sine: 'Sine', square: 'Square', sawtooth: 'Saw', triangle: 'Triangle' } as const;
const DRUM_LABELS = { kick: 'Kick', snare: 'Snare', hat: 'Hat' } as const;
const WAVE_PATHS = {
  sine: 'M2 10 C 6 0, 10 0, 14 10 S 22 20, 26 10',
  square: 'M2 15 V5 H14 V15 H26 V5',
  sawtooth: 'M2 15 L14 5 V15 L26 5 V15',
  triangle: 'M2 15 L8 5 L20 15 L26 5',
} as const;

/** Computer keys for the audition keyboard: one octave and a C, like most DAWs. */
export const KEY_MAP = ['a', 'w', 's', 'e', 'd', 'f', 't', 'g', 'y', 'h', 'u', 'j', 'k'];
const BLACK = new Set([1, 3, 6, 8, 10]);

function Segmented<T extends string>({
  label,
  options,
  labels,
  value,
  onChange,
}: {
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange(v: T): void;
}) {
  return (
    <fieldset className="synth-seg">
      <legend className="synth-seg__legend">{label}</legend>
      <div className="synth-seg__row">
        {options.map((o) => (
          <label key={o} className={o === value ? 'synth-seg__opt is-on' : 'synth-seg__opt'}>
            <input type="radio" name={label} value={o} checked={o === value} onChange={() => onChange(o)} />
            {o in WAVE_PATHS && (
              <svg viewBox="0 0 28 20" aria-hidden="true" className="synth-seg__wave">
                <path d={WAVE_PATHS[o as keyof typeof WAVE_PATHS]} />
              </svg>
            )}
            <span>{labels[o]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Lowest C at or below the base note: where the audition keyboard starts. */
export function keyboardStart(baseNote: number): number {
  return Math.max(24, Math.min(84, baseNote - (((baseNote % 12) + 12) % 12)));
}

function Keyboard({ baseNote, drum, drumLabel }: { baseNote: number; drum: boolean; drumLabel: string }) {
  const [down, setDown] = useState<number | null>(null);
  const press = (e: PointerEvent<HTMLButtonElement>, midi?: number) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDown(midi ?? -1);
    void auditionOn(midi);
  };
  const release = () => {
    setDown(null);
    auditionOff();
  };
  if (drum)
    return (
      <button
        type="button"
        className={down !== null ? 'synth-drumpad is-down' : 'synth-drumpad'}
        onPointerDown={(e) => press(e)}
        onPointerUp={release}
        onPointerCancel={release}
      >
        Hit {drumLabel} <kbd>A</kbd>
      </button>
    );
  const start = keyboardStart(baseNote);
  const notes = Array.from({ length: 13 }, (_, i) => start + i);
  const whites = notes.filter((n) => !BLACK.has(n % 12));
  return (
    <fieldset className="synth-keys">
      <legend className="visually-hidden">Keyboard</legend>
      {whites.map((n) => (
        <button
          key={n}
          type="button"
          className={`synth-key synth-key--white${down === n ? ' is-down' : ''}${n === baseNote ? ' is-base' : ''}`}
          aria-label={`Note ${midiNoteName(n)}`}
          onPointerDown={(e) => press(e, n)}
          onPointerUp={release}
          onPointerCancel={release}
        >
          <kbd>{KEY_MAP[n - start].toUpperCase()}</kbd>
        </button>
      ))}
      <div className="synth-keys__blacks">
        {notes.map((n) => {
          if (!BLACK.has(n % 12)) return null;
          const whitesBefore = notes.filter((m) => m < n && !BLACK.has(m % 12)).length;
          return (
            <button
              key={n}
              type="button"
              style={{ left: `calc(${whitesBefore} * (100% / ${whites.length}) - var(--black-w) / 2)` }}
              className={`synth-key synth-key--black${down === n ? ' is-down' : ''}`}
              aria-label={`Note ${midiNoteName(n)}`}
              onPointerDown={(e) => press(e, n)}
              onPointerUp={release}
              onPointerCancel={release}
            />
          );
        })}
      </div>
    </fieldset>
  );
}

export function SoundCard() {
  const params = useSynthStore((s) => editorOf(s).params);
  const a = useSynthStore.getState();
  const knobs: NumericParam[] = ['baseNote', 'attack', 'decay'];
  if (params.instrumentType !== 'drum') knobs.push('sustain');
  knobs.push('release', 'cutoff', 'resonance', 'volume');
  if (params.instrumentType === 'fm') knobs.push('fmDepth');

  return (
    <section className="synth-card synth-card--sound" aria-labelledby="synth-sound-title">
      <header className="synth-card__head">
        <h2 id="synth-sound-title">Sound</h2>
        <label className="synth-name">
          <span className="visually-hidden">Sound name</span>
          <input
            key={params.name}
            defaultValue={params.name}
            maxLength={40}
            aria-label="Sound name"
            onBlur={(e) => a.renameSound(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
          />
        </label>
      </header>

      <fieldset className="synth-presets">
        <legend className="visually-hidden">Presets</legend>
        {PRESETS.map((p) => (
          <button
            key={p.name}
            type="button"
            className={p.name === params.name ? 'synth-chip is-on' : 'synth-chip'}
            onClick={() => a.applyPreset(p.name)}
          >
            {p.name}
          </button>
        ))}
      </fieldset>

      <div className="synth-sound__modes">
        <Segmented
          label="Instrument"
          options={INSTRUMENT_TYPES}
          labels={INSTRUMENT_LABELS}
          value={params.instrumentType}
          onChange={a.setInstrument}
        />
        {params.instrumentType === 'drum' ? (
          <Segmented
            label="Drum"
            options={DRUM_TYPES}
            labels={DRUM_LABELS}
            value={params.drumType}
            onChange={a.setDrumType}
          />
        ) : (
          <Segmented
            label="Wave"
            options={OSC_TYPES}
            labels={OSC_LABELS}
            value={params.oscType}
            onChange={a.setOscType}
          />
        )}
      </div>

      <div className="synth-knobs">
        {knobs.map((k) => (
          <Knob
            key={k}
            param={k}
            value={params[k]}
            onChange={(v, m) => a.setParam(k, v, m)}
            onEnd={a.endGesture}
          />
        ))}
      </div>

      <div className="synth-sound__extras">
        {params.instrumentType === 'fm' && (
          <label className="synth-select">
            <span>FM ratio</span>
            <select value={params.fmRatio} onChange={(e) => a.setFmRatio(e.currentTarget.value as FmRatio)}>
              {FM_RATIOS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </label>
        )}
        <button
          type="button"
          className="synth-toggle"
          role="switch"
          aria-checked={params.delay}
          onClick={a.toggleDelay}
        >
          <span className="synth-toggle__track" aria-hidden="true" />
          Delay
        </button>
      </div>

      <Keyboard
        baseNote={params.baseNote}
        drum={params.instrumentType === 'drum'}
        drumLabel={DRUM_LABELS[params.drumType]}
      />
    </section>
  );
}
