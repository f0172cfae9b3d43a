import { type CSSProperties, useEffect, useMemo, useRef } from 'react';
import { createLetters, type DriftingLetter } from './lettersField.ts';

/** The brand's accents, light enough to read as glints on the purple: amber, coral, lilac, sky. */
const PALETTE = ['#ffd866', '#ff7aa2', '#b69cff', '#8fd3ff'];

export interface LettersBackgroundProps {
  count: number;
  speed: number;
  seed?: number;
}

const fixed = (v: number) => v.toFixed(4);

/** Where a letter starts: static markup, so a prerendered page shows the same picture before its script. */
function letterStyle(l: DriftingLetter): CSSProperties {
  return { left: `${fixed(l.x * 100)}%`, top: `${fixed(l.y * 100)}%` };
}

function glyphStyle(l: DriftingLetter): CSSProperties {
  return {
    fontSize: `${l.size}px`,
    color: PALETTE[l.tone],
    opacity: fixed(l.alpha),
    transform: `rotate(${fixed(l.angle)}rad)`,
  };
}

/**
 * The drifting F U T I L E * letters behind a page: text elements where the seeded layout
 * puts them (so a prerendered page shows them before any script), set moving on the
 * compositor by lettersMotion.ts, which loads after the page. Still under
 * prefers-reduced-motion; a hidden tab draws no frames at all.
 */
export function LettersBackground({ count, speed, seed }: LettersBackgroundProps) {
  const fieldRef = useRef<HTMLDivElement>(null);
  const letters = useMemo(() => createLetters({ count, seed, tones: PALETTE.length }), [count, seed]);

  useEffect(() => {
    const field = fieldRef.current;
    if (!field) return;
    let stop: (() => void) | undefined;
    let gone = false;
    import('./lettersMotion.ts')
      .then((motion) => {
        if (!gone) stop = motion.animateLetters(field, letters, speed);
      })
      // Offline before the chunk was cached: the letters just stay where they are.
      .catch(() => {});
    return () => {
      gone = true;
      stop?.();
    };
  }, [letters, speed]);

  return (
    <div className="letters-bg" aria-hidden="true">
      <div className="letters-bg__field" ref={fieldRef}>
        {letters.map((l, i) => (
          // Three elements a letter: where it starts, then drifting along x (this one), along y, and spinning.
          <span key={i} className="letters-bg__letter" style={letterStyle(l)}>
            <span className="letters-bg__drift">
              <span className="letters-bg__glyph" style={glyphStyle(l)}>
                {l.char}
              </span>
            </span>
          </span>
        ))}
      </div>
    </div>
  );
}
