import { describe, expect, it } from 'vitest';
import { animateLift, LIFT_MS, LIFTED } from './usePlayhead.ts';

interface Call {
  frames: Keyframe[];
  options: KeyframeAnimationOptions;
  animation: { playState: AnimationPlayState; reversed: number; reverse(): void };
}

function fakeStep() {
  const calls: Call[] = [];
  const el = {
    animate(frames: Keyframe[], options: KeyframeAnimationOptions) {
      const animation = {
        playState: 'running' as AnimationPlayState,
        reversed: 0,
        reverse() {
          this.reversed++;
        },
      };
      calls.push({ frames, options, animation });
      return animation as unknown as Animation;
    },
  };
  return { el: el as unknown as Pick<HTMLElement, 'animate'>, calls };
}

describe('animateLift (the playhead step easing in and out, as the CSS transition did)', () => {
  it('lifts the step the playhead reaches and settles the one it leaves, over 80 ms with ease', () => {
    const running = new WeakMap();
    const step = fakeStep();
    animateLift(step.el, true, running, false);
    step.calls[0].animation.playState = 'finished';
    animateLift(step.el, false, running, false);
    expect(step.calls.map((c) => c.frames)).toEqual([
      [{ transform: 'none' }, { transform: LIFTED }],
      [{ transform: LIFTED }, { transform: 'none' }],
    ]);
    for (const c of step.calls) expect(c.options).toEqual({ duration: LIFT_MS, easing: 'ease' });
  });

  it('reverses a lift still running instead of jumping (a fast tempo leaves a step within 80 ms)', () => {
    const running = new WeakMap();
    const step = fakeStep();
    animateLift(step.el, true, running, false);
    animateLift(step.el, false, running, false);
    expect(step.calls).toHaveLength(1);
    expect(step.calls[0].animation.reversed).toBe(1);
  });

  it('does not move under prefers-reduced-motion, nor where the browser has no Web Animations', () => {
    const step = fakeStep();
    animateLift(step.el, true, new WeakMap(), true);
    expect(step.calls).toHaveLength(0);
    expect(() => animateLift({} as Pick<HTMLElement, 'animate'>, true, new WeakMap(), false)).not.toThrow();
  });
});
