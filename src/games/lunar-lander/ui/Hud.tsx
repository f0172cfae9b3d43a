import { SAFE_LANDING_SPEED, START_LIVES } from '../engine/index.ts';
import type { LanderStore } from './store.ts';

/** Flight readouts over the canvas (values arrive throttled through the store). */
export function Hud({ store }: { store: LanderStore }) {
  const t = store((s) => s.telemetry);
  const level = store((s) => s.level);
  const lives = store((s) => s.lives);
  const score = store((s) => s.score);
  const safe = t.speed < SAFE_LANDING_SPEED;
  const fuelPct = Math.max(0, Math.min(100, t.fuel));
  const padDistance = Math.round(Math.abs(t.dx));
  const aligned = Math.abs(t.dx) <= Math.max(0, t.platformHalfWidth - 4);
  return (
    <section
      className="lander-hud"
      aria-label="Flight data"
      data-dx={t.dx}
      data-height={t.platformHeight}
      data-vx={t.vx}
      data-vy={t.vy}
      data-half-width={t.platformHalfWidth}
    >
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
          <span
            className={
              fuelPct < 20 ? 'lander-hud__bar-fill lander-hud__bar-fill--low' : 'lander-hud__bar-fill'
            }
            style={{ transform: `translateX(${fuelPct - 100}%)` }}
          />
        </span>
        <strong>{fuelPct.toFixed(0)}</strong>
      </div>
      <div className="lander-hud__row lander-hud__row--flight">
        <span className="lander-hud__stat">
          <span className="lander-hud__label">Speed</span>{' '}
          <strong className={safe ? 'lander-hud__ok' : 'lander-hud__warn'} data-testid="hud-speed">
            {t.speed.toFixed(2)}
          </strong>
        </span>
        <span className="lander-hud__stat">
          <span className="lander-hud__label">Alt</span> <strong>{t.altitude.toFixed(0)}</strong>
        </span>
        <span className="lander-hud__stat" title="Where the platform is">
          <span className="lander-hud__label">Pad</span>{' '}
          <strong className={aligned ? 'lander-hud__ok' : undefined}>
            {aligned ? '▼' : t.dx < 0 ? `← ${padDistance}` : `${padDistance} →`}
          </strong>
        </span>
      </div>
    </section>
  );
}
