import { type RefObject, useEffect } from 'react';
import { onStep } from './audioController.ts';

/** How long the pattern step the playhead reaches takes to lift, and the one it leaves to settle. */
export const LIFT_MS = 80;
/** The lifted step's transform: the same as `.synth-step.is-playhead` in synth.css. */
export const LIFTED = 'translateY(-2px) scale(1.04)';

type Animatable = Pick<HTMLElement, 'animate'>;

/**
 * Eases a step into (`up`) or out of its lifted transform, as a Web Animation rather than a
 * CSS transition: a transition dispatches transitionrun, transitionstart and transitionend
 * events, and React's root listens to all three, so every step (8 a second at 120 BPM, two
 * elements each) cost six trips through React's event system. An animation sends no DOM
 * events. One still running is reversed, as a transition would be.
 */
export function animateLift(
  el: Animatable,
  up: boolean,
  running: WeakMap<Animatable, Animation>,
  reducedMotion: boolean,
): void {
  if (reducedMotion || typeof el.animate !== 'function') return;
  const current = running.get(el);
  if (current?.playState === 'running') {
    current.reverse();
    return;
  }
  const frames = up
    ? [{ transform: 'none' }, { transform: LIFTED }]
    : [{ transform: LIFTED }, { transform: 'none' }];
  running.set(el, el.animate(frames, { duration: LIFT_MS, easing: 'ease' }));
}

const reducedMotionQuery =
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)')
    : null;

/**
 * Toggles `is-playhead` on the `[data-step]` children of `ref` in time with the audio clock
 * (no React renders). With `lift`, the steps also ease in and out of their lifted look.
 */
export function usePlayhead(ref: RefObject<HTMLElement | null>, { lift = false }: { lift?: boolean } = {}) {
  useEffect(() => {
    const running = new WeakMap<Animatable, Animation>();
    return onStep((step) => {
      const root = ref.current;
      if (!root) return;
      const reduced = reducedMotionQuery?.matches ?? false;
      for (const el of root.querySelectorAll<HTMLElement>('.is-playhead')) {
        el.classList.remove('is-playhead');
        if (lift) animateLift(el, false, running, reduced);
      }
      if (step >= 0)
        for (const el of root.querySelectorAll<HTMLElement>(`[data-step="${step}"]`)) {
          el.classList.add('is-playhead');
          if (lift) animateLift(el, true, running, reduced);
        }
    });
  }, [ref, lift]);
}
