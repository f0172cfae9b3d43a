/**
 * The HUD over the grid while a round plays: round, score, time left and lives, and the bar
 * that empties with the time. React renders it when the round or the lives change; the
 * score and the seconds change in taps' frames and once a second, so they are written
 * outside React into readouts that lay out only themselves (`data-readout`, domText.ts).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { writeFittedText, writeText } from '../../../lib/domText.ts';
import { MAX_MISSED_TIMEOUTS, ROUND_MS, TOTAL_ROUNDS } from '../engine/constants.ts';
import type { WhacStore } from './store.ts';

/** Seconds left at which the time turns red and pulses. */
export const LOW_TIME_S = 5;
/**
 * How far the bar may run from the engine's exact time before it is set again (ms): 100 ms
 * is a third of a percent of the round, under a pixel of a phone-wide bar.
 */
export const TIMER_DRIFT_MS = 100;

/**
 * The score's bump on each hit: up by 30 % and back, with the site's bounce (global.css's
 * `--ease-bounce`, read once from the page when a round's HUD mounts).
 */
function bumpKeyframes(): Keyframe[] {
  const easing =
    getComputedStyle(document.documentElement).getPropertyValue('--ease-bounce').trim() || 'ease-out';
  return [{ transform: 'scale(1)', easing }, { transform: 'scale(1.3)', easing }, { transform: 'scale(1)' }];
}
const BUMP_MS = 250;

export function Lives({ missed }: { missed: number }) {
  const left = MAX_MISSED_TIMEOUTS - missed;
  return (
    <span className="whac-lives" role="img" aria-label={`${left} of ${MAX_MISSED_TIMEOUTS} lives left`}>
      {Array.from({ length: MAX_MISSED_TIMEOUTS }, (_, i) => (
        <span key={i} className={i < left ? 'whac-life' : 'whac-life whac-life--lost'}>
          {i < left ? '❤️' : '🖤'}
        </span>
      ))}
    </span>
  );
}

/**
 * The round's time left as a bar that empties at a constant rate: one linear transform
 * animation (the compositor runs it; the main thread does nothing per frame). At each whole
 * second it is checked against the engine's exact time and set again only when it has run
 * more than TIMER_DRIFT_MS away (a slow device's engine falls behind the wall clock); it is
 * always set again when the phase changes and when the page shows again (a hidden page
 * pauses the engine, not the animation's clock).
 */
export function TimerBar({ store }: { store: WhacStore }) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let animation: Animation | null = null;
    /** The time left when the running animation started. */
    let animatedFrom = 0;
    const set = () => {
      const el = bar.current;
      if (!el) return;
      const left = store.getState().exactMsLeft();
      const from = `scaleX(${Math.max(0, left) / ROUND_MS})`;
      animation?.cancel();
      animation = null;
      el.style.transform = from;
      if (store.getState().phase === 'playing' && left > 0 && typeof el.animate === 'function') {
        animatedFrom = left;
        animation = el.animate([{ transform: from }, { transform: 'scaleX(0)' }], {
          duration: left,
          easing: 'linear',
          fill: 'forwards',
        });
      }
    };
    const check = () => {
      const elapsed = animation?.currentTime;
      if (typeof elapsed !== 'number') return set();
      const shown = animatedFrom - elapsed;
      if (Math.abs(shown - store.getState().exactMsLeft()) > TIMER_DRIFT_MS) set();
    };
    set();
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.phase !== prev.phase) set();
      else if (s.secondsLeft !== prev.secondsLeft) check();
    });
    document.addEventListener('visibilitychange', set);
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', set);
      animation?.cancel();
    };
  }, [store]);
  return (
    <div className="whac-timer" aria-hidden="true">
      <div ref={bar} className="whac-timer__fill" />
    </div>
  );
}

/** The score during play. Each hit bumps it (an animation started anew, no new element). */
function PlayingScore({ store }: { store: WhacStore }) {
  const value = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = value.current;
    if (!el) return;
    // Room for three digits from the start: a round's score reaches them in a few hits, and
    // each wider box lays out the HUD's row (the page) where a new text lays out the box alone.
    el.style.width = '3ch';
    writeFittedText(el, String(store.getState().score));
    const reduceMotion =
      typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
    let bump: Animation | null = null;
    const keyframes = bumpKeyframes();
    return store.subscribe((s, prev) => {
      if (s.score !== prev.score) writeFittedText(el, String(s.score));
      if (s.hits !== prev.hits && typeof el.animate === 'function' && !reduceMotion?.matches) {
        bump?.cancel();
        bump = el.animate(keyframes, { duration: BUMP_MS });
      }
    });
  }, [store]);
  return (
    <span className="whac-hud__value">
      <span ref={value} data-readout="fit" data-testid="whac-score" />
    </span>
  );
}

/** Seconds left, for sight and for screen readers (a timer role, not announced each second). */
function PlayingTime({ store }: { store: WhacStore }) {
  const item = useRef<HTMLSpanElement>(null);
  const value = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const show = (secondsLeft: number) => {
      writeText(value.current, `${secondsLeft}s`);
      item.current?.classList.toggle('whac-hud__time--low', secondsLeft <= LOW_TIME_S);
    };
    show(store.getState().secondsLeft);
    return store.subscribe((s, prev) => {
      if (s.secondsLeft !== prev.secondsLeft) show(s.secondsLeft);
    });
  }, [store]);
  return (
    <span ref={item} className="whac-hud__item">
      <span className="whac-hud__label">Time</span>
      <span className="whac-hud__value" role="timer">
        <span ref={value} data-readout className="whac-hud__seconds" />
      </span>
    </span>
  );
}

export function PlayingHud({ store }: { store: WhacStore }) {
  const round = useStore(store, (s) => s.round);
  const missed = useStore(store, (s) => s.missedTimeouts);
  return (
    <div className="whac-hud">
      <div className="whac-hud__row">
        <span className="whac-hud__item">
          <span className="whac-hud__label">Round</span>
          <span className="whac-hud__value">
            {round}/{TOTAL_ROUNDS}
          </span>
        </span>
        <span className="whac-hud__item whac-hud__score">
          <span className="whac-hud__label">Score</span>
          <PlayingScore store={store} />
        </span>
        <PlayingTime store={store} />
        <span className="whac-hud__item">
          <span className="whac-hud__label">Lives</span>
          <Lives missed={missed} />
        </span>
      </div>
      <TimerBar store={store} />
    </div>
  );
}
