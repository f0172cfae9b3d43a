import { type RefObject, useEffect } from 'react';
import type { PlayheadClock } from '../audio/liveEngine.ts';
import { STEPS } from '../engine/timing.ts';
import { onPlayhead } from './audioController.ts';

/** How long the pattern step the playhead reaches takes to lift, and the one it leaves to settle. */
export const LIFT_MS = 80;
/** The lifted step's transform. */
export const LIFTED = 'translateY(-2px) scale(1.04)';
/** The element in each `[data-step]` that shows the playhead (its look in synth.css, opacity 0 at rest). */
export const HEAD_SELECTOR = '.synth-head';

/**
 * When the cycle of `step`'s animation starts, on the clock's timeline: a cycle is one bar
 * and begins as the playhead reaches the step. It is the first time from the clock's step
 * on, or one bar earlier where the playhead had been there already (after a tempo change),
 * so the step it just left settles at the new pace rather than jumping.
 */
export function cycleStart(clock: PlayheadClock, step: number, steps = STEPS): number {
  let index = clock.index + ((((step - clock.index) % steps) + steps) % steps);
  if (index >= steps) index -= steps;
  return clock.at + (index - clock.index) * clock.stepMs;
}

/** The playhead's look shown for the first step of each bar-long cycle, hidden for the rest. */
export function headKeyframes(steps = STEPS): Keyframe[] {
  const step = 1 / steps;
  return [
    { offset: 0, opacity: 1 },
    { offset: step, opacity: 1 },
    { offset: step, opacity: 0 },
    { offset: 1, opacity: 0 },
  ];
}

/** The step eases up as the playhead reaches it and back as it leaves (within the step at fast tempos). */
export function liftKeyframes(stepMs: number, steps = STEPS): Keyframe[] {
  const step = 1 / steps;
  const ease = Math.min(LIFT_MS, stepMs) / (stepMs * steps);
  return [
    { offset: 0, transform: 'none', easing: 'ease' },
    { offset: ease, transform: LIFTED },
    { offset: step, transform: LIFTED, easing: 'ease' },
    { offset: step + ease, transform: 'none' },
    { offset: 1, transform: 'none' },
  ];
}

/** The step the playhead is on at `time` by this clock, or -1 before its first. */
export function stepAt(clock: PlayheadClock, time: number, steps = STEPS): number {
  const index = clock.index + Math.floor((time - clock.at) / clock.stepMs);
  return index < 0 ? -1 : index % steps;
}

const reducedMotionQuery =
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)')
    : null;

const canAnimate = () => typeof Animation === 'function' && typeof KeyframeEffect === 'function';

interface Running {
  animation: Animation;
  step: number;
}

/**
 * Shows the playhead on the `[data-step]` children of `ref` (each with a HEAD_SELECTOR
 * element) as Web Animations of opacity and, with `lift`, transform: the compositor runs
 * them from the playhead's clock, so the main thread does nothing per step or per frame.
 * They are set when the clock changes (Play, Stop, a tempo change, the audio clock's drift)
 * and never through React. Under reduced motion the steps do not lift; the playhead still
 * shows.
 */
export function usePlayhead(ref: RefObject<HTMLElement | null>, { lift = false }: { lift?: boolean } = {}) {
  useEffect(() => {
    const root = ref.current;
    if (!root || !canAnimate()) return;
    let running: Running[] = [];
    let shown: PlayheadClock | null = null;
    let lifted = false;

    const stop = () => {
      for (const r of running) r.animation.cancel();
      running = [];
    };
    const start = (clock: PlayheadClock) => {
      const reduced = reducedMotionQuery?.matches ?? false;
      const timing: EffectTiming = { duration: clock.stepMs * STEPS, iterations: Number.POSITIVE_INFINITY };
      const head = headKeyframes();
      const rise = liftKeyframes(clock.stepMs);
      lifted = lift && !reduced;
      for (const el of root.querySelectorAll<HTMLElement>('[data-step]')) {
        const step = Number(el.dataset.step);
        const targets: [Element | null, Keyframe[]][] = [[el.querySelector(HEAD_SELECTOR), head]];
        if (lifted) targets.push([el, rise]);
        for (const [target, keyframes] of targets) {
          if (!target) continue;
          const animation = new Animation(new KeyframeEffect(target, keyframes, timing), document.timeline);
          animation.startTime = cycleStart(clock, step);
          running.push({ animation, step });
        }
      }
    };
    /** Stopped: the lifted step settles, as it does when the playhead leaves it. */
    const settle = (clock: PlayheadClock) => {
      if (!lifted) return;
      const step = stepAt(clock, performance.now());
      const el = step < 0 ? null : root.querySelector<HTMLElement>(`[data-step="${step}"]`);
      el?.animate([{ transform: LIFTED }, { transform: 'none' }], { duration: LIFT_MS, easing: 'ease' });
    };

    const show = (clock: PlayheadClock | null) => {
      if (clock && shown && clock.stepMs === shown.stepMs && running.length > 0) {
        // The same pace from another anchor (drift): move the animations, keep them.
        for (const r of running) r.animation.startTime = cycleStart(clock, r.step);
      } else {
        stop();
        if (!clock && shown) settle(shown);
        if (clock) start(clock);
      }
      shown = clock;
    };
    const unsubscribe = onPlayhead(show);
    const onMotion = () => {
      if (!shown) return;
      stop();
      start(shown);
    };
    reducedMotionQuery?.addEventListener?.('change', onMotion);
    return () => {
      unsubscribe();
      reducedMotionQuery?.removeEventListener?.('change', onMotion);
      stop();
    };
  }, [ref, lift]);
}
