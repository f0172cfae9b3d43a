/**
 * The drifting letters' motion (LettersBackground), loaded after the page: the letters are
 * already in the markup where they start. Each letter is moved by Web Animations of
 * `transform` only (one for x, one for y, one for the spin), which the compositor runs: the
 * main thread does no work per frame (a canvas redrawn every frame cost long tasks at 4×
 * CPU, issue 14). The motion is lettersField.ts's `stepLetters`, as timing.
 */
import type { DriftingLetter } from './lettersField.ts';

export interface DriftTiming {
  /** ms for one crossing of the span. */
  duration: number;
  /** Where the first cycle begins, and which way it runs. */
  phase: { iterationStart: number; direction: 'normal' | 'reverse' };
}

/**
 * Timing of a drift along one axis as a looping animation from `-start * span` to
 * `(1 - start) * span` px (relative to the letter's start): one cycle per crossing of the
 * `span` px at `velocity` px/s, begun at the start's point of the cycle, played backwards
 * for a negative velocity. Where it wraps is where `stepLetters` wraps.
 */
export function driftTiming(start: number, velocity: number, span: number): DriftTiming {
  // A letter that barely moves still gets a finite (very long) cycle.
  const duration = (Math.max(span, 1) / Math.max(Math.abs(velocity), 1e-3)) * 1000;
  return velocity >= 0
    ? { duration, phase: { iterationStart: start, direction: 'normal' } }
    : { duration, phase: { iterationStart: (1 - start) % 1, direction: 'reverse' } };
}

/**
 * The offset in px that a drift with `driftTiming` has reached `ms` after it began, as
 * the Web Animations model computes it (linear keyframes, infinite iterations).
 */
export function driftOffsetAt(start: number, velocity: number, span: number, ms: number): number {
  const { duration, phase } = driftTiming(start, velocity, span);
  const cycles = phase.iterationStart + ms / duration;
  const progress = cycles - Math.floor(cycles);
  const directed = phase.direction === 'normal' ? progress : 1 - progress;
  return -start * span + directed * span;
}

type Axis = 'X' | 'Y';
const LETTERS_PER_FRAME = 8;
const frames = (axis: Axis, start: number, span: number): Keyframe[] => [
  { transform: `translate${axis}(${-start * span}px)` },
  { transform: `translate${axis}(${(1 - start) * span}px)` },
];

/**
 * Starts the letters in `field` (LettersBackground's markup) moving; still under
 * prefers-reduced-motion, following changes of it. Returns the function that stops them.
 */
export function animateLetters(
  field: HTMLElement,
  letters: readonly DriftingLetter[],
  speed: number,
): () => void {
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  const span = { X: field.clientWidth, Y: field.clientHeight };
  const drifts: { animation: Animation; axis: Axis; start: number; velocity: number }[] = [];
  const spins: Animation[] = [];

  const animateOne = (l: DriftingLetter, i: number) => {
    const x = field.children[i] as HTMLElement;
    const y = x.firstElementChild as HTMLElement;
    const glyph = y.firstElementChild as HTMLElement;
    for (const [el, axis, start, velocity] of [
      [x, 'X', l.x, l.vx * speed],
      [y, 'Y', l.y, l.vy * speed],
    ] as const) {
      const t = driftTiming(start, velocity, span[axis]);
      const animation = el.animate(frames(axis, start, span[axis]), {
        duration: t.duration,
        iterations: Number.POSITIVE_INFINITY,
        ...t.phase,
      });
      drifts.push({ animation, axis, start, velocity });
    }
    const turn = 2 * Math.PI * Math.sign(l.spin);
    spins.push(
      glyph.animate([{ transform: `rotate(${l.angle}rad)` }, { transform: `rotate(${l.angle + turn}rad)` }], {
        duration: (Math.abs(turn) / Math.max(Math.abs(l.spin * speed), 1e-3)) * 1000,
        iterations: Number.POSITIVE_INFINITY,
      }),
    );
  };
  const all = () => [...drifts.map((d) => d.animation), ...spins];
  const follow = () => {
    for (const a of all()) {
      if (reducedMotion.matches) a.pause();
      else a.play();
    }
  };

  // A few letters a frame: promoting every animated element to the compositor at once is
  // one long main-thread task (style, pre-paint, layerize) at 4× CPU.
  let next = 0;
  let frame = 0;
  const startSome = () => {
    const end = Math.min(next + LETTERS_PER_FRAME, letters.length);
    for (; next < end; next++) animateOne(letters[next], next);
    follow();
    frame = next < letters.length ? requestAnimationFrame(startSome) : 0;
  };
  startSome();
  // A new viewport size: new distances and periods, each drift kept at the same point of its cycle.
  const resize = () => {
    const before = { ...span };
    span.X = field.clientWidth;
    span.Y = field.clientHeight;
    for (const d of drifts) {
      if (span[d.axis] === before[d.axis]) continue;
      const effect = d.animation.effect as KeyframeEffect;
      effect.setKeyframes(frames(d.axis, d.start, span[d.axis]));
      effect.updateTiming({ duration: driftTiming(d.start, d.velocity, span[d.axis]).duration });
      d.animation.currentTime = (Number(d.animation.currentTime ?? 0) * span[d.axis]) / before[d.axis];
    }
  };

  window.addEventListener('resize', resize);
  reducedMotion.addEventListener('change', follow);
  return () => {
    window.removeEventListener('resize', resize);
    reducedMotion.removeEventListener('change', follow);
    cancelAnimationFrame(frame);
    for (const a of all()) a.cancel();
  };
}
