// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { ROUND_MS } from '../engine/constants.ts';
import type { WhacStore } from './store.ts';
import { TimerBar } from './WhacPage.tsx';

afterEach(cleanup);

/** Just what the timer bar reads of the game's store: the phase, whole seconds and exact time. */
function fakeStore(msLeft: { value: number }) {
  return createStore(() => ({
    phase: 'playing',
    secondsLeft: Math.ceil(msLeft.value / 1000),
    score: 0,
    exactMsLeft: () => msLeft.value,
  })) as unknown as WhacStore;
}

describe('the round timer bar', () => {
  it('is one linear compositor animation to empty, set again only when the whole seconds change', () => {
    const animations: { keyframes: Keyframe[]; options: KeyframeAnimationOptions; cancel: () => void }[] = [];
    const animate = vi.fn(function (
      this: HTMLElement,
      keyframes: Keyframe[],
      options: KeyframeAnimationOptions,
    ) {
      const animation = { keyframes, options, cancel: vi.fn() };
      animations.push(animation);
      return animation as unknown as Animation;
    });
    HTMLElement.prototype.animate = animate as unknown as HTMLElement['animate'];
    const left = { value: ROUND_MS };
    const store = fakeStore(left);
    const { container } = render(<TimerBar store={store} />);
    const fill = container.querySelector<HTMLElement>('.whac-timer__fill')!;
    expect(animations).toHaveLength(1);
    expect(animations[0].keyframes).toEqual([{ transform: 'scaleX(1)' }, { transform: 'scaleX(0)' }]);
    expect(animations[0].options).toMatchObject({ duration: ROUND_MS, easing: 'linear' });

    // Frames pass and the score changes: no style write, no new animation.
    act(() => store.setState({ score: 10 } as never));
    expect(animations).toHaveLength(1);
    expect(fill.style.transform).toBe('scaleX(1)');

    // A whole second later: set again from the exact time.
    left.value = ROUND_MS - 1000;
    act(() => store.setState({ secondsLeft: 29 } as never));
    expect(animations).toHaveLength(2);
    expect(animations[0].cancel).toHaveBeenCalled();
    expect(animations[1].options.duration).toBe(ROUND_MS - 1000);
    expect(fill.style.transform).toBe(`scaleX(${(ROUND_MS - 1000) / ROUND_MS})`);

    // The round ends: the bar stands still where the engine stopped.
    left.value = 0;
    act(() => store.setState({ phase: 'round-end', secondsLeft: 0 } as never));
    expect(animations).toHaveLength(2);
    expect(fill.style.transform).toBe('scaleX(0)');
  });
});
