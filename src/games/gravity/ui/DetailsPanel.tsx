import { useLayoutEffect, useRef } from 'react';
import { writeFittedText } from '../../../lib/domText.ts';
import { KIND_STAR, PLANET_TYPES, STAR_TYPES } from '../engine/bodyTypes.ts';
import { MASS_MIN, RADIUS_MIN, TEMPERATURE_MIN, TEMPERATURE_STEP } from '../engine/constants.ts';
import { type LiveNumber, NumberField } from './NumberField.tsx';
import type { GravitySession } from './session.ts';
import { type BodyMotion, selectedMotion, useGravityStore } from './store.ts';

const hex = (c: number) => `#${c.toString(16).padStart(6, '0')}`;

/** One figure of the selected body's motion, as the velocity fields follow it. */
function liveMotion(pick: (motion: BodyMotion) => number): LiveNumber {
  return {
    subscribe: (listener) =>
      selectedMotion.subscribe(({ motion }) => {
        if (motion && motion.id === useGravityStore.getState().selectedId) listener(pick(motion));
      }),
  };
}
const LIVE_VX = liveMotion((m) => m.vx);
const LIVE_VY = liveMotion((m) => m.vy);

/**
 * Speed and position of the selected body, written into the page at each readout (a few
 * times a second) without a React render.
 */
function MotionReadout({ id }: { id: number }) {
  const speed = useRef<HTMLElement>(null);
  const position = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const apply = (motion: BodyMotion | null) => {
      if (!motion || motion.id !== id) return;
      writeFittedText(speed.current, Math.hypot(motion.vx, motion.vy).toFixed(3));
      writeFittedText(position.current, `${motion.x.toFixed(0)}, ${motion.y.toFixed(0)}`);
    };
    apply(selectedMotion.getState().motion);
    return selectedMotion.subscribe(({ motion }) => apply(motion));
  }, [id]);
  return (
    <p className="gravity-readout">
      Speed <strong ref={speed} data-readout="fit" /> · Position <strong ref={position} data-readout="fit" />
    </p>
  );
}

/** Object details for the selection: type, mass, radius, temperature or density, velocity. */
export function DetailsPanel({ session }: { session: GravitySession | null }) {
  const body = useGravityStore((s) => s.selected);
  const selectedId = useGravityStore((s) => s.selectedId);
  if (selectedId === null || !body) {
    return (
      <section className="gravity-panel gravity-details" aria-label="Object details">
        <h2>Object details</h2>
        <p className="gravity-hint">Tap a star or planet to see and edit it.</p>
      </section>
    );
  }
  const star = body.kind === KIND_STAR;
  const types = star ? STAR_TYPES : PLANET_TYPES;
  const edit = (patch: Parameters<GravitySession['updateSelected']>[0]) =>
    void session?.updateSelected(patch);
  return (
    <section className="gravity-panel gravity-details" aria-label="Object details">
      <h2>
        <span className="gravity-swatch" style={{ background: hex(body.color) }} aria-hidden="true" />
        {star ? 'Star' : 'Planet'} #{body.id}
      </h2>
      <label className="gravity-field gravity-field--wide">
        <span>Type</span>
        <select value={body.type} onChange={(e) => edit({ type: Number(e.target.value) })}>
          {types.map((t, i) => (
            <option key={t.name} value={i}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <NumberField
        label="Mass"
        value={body.mass}
        min={MASS_MIN}
        step={0.1}
        onCommit={(mass) => edit({ mass })}
      />
      <NumberField
        label="Radius"
        value={body.radius}
        min={RADIUS_MIN}
        step={0.5}
        onCommit={(radius) => edit({ radius })}
      />
      {star ? (
        <NumberField
          label="Temperature (K)"
          value={body.temperature ?? 5800}
          min={TEMPERATURE_MIN}
          step={TEMPERATURE_STEP}
          digits={0}
          onCommit={(temperature) => edit({ temperature })}
        />
      ) : (
        <NumberField
          label="Density (g/cm³)"
          value={body.density ?? 1}
          min={0.01}
          step={0.1}
          onCommit={(density) => edit({ density })}
        />
      )}
      <div className="gravity-details__pair">
        <NumberField
          label="Velocity x"
          value={body.vx}
          step={0.05}
          digits={3}
          live={LIVE_VX}
          onCommit={(vx) => edit({ vx })}
        />
        <NumberField
          label="Velocity y"
          value={body.vy}
          step={0.05}
          digits={3}
          live={LIVE_VY}
          onCommit={(vy) => edit({ vy })}
        />
      </div>
      <MotionReadout id={body.id} />
      <button
        type="button"
        className="gravity-button gravity-button--danger"
        onClick={() => session?.deleteSelected()}
      >
        Delete {star ? 'star' : 'planet'}
      </button>
    </section>
  );
}
