import { type CSSProperties, useEffect, useMemo, useRef } from 'react';
import { createLetters, type DriftingLetter, driftTiming } from './lettersField.ts';

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
 * The drifting F U T I L E * letters behind a page. Each letter is a text element moved by
 * Web Animations of `transform` only (one for x, one for y, one for the spin), which the
 * compositor runs: the page's main thread does no work per frame (a canvas redrawn on every
 * frame cost long tasks at 4× CPU, issue 14). Letters stand still under
 * prefers-reduced-motion; a hidden tab draws no frames at all.
 */
export function LettersBackground({ count, speed, seed }: LettersBackgroundProps) {
  const fieldRef = useRef<HTMLDivElement>(null);
  const letters = useMemo(() => createLetters({ count, seed, tones: PALETTE.length }), [count, seed]);

  useEffect(() => {
    const field = fieldRef.current;
    if (!field || typeof field.animate !== 'function') return;
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    let width = field.clientWidth;
    let height = field.clientHeight;

    const runs = letters.map((l, i) => {
      const x = field.children[i].firstElementChild as HTMLElement;
      const y = x.firstElementChild as HTMLElement;
      const glyph = y.firstElementChild as HTMLElement;
      const drift = (el: HTMLElement, axis: 'X' | 'Y', start: number, velocity: number, span: number) => {
        const t = driftTiming(start, velocity * speed, span);
        return el.animate(
          [
            { transform: `translate${axis}(${-start * span}px)` },
            { transform: `translate${axis}(${(1 - start) * span}px)` },
          ],
          { duration: t.duration, iterations: Number.POSITIVE_INFINITY, ...t.phase },
        );
      };
      const turn = 2 * Math.PI * Math.sign(l.spin);
      const spin = glyph.animate(
        [{ transform: `rotate(${l.angle}rad)` }, { transform: `rotate(${l.angle + turn}rad)` }],
        {
          duration: (Math.abs(turn) / Math.max(Math.abs(l.spin * speed), 1e-3)) * 1000,
          iterations: Number.POSITIVE_INFINITY,
        },
      );
      return { x: drift(x, 'X', l.x, l.vx, width), y: drift(y, 'Y', l.y, l.vy, height), spin, l };
    });
    const all = () => runs.flatMap((r) => [r.x, r.y, r.spin]);

    const follow = () => {
      for (const a of all()) {
        if (reducedMotion.matches) a.pause();
        else a.play();
      }
    };
    follow();

    // A new viewport size: new distances and periods, each animation kept at the same point of its cycle.
    const resize = () => {
      const w = field.clientWidth;
      const h = field.clientHeight;
      if (w === width && h === height) return;
      width = w;
      height = h;
      for (const r of runs) {
        retime(r.x, 'X', r.l.x, r.l.vx, width);
        retime(r.y, 'Y', r.l.y, r.l.vy, height);
      }
    };
    const retime = (a: Animation, axis: 'X' | 'Y', start: number, velocity: number, span: number) => {
      const effect = a.effect as KeyframeEffect;
      const before = Number(effect.getTiming().duration);
      const elapsed = Number(a.currentTime ?? 0);
      const t = driftTiming(start, velocity * speed, span);
      effect.setKeyframes([
        { transform: `translate${axis}(${-start * span}px)` },
        { transform: `translate${axis}(${(1 - start) * span}px)` },
      ]);
      effect.updateTiming({ duration: t.duration });
      a.currentTime = before > 0 ? (elapsed * t.duration) / before : 0;
    };

    window.addEventListener('resize', resize);
    reducedMotion.addEventListener('change', follow);
    return () => {
      window.removeEventListener('resize', resize);
      reducedMotion.removeEventListener('change', follow);
      for (const a of all()) a.cancel();
    };
  }, [letters, speed]);

  return (
    <div className="letters-bg" aria-hidden="true">
      <div className="letters-bg__field" ref={fieldRef}>
        {letters.map((l, i) => (
          <span key={i} className="letters-bg__letter" style={letterStyle(l)}>
            <span className="letters-bg__drift">
              <span className="letters-bg__drift">
                <span className="letters-bg__glyph" style={glyphStyle(l)}>
                  {l.char}
                </span>
              </span>
            </span>
          </span>
        ))}
      </div>
    </div>
  );
}
