// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { ROUND_MS } from '../engine/constants.ts';
import { LOW_TIME_S, PlayingHud, TIMER_DRIFT_MS, TimerBar } from './PlayingHud.tsx';
import type { WhacStore } from './store.ts';

afterEach(cleanup);

/** Just what the HUD reads of the game's store: the phase, round, score, hits, lives, seconds and exact time. */
function fakeStore(msLeft: { value: number }) {
  return createStore(() => ({
    phase: 'playing',
    round: 1,
    missedTimeouts: 0,
    secondsLeft: Math.ceil(msLeft.value / 1000),
    score: 0,
    hits: 0,
    exactMsLeft: () => msLeft.value,
  })) as unknown as WhacStore;
}

interface FakeAnimation {
  keyframes: Keyframe[];
  options: KeyframeAnimationOptions;
  cancel: () => void;
  currentTime: number;
}

/** Element.animate recorded (jsdom has none): each animation's keyframes, options and a settable clock. */
function recordAnimations(): FakeAnimation[] {
  const animations: FakeAnimation[] = [];
  HTMLElement.prototype.animate = vi.fn((keyframes: Keyframe[], options: KeyframeAnimationOptions) => {
    const animation = { keyframes, options, cancel: vi.fn(), currentTime: 0 };
    animations.push(animation);
    return animation as unknown as Animation;
  }) as unknown as HTMLElement['animate'];
  return animations;
}

describe('the round timer bar', () => {
  it('is one linear compositor animation to empty, set again only when it drifts from the engine', () => {
    const animations = recordAnimations();
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

    // A whole second later, the bar where the engine is: left running.
    left.value = ROUND_MS - 1000;
    animations[0].currentTime = 1000 - TIMER_DRIFT_MS / 2;
    act(() => store.setState({ secondsLeft: 29 } as never));
    expect(animations).toHaveLength(1);
    expect(animations[0].cancel).not.toHaveBeenCalled();

    // The engine fell behind the wall clock (a slow device): set again from the exact time.
    left.value = ROUND_MS - 2000;
    animations[0].currentTime = 2000 + TIMER_DRIFT_MS * 2;
    act(() => store.setState({ secondsLeft: 28 } as never));
    expect(animations).toHaveLength(2);
    expect(animations[0].cancel).toHaveBeenCalled();
    expect(animations[1].options.duration).toBe(ROUND_MS - 2000);
    expect(fill.style.transform).toBe(`scaleX(${(ROUND_MS - 2000) / ROUND_MS})`);

    // The round ends: the bar stands still where the engine stopped.
    left.value = 0;
    act(() => store.setState({ phase: 'round-end', secondsLeft: 0 } as never));
    expect(animations).toHaveLength(2);
    expect(animations[1].cancel).toHaveBeenCalled();
    expect(fill.style.transform).toBe('scaleX(0)');
  });
});

describe('the playing HUD', () => {
  it('writes the score and the seconds outside React, and bumps the score on each hit', () => {
    const animations = recordAnimations();
    // The site's bounce, as global.css declares it on the root.
    const bounce = 'cubic-bezier(0.34, 1.56, 0.64, 1)';
    document.documentElement.style.setProperty('--ease-bounce', bounce);
    const left = { value: ROUND_MS };
    const store = fakeStore(left);
    const { getByTestId, getByRole } = render(<PlayingHud store={store} />);
    const score = getByTestId('whac-score');
    const timer = getByRole('timer');
    expect(score.textContent).toBe('0');
    expect(timer.textContent).toBe('30s');
    const bumps = () =>
      animations.filter((a) => a.options.duration !== undefined && a.keyframes.length === 3);

    // A hit: the score changes in the same element, and its bump starts anew.
    act(() => store.setState({ score: 20, hits: 1 } as never));
    expect(getByTestId('whac-score')).toBe(score);
    expect(score.textContent).toBe('20');
    expect(bumps()).toHaveLength(1);
    expect(bumps()[0].keyframes.map((k) => k.easing)).toEqual([bounce, bounce, undefined]);
    // A missed click costs a point: the score changes, no bump.
    act(() => store.setState({ score: 19 } as never));
    expect(score.textContent).toBe('19');
    expect(bumps()).toHaveLength(1);

    // The seconds: red from LOW_TIME_S down.
    const item = timer.closest('.whac-hud__item')!;
    act(() => store.setState({ secondsLeft: LOW_TIME_S + 1 } as never));
    expect(timer.textContent).toBe(`${LOW_TIME_S + 1}s`);
    expect(item.classList.contains('whac-hud__time--low')).toBe(false);
    act(() => store.setState({ secondsLeft: LOW_TIME_S } as never));
    expect(timer.textContent).toBe(`${LOW_TIME_S}s`);
    expect(item.classList.contains('whac-hud__time--low')).toBe(true);
  });
});
