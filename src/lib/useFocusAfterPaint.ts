import { type RefObject, useEffect, useRef } from 'react';

/**
 * Focuses an element that has just appeared (a result overlay, a modal's main button), as
 * `autoFocus` would, but only after the frame that shows it has been laid out.
 *
 * `focus()` needs an up-to-date layout. React's `autoFocus` calls it inside the commit, and
 * so does an effect here: store updates render in React's sync lane, whose passive effects
 * run straight after the commit. Either way the page's new DOM was laid out synchronously
 * in the middle of the frame's task: 15.6–21.8 ms at 4× CPU on Crit Happens' result overlay,
 * enough to make that task a long one. After the next frame has been drawn the
 * layout is clean and the focus costs next to nothing; `preventScroll` spares the
 * scroll-into-view (the element is in view by construction).
 */
export function useFocusAfterPaint<T extends HTMLElement>(enabled = true): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!enabled) return;
    let timer = 0;
    // A task queued from the next frame's callbacks runs once that frame is laid out and painted.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => ref.current?.focus({ preventScroll: true }), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [enabled]);
  return ref;
}
