// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Hud } from './Hud.tsx';
import { createLanderStore, EMPTY_TELEMETRY } from './store.ts';

afterEach(cleanup);

function fillFor(fuel: number): HTMLElement {
  const store = createLanderStore();
  store.setState({ screen: 'playing', telemetry: { ...EMPTY_TELEMETRY, fuel } });
  const { container } = render(<Hud store={store} />);
  return container.querySelector('.lander-hud__bar-fill') as HTMLElement;
}

describe('Hud fuel bar', () => {
  // The fill is as wide as the track and slides left by the fuel spent (a transform, not a
  // width: see lander.css), so the visible part is the fuel left.
  it('shows the fuel left as the part of the track the fill still covers', () => {
    expect(fillFor(100).style.transform).toBe('translateX(0%)');
    expect(fillFor(62.5).style.transform).toBe('translateX(-37.5%)');
    expect(fillFor(0).style.transform).toBe('translateX(-100%)');
  });

  it('keeps the fill inside the track when the readout is out of range', () => {
    expect(fillFor(-3).style.transform).toBe('translateX(-100%)');
    expect(fillFor(140).style.transform).toBe('translateX(0%)');
  });

  it('turns the bar red under 20 % and keeps the number beside it', () => {
    const low = fillFor(12);
    expect(low.className).toContain('lander-hud__bar-fill--low');
    expect(low.closest('.lander-hud__fuel')?.querySelector('strong')?.textContent).toBe('12');
    expect(fillFor(50).className).not.toContain('--low');
  });
});
