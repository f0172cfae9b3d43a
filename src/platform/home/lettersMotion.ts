/**
 * The drifting letters' motion (LettersBackground), loaded after the page: the letters are
 * already in the markup where they start. Each letter is moved by Web Animations of
 * `transform` only (one for x, one for y, one for the spin), which the compositor runs: the
 * main thread does no work per frame (a canvas redrawn every frame cost long tasks at 4×
 * CPU). The motion is lettersField.ts's `stepLetters`, as timing.
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

  /** Sets one letter moving; answers its three animations. */
  const animateOne = (l: DriftingLetter, i: number): Animation[] => {
    const made: Animation[] = [];
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
      made.push(animation);
    }
    const turn = 2 * Math.PI * Math.sign(l.spin);
    const spin = glyph.animate(
      [{ transform: `rotate(${l.angle}rad)` }, { transform: `rotate(${l.angle + turn}rad)` }],
      {
        duration: (Math.abs(turn) / Math.max(Math.abs(l.spin * speed), 1e-3)) * 1000,
        iterations: Number.POSITIVE_INFINITY,
      },
    );
    spins.push(spin);
    made.push(spin);
    return made;
  };
  const all = () => [...drifts.map((d) => d.animation), ...spins];
  const apply = (a: Animation) => {
    if (reducedMotion.matches) a.pause();
    else a.play();
  };
  const follow = () => {
    for (const a of all()) apply(a);
  };

  // Every letter in one step, in idle time after hydration (the next frame where the browser
  // has no requestIdleCallback). Each step is a main-thread task with a frame after it that styles and
  // layerizes the new compositor layers; on a loaded machine at 4× CPU each of those is a
  // long task however little it does, so 8 letters a frame made six of them, 2 a frame 24.
  // One step makes one such task and one such frame.
  let cancel = () => {};
  const startAll = () => {
    cancel = () => {};
    letters.forEach((l, i) => {
      for (const a of animateOne(l, i)) apply(a);
    });
  };
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(startAll, { timeout: 2000 });
    cancel = () => window.cancelIdleCallback(id);
  } else {
    const id = requestAnimationFrame(startAll);
    cancel = () => cancelAnimationFrame(id);
  }
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
    cancel();
    for (const a of all()) a.cancel();
  };
}
