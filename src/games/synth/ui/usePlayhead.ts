import { type RefObject, useEffect } from 'react';
import { onStep } from './audioController.ts';

/** Toggles `is-playhead` on the `[data-step]` children of `ref` in time with the audio clock (no React renders). */
export function usePlayhead(ref: RefObject<HTMLElement | null>) {
  useEffect(
    () =>
      onStep((step) => {
        const root = ref.current;
        if (!root) return;
        for (const el of root.querySelectorAll('.is-playhead')) el.classList.remove('is-playhead');
        if (step >= 0)
          for (const el of root.querySelectorAll(`[data-step="${step}"]`)) el.classList.add('is-playhead');
      }),
    [ref],
  );
}
