// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Hud, readoutsOf } from './Hud.tsx';
import { createLanderStore, EMPTY_TELEMETRY, type Telemetry } from './store.ts';

afterEach(cleanup);

const flying: Telemetry = {
  fuel: 62.5,
  speed: 1.234,
  vx: -0.2,
  vy: -0.9,
  altitude: 134.6,
  dx: -41.4,
  platformHeight: 120,
  platformHalfWidth: 12,
  tick: 318,
};

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

describe('Hud flight readouts', () => {
  it('reads speed, altitude, the pad pointer and the data the autopilot uses', () => {
    const r = readoutsOf(flying);
    expect(r).toMatchObject({ fuel: '63', speed: '1.23', altitude: '135', pad: '← 41', padClass: '' });
    expect(readoutsOf({ ...flying, dx: 30 }).pad).toBe('30 →');
    expect(readoutsOf({ ...flying, dx: 7.9 })).toMatchObject({ pad: '▼', padClass: 'lander-hud__ok' });
    expect(readoutsOf({ ...flying, speed: 0.2 }).speedClass).toBe('lander-hud__ok');
    expect(r.speedClass).toBe('lander-hud__warn');
  });

  it('follows the store: each telemetry update lands in the HUD, and level, score and lives render too', () => {
    const store = createLanderStore();
    store.setState({ screen: 'playing', level: 2, score: 340, lives: 2, telemetry: flying });
    const { container } = render(<Hud store={store} />);
    const section = screen.getByRole('region', { name: 'Flight data' });
    expect(screen.getByTestId('hud-speed').textContent).toBe('1.23');
    expect(screen.getByTestId('hud-speed').className).toBe('lander-hud__warn');
    expect(section.dataset).toMatchObject({
      dx: '-41.4',
      height: '120',
      vx: '-0.2',
      vy: '-0.9',
      halfWidth: '12',
      tick: '318',
    });
    expect(screen.getByTestId('hud-level').textContent).toBe('2');
    expect(screen.getByTestId('hud-score').textContent).toBe('340');
    expect(screen.getByRole('img', { name: '2 of 3 lives left' })).toBeTruthy();

    act(() => store.setState({ telemetry: { ...flying, speed: 0.31, dx: 3, altitude: 2 } }));
    expect(screen.getByTestId('hud-speed').textContent).toBe('0.31');
    expect(screen.getByTestId('hud-speed').className).toBe('lander-hud__ok');
    expect(section.dataset.dx).toBe('3');
    const pad = container.querySelector('[title="Where the platform is"] strong') as HTMLElement;
    expect(pad.textContent).toBe('▼');
    expect(pad.className).toBe('lander-hud__ok');

    act(() => store.setState({ telemetry: { ...flying, dx: -20 } }));
    expect(pad.textContent).toBe('← 20');
    expect(pad.hasAttribute('class')).toBe(false);
  });
});
