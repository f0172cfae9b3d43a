import { type KeyboardEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { useFocusAfterPaint } from '../../../lib/useFocusAfterPaint.ts';
import { Leaderboard, type LeaderboardSubmission } from '../../../platform/scores/Leaderboard.tsx';
import {
  FUEL_BONUS_FACTOR,
  floorPart,
  HVEL_BONUS_FACTOR,
  SAFE_LANDING_SPEED,
  START_LIVES,
} from '../engine/index.ts';
import { GAME_ID } from './session.ts';
import type { FinishedRun, LanderStore } from './store.ts';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled])';

/**
 * Tab and Shift+Tab stay inside the modal (it is the only thing to act on: the game
 * behind waits for it); Escape takes the modal's way on (`onEscape`), where it has one.
 */
function trapKeys(event: KeyboardEvent<HTMLDivElement>, onEscape?: () => void) {
  if (event.key === 'Escape' && onEscape) {
    event.preventDefault();
    onEscape();
    return;
  }
  if (event.key !== 'Tab') return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

function Modal({
  title,
  tone,
  onEscape,
  children,
}: {
  title: string;
  tone?: 'good' | 'bad';
  onEscape?: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="lander-modal-backdrop">
      <div
        className={`lander-modal${tone ? ` lander-modal--${tone}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        onKeyDown={(event) => trapKeys(event, onEscape)}
      >
        <h2 id={id} className="lander-modal__title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

export function IntroModal({ onStart }: { onStart(): void }) {
  const focusRef = useFocusAfterPaint<HTMLButtonElement>();
  return (
    <Modal title="Lunar Lander">
      <p className="lander-modal__lead">
        Bring the lander down on the lit platform. Touch down with both feet on the pad at a speed below{' '}
        <strong>{SAFE_LANDING_SPEED}</strong>.
      </p>
      <div className="lander-intro__grid">
        <section aria-label="Controls">
          <h3 className="lander-modal__sub">Controls</h3>
          <ul className="lander-keys">
            <li>
              <kbd>↑</kbd> <kbd>W</kbd> <kbd>Space</kbd> main engine
            </li>
            <li>
              <kbd>←</kbd> <kbd>→</kbd> <kbd>A</kbd> <kbd>D</kbd> side thrusters
            </li>
            <li>On touch screens: hold the big buttons at the bottom.</li>
          </ul>
          <h3 className="lander-modal__sub">Rules</h3>
          <ul className="lander-rules">
            <li>
              {START_LIVES} lives. 100 fuel per attempt; the engine and the side thrusters both burn it.
            </li>
            <li>Missing the pad or landing too fast costs a life.</li>
            <li>Each landing: next level, a pad 10% narrower.</li>
            <li>
              Score: 100 per level cleared, plus per landing 2 × fuel left and (0.35 − sideways speed) × 100.
            </li>
          </ul>
        </section>
        <Leaderboard gameId={GAME_ID} title="High Scores" />
      </div>
      <div className="lander-modal__actions">
        <button ref={focusRef} type="button" className="lander-btn" onClick={onStart}>
          Start mission
        </button>
      </div>
    </Modal>
  );
}

export function StartingNotice() {
  return (
    <div className="lander-modal-backdrop lander-modal-backdrop--clear">
      <p className="lander-starting" role="status">
        Preparing the descent…
      </p>
    </div>
  );
}

export function LandedModal({ store, onNext }: { store: LanderStore; onNext(): void }) {
  const t = store((s) => s.touchdown);
  const score = store((s) => s.score);
  const focusRef = useFocusAfterPaint<HTMLButtonElement>(t !== null);
  if (!t) return null;
  return (
    <Modal title="Touchdown!" tone="good" onEscape={onNext}>
      <p className="lander-modal__lead">Level {t.level} cleared. The Eagle has landed.</p>
      <dl className="lander-stats">
        <dt>Touchdown speed</dt>
        <dd>{t.speed.toFixed(3)}</dd>
        <dt>Fuel bonus (2 × {t.fuel.toFixed(1)})</dt>
        <dd>+{floorPart(FUEL_BONUS_FACTOR * t.fuel)}</dd>
        <dt>Precision bonus (sideways {Math.abs(t.vx).toFixed(3)})</dt>
        <dd>+{floorPart((SAFE_LANDING_SPEED - Math.abs(t.vx)) * HVEL_BONUS_FACTOR)}</dd>
        <dt>Level bonus</dt>
        <dd>+100</dd>
        <dt className="lander-stats__total">Score</dt>
        <dd className="lander-stats__total">{score}</dd>
      </dl>
      <div className="lander-modal__actions">
        <button ref={focusRef} type="button" className="lander-btn" onClick={onNext}>
          Next level
        </button>
      </div>
    </Modal>
  );
}

export function CrashedModal({ store, onRetry }: { store: LanderStore; onRetry(): void }) {
  const t = store((s) => s.touchdown);
  const lives = store((s) => s.lives);
  const focusRef = useFocusAfterPaint<HTMLButtonElement>(t !== null);
  if (!t) return null;
  return (
    <Modal title="Crashed!" tone="bad" onEscape={onRetry}>
      <p className="lander-modal__lead">
        {t.reason === 'too-fast'
          ? `Too fast: ${t.speed.toFixed(2)} (safe is below ${SAFE_LANDING_SPEED}).`
          : 'You missed the platform.'}
      </p>
      <p className="lander-modal__lives">
        {lives} {lives === 1 ? 'life' : 'lives'} left
      </p>
      <div className="lander-modal__actions">
        <button ref={focusRef} type="button" className="lander-btn" onClick={onRetry}>
          Try again
        </button>
      </div>
    </Modal>
  );
}

export function GameOverModal({ finished, onPlayAgain }: { finished: FinishedRun; onPlayAgain(): void }) {
  const [submitted, setSubmitted] = useState<{ rank: number; verified: boolean } | null>(null);
  const canSubmit = finished.level > 1;
  // With a score to post, Play again does not take the focus: the player may post first.
  const focusRef = useFocusAfterPaint<HTMLButtonElement>(!canSubmit);
  const submission = useMemo<LeaderboardSubmission | null>(
    () =>
      canSubmit
        ? {
            score: finished.score,
            duration: finished.durationSeconds,
            metadata: finished.metadata,
            ...(finished.run ? { run: finished.run } : {}),
          }
        : null,
    [finished, canSubmit],
  );
  return (
    <Modal title="Game over" tone="bad">
      <dl className="lander-stats">
        <dt>Level reached</dt>
        <dd data-testid="final-level">{finished.level}</dd>
        <dt className="lander-stats__total">Final score</dt>
        <dd className="lander-stats__total" data-testid="final-score">
          {finished.score}
        </dd>
      </dl>
      {!canSubmit && <p className="lander-modal__note">Land at least once to post a score.</p>}
      {canSubmit && !finished.run && (
        <p className="lander-modal__note">
          The server could not issue a run ticket: this score is unverified.
        </p>
      )}
      {submitted && (
        <p className="lander-modal__note" role="status">
          {submitted.verified ? 'Run verified by replay on the server.' : 'Score posted (not verified).'}
        </p>
      )}
      <Leaderboard gameId={GAME_ID} submission={submission} onSubmitted={setSubmitted} title="High Scores" />
      <div className="lander-modal__actions">
        <button ref={focusRef} type="button" className="lander-btn" onClick={onPlayAgain}>
          Play again
        </button>
      </div>
    </Modal>
  );
}
