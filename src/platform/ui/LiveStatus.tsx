import { useEffect, useRef, useState } from 'react';

export interface LiveStatusProps {
  /** What a screen reader should know now, e.g. "Level 2. Score 340. 3 lives. Fuel 80." */
  text: string;
  /**
   * Least time between two announcements. Game state changes every frame; the region
   * takes the newest text at most this often (the last change always lands).
   */
  minIntervalMs?: number;
  /** Hook for tests and styles. */
  testId?: string;
}

/**
 * A polite live region for a canvas game's state: screen readers hear the
 * score, lives, fuel or result that the canvas only draws. Visually hidden.
 */
export function LiveStatus({ text, minIntervalMs = 1000, testId }: LiveStatusProps) {
  const [shown, setShown] = useState(text);
  const lastShownAt = useRef(Number.NEGATIVE_INFINITY);
  const latest = useRef(text);
  latest.current = text;

  useEffect(() => {
    if (text === shown) return;
    const wait = Math.max(0, lastShownAt.current + minIntervalMs - performance.now());
    const timer = window.setTimeout(() => {
      lastShownAt.current = performance.now();
      setShown(latest.current);
    }, wait);
    return () => window.clearTimeout(timer);
  }, [text, shown, minIntervalMs]);

  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid={testId}>
      {shown}
    </div>
  );
}
