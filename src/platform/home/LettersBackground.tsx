import { useEffect, useRef } from 'react';
import { createLetters, type DriftingLetter, stepLetters } from './lettersField.ts';

/** The brand's accents, light enough to read as glints on the purple: amber, coral, lilac, sky. */
const PALETTE = ['#ffd866', '#ff7aa2', '#b69cff', '#8fd3ff'];
/** Letters wrap this far outside the viewport, so none pops in or out at an edge. */
const EDGE = 70;

export interface LettersBackgroundProps {
  count: number;
  speed: number;
  seed?: number;
}

/**
 * The drifting F U T I L E * letters behind a page, on one 2D canvas. Pauses while
 * the tab is hidden and stands still under prefers-reduced-motion.
 */
export function LettersBackground({ count, speed, seed }: LettersBackgroundProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const letters: DriftingLetter[] = createLetters({ count, seed, tones: PALETTE.length });
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    let width = 0;
    let height = 0;
    let frame = 0;
    let last = 0;

    const resize = () => {
      const dpr = Math.min(window.devicePixelRatio || 1, 2);
      width = window.innerWidth;
      height = window.innerHeight;
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      draw();
    };

    const draw = () => {
      ctx.clearRect(0, 0, width, height);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      for (const l of letters) {
        ctx.save();
        ctx.translate(l.x * (width + 2 * EDGE) - EDGE, l.y * (height + 2 * EDGE) - EDGE);
        ctx.rotate(l.angle);
        ctx.globalAlpha = l.alpha;
        ctx.fillStyle = PALETTE[l.tone];
        ctx.font = `${l.size}px 'Lilita One Local', system-ui, sans-serif`;
        ctx.fillText(l.char, 0, 0);
        ctx.restore();
      }
    };

    const tick = (now: number) => {
      const dt = last ? (now - last) / 1000 : 0;
      last = now;
      stepLetters(letters, dt, speed, width + 2 * EDGE, height + 2 * EDGE);
      draw();
      frame = requestAnimationFrame(tick);
    };

    const start = () => {
      if (frame || document.hidden || reducedMotion.matches) return;
      last = 0;
      frame = requestAnimationFrame(tick);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
    };
    const onVisibility = () => (document.hidden ? stop() : start());
    const onMotionPreference = () => {
      stop();
      draw();
      start();
    };

    resize();
    start();
    // The brand font may arrive after the first frame; redraw the still picture then.
    document.fonts?.ready.then(() => !frame && draw());
    window.addEventListener('resize', resize);
    document.addEventListener('visibilitychange', onVisibility);
    reducedMotion.addEventListener('change', onMotionPreference);
    return () => {
      stop();
      window.removeEventListener('resize', resize);
      document.removeEventListener('visibilitychange', onVisibility);
      reducedMotion.removeEventListener('change', onMotionPreference);
    };
  }, [count, speed, seed]);

  return (
    <div className="letters-bg" aria-hidden="true">
      <canvas ref={canvasRef} />
    </div>
  );
}
