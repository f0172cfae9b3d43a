import { useFields } from '../../../lib/useFields.ts';
import {
  GRAVITY_MAX,
  GRAVITY_MIN,
  TIME_SPEED_MAX,
  TIME_SPEED_MIN,
  ZOOM_MAX,
  ZOOM_MIN,
} from '../engine/constants.ts';
import { GALAXY_PRESET_ID, GALAXY_PRESET_NAME } from '../engine/galaxy.ts';
import { PRESETS } from '../engine/presets.ts';
import type { GravitySession } from './session.ts';
import { useGravityStore } from './store.ts';

interface SliderProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  format(v: number): string;
  onChange(v: number): void;
}

function Slider({ label, value, min, max, step, format, onChange }: SliderProps) {
  return (
    <label className="gravity-slider">
      <span className="gravity-slider__label">
        {label} <output>{format(value)}</output>
      </span>
      <input
        aria-label={label}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </label>
  );
}

/** Simulation controls (outside the canvas). */
export function Controls({ session, onShare }: { session: GravitySession | null; onShare(): void }) {
  // Only the fields shown here: the whole store changed with every readout (step, counts).
  const s = useFields(useGravityStore, [
    'ready',
    'running',
    'gravity',
    'timeSpeed',
    'zoom',
    'starGravity',
    'trails',
    'pathTrails',
    'presetId',
  ]);
  const disabled = !session || !s.ready;
  // The Galaxy's stars are all alike and many: none is added, picked or given a trail.
  const galaxy = s.presetId === GALAXY_PRESET_ID;
  return (
    <section className="gravity-panel gravity-controls" aria-label="Simulation controls">
      <div className="gravity-controls__row">
        <button
          type="button"
          className="gravity-button gravity-button--primary"
          disabled={disabled}
          aria-pressed={!s.running}
          onClick={() => session?.setRunning(!s.running)}
        >
          {s.running ? '❚❚ Pause' : '▶ Play'}
        </button>
        <button type="button" className="gravity-button" disabled={disabled} onClick={() => session?.reset()}>
          Reset
        </button>
        <button type="button" className="gravity-button" disabled={disabled} onClick={() => session?.clear()}>
          Clear
        </button>
        <button type="button" className="gravity-button" disabled={disabled} onClick={onShare}>
          Share
        </button>
      </div>
      {/* The keyboard's way to what the canvas gestures do (double tap, hold, tap a body). */}
      <div className="gravity-controls__row">
        <button
          type="button"
          className="gravity-button"
          disabled={disabled || galaxy}
          onClick={() => session?.addInView('planet')}
        >
          + Planet
        </button>
        <button
          type="button"
          className="gravity-button"
          disabled={disabled || galaxy}
          onClick={() => session?.addInView('star')}
        >
          + Star
        </button>
        <button
          type="button"
          className="gravity-button"
          disabled={disabled || galaxy}
          aria-label="Select previous body"
          onClick={() => session?.selectNext(-1)}
        >
          ‹ Body
        </button>
        <button
          type="button"
          className="gravity-button"
          disabled={disabled || galaxy}
          aria-label="Select next body"
          onClick={() => session?.selectNext(1)}
        >
          Body ›
        </button>
      </div>
      <label className="gravity-field gravity-field--wide">
        <span>Preset</span>
        <select
          value={s.presetId}
          disabled={disabled}
          onChange={(e) => void session?.loadPreset(e.target.value)}
        >
          {s.presetId === '' && <option value="">Shared scene</option>}
          {PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
          <option value={GALAXY_PRESET_ID}>{GALAXY_PRESET_NAME}</option>
        </select>
      </label>
      <Slider
        label="Gravity strength"
        value={s.gravity}
        min={GRAVITY_MIN}
        max={GRAVITY_MAX}
        step={0.001}
        format={(v) => v.toFixed(3)}
        onChange={(v) => session?.setGravity(v)}
      />
      <Slider
        label="Time speed"
        value={s.timeSpeed}
        min={TIME_SPEED_MIN}
        max={TIME_SPEED_MAX}
        step={0.1}
        format={(v) => `${v.toFixed(1)}×`}
        onChange={(v) => session?.setTimeSpeed(v)}
      />
      <Slider
        label="Zoom"
        value={s.zoom}
        min={ZOOM_MIN}
        max={ZOOM_MAX}
        step={0.05}
        format={(v) => `${v.toFixed(2)}×`}
        onChange={(v) => session?.setZoom(v)}
      />
      <div className="gravity-controls__row">
        <Toggle
          label="Star gravity"
          checked={s.starGravity}
          disabled={disabled || galaxy}
          onChange={(on) => session?.setStarGravity(on)}
        />
        <Toggle
          label="Trails"
          checked={s.trails}
          disabled={disabled || galaxy}
          onChange={(on) => session?.setTrails(on)}
        />
        <Toggle
          label="Path trails"
          checked={s.pathTrails}
          disabled={disabled || galaxy}
          onChange={(on) => session?.setPathTrails(on)}
        />
      </div>
      {galaxy ? (
        <p className="gravity-hint">
          100,000 stars, each pulling on every other · drag to pan · wheel or pinch to zoom · pick another
          preset to build your own system
        </p>
      ) : (
        <p className="gravity-hint">
          Tap to select · drag to move · double tap to add a planet · hold to add a star · wheel or pinch to
          zoom
        </p>
      )}
    </section>
  );
}

/** One of the scene's on/off switches: a checkbox inside its label. */
function Toggle(props: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="gravity-toggle">
      <input
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      {props.label}
    </label>
  );
}
