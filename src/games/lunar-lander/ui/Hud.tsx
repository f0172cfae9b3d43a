import { useLayoutEffect, useRef } from 'react';
import { writeText } from '../../../lib/domText.ts';
import { SAFE_LANDING_SPEED, START_LIVES } from '../engine/index.ts';
import type { LanderStore, Telemetry } from './store.ts';

/** What the flight readouts show for one telemetry sample (text, classes, the autopilot's data attributes). */
export interface Readouts {
  fillTransform: string;
  fillClass: string;
  fuel: string;
  speed: string;
  speedClass: string;
  altitude: string;
  pad: string;
  /** Empty: no class. */
  padClass: string;
  data: { dx: string; height: string; vx: string; vy: string; halfWidth: string; tick: string };
}

export function readoutsOf(t: Telemetry): Readouts {
  const fuelPct = Math.max(0, Math.min(100, t.fuel));
  const padDistance = Math.round(Math.abs(t.dx));
  const aligned = Math.abs(t.dx) <= Math.max(0, t.platformHalfWidth - 4);
  return {
    fillTransform: `translateX(${fuelPct - 100}%)`,
    fillClass: fuelPct < 20 ? 'lander-hud__bar-fill lander-hud__bar-fill--low' : 'lander-hud__bar-fill',
    fuel: fuelPct.toFixed(0),
    speed: t.speed.toFixed(2),
    speedClass: t.speed < SAFE_LANDING_SPEED ? 'lander-hud__ok' : 'lander-hud__warn',
    altitude: t.altitude.toFixed(0),
    pad: aligned ? '▼' : t.dx < 0 ? `← ${padDistance}` : `${padDistance} →`,
    padClass: aligned ? 'lander-hud__ok' : '',
    data: {
      dx: String(t.dx),
      height: String(t.platformHeight),
      vx: String(t.vx),
      vy: String(t.vy),
      halfWidth: String(t.platformHalfWidth),
      tick: String(t.tick),
    },
  };
}

/**
 * Flight readouts over the canvas. Level, score and lives render through React; the
 * telemetry (10 updates a second, from the engine host, see session.ts) is written straight into its nodes
 * from the store's subscription, each text or class only when it changed: re-rendering
 * the whole HUD through React ten times a second cost about as much main-thread time as
 * the layout of the new numbers.
 */
export function Hud({ store }: { store: LanderStore }) {
  const level = store((s) => s.level);
  const lives = store((s) => s.lives);
  const score = store((s) => s.score);
  const section = useRef<HTMLElement>(null);
  const fill = useRef<HTMLSpanElement>(null);
  const fuel = useRef<HTMLElement>(null);
  const speed = useRef<HTMLElement>(null);
  const altitude = useRef<HTMLElement>(null);
  const pad = useRef<HTMLElement>(null);

  useLayoutEffect(() => {
    let shown: Readouts | null = null;
    const setText = (el: HTMLElement | null, text: string, was: string | undefined) => {
      if (text !== was) writeText(el, text);
    };
    const setClass = (el: HTMLElement | null, cls: string, was: string | undefined) => {
      if (!el || cls === was) return;
      if (cls) el.className = cls;
      else el.removeAttribute('class');
    };
    const apply = (t: Telemetry) => {
      const r = readoutsOf(t);
      const s = section.current;
      if (s) {
        for (const key of Object.keys(r.data) as (keyof Readouts['data'])[])
          if (r.data[key] !== shown?.data[key]) s.dataset[key] = r.data[key];
      }
      if (fill.current && r.fillTransform !== shown?.fillTransform)
        fill.current.style.transform = r.fillTransform;
      setClass(fill.current, r.fillClass, shown?.fillClass);
      setText(fuel.current, r.fuel, shown?.fuel);
      setText(speed.current, r.speed, shown?.speed);
      setClass(speed.current, r.speedClass, shown?.speedClass);
      setText(altitude.current, r.altitude, shown?.altitude);
      setText(pad.current, r.pad, shown?.pad);
      setClass(pad.current, r.padClass, shown?.padClass);
      shown = r;
    };
    apply(store.getState().telemetry);
    return store.subscribe((next, prev) => {
      if (next.telemetry !== prev.telemetry) apply(next.telemetry);
    });
  }, [store]);

  return (
    <section className="lander-hud" aria-label="Flight data" ref={section}>
      <div className="lander-hud__row">
        <span className="lander-hud__stat">
          <span className="lander-hud__label">Level</span> <strong data-testid="hud-level">{level}</strong>
        </span>
        <span className="lander-hud__stat">
          <span className="lander-hud__label">Score</span> <strong data-testid="hud-score">{score}</strong>
        </span>
        <span className="lander-hud__lives" role="img" aria-label={`${lives} of ${START_LIVES} lives left`}>
          {Array.from({ length: START_LIVES }, (_, i) => (
            <span
              key={i}
              className={i < lives ? 'lander-hud__life' : 'lander-hud__life lander-hud__life--lost'}
            >
              ▲
            </span>
          ))}
        </span>
      </div>
      <div className="lander-hud__fuel">
        <span className="lander-hud__label">Fuel</span>
        <span className="lander-hud__bar" aria-hidden="true">
          <span ref={fill} />
        </span>
        {/* Not the grid item itself: a grid item's box is not laid out on its own. */}
        <span className="lander-hud__fuel-value">
          <strong ref={fuel} data-readout="fuel" />
        </span>
      </div>
      <div className="lander-hud__row lander-hud__row--flight">
        <span className="lander-hud__stat">
          <span className="lander-hud__label">Speed</span>{' '}
          <strong ref={speed} data-readout="speed" data-testid="hud-speed" />
        </span>
        <span className="lander-hud__stat">
          <span className="lander-hud__label">Alt</span> <strong ref={altitude} data-readout="altitude" />
        </span>
        <span className="lander-hud__stat" title="Where the platform is">
          <span className="lander-hud__label">Pad</span> <strong ref={pad} data-readout="pad" />
        </span>
      </div>
    </section>
  );
}
