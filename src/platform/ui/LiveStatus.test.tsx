// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveStatus } from './LiveStatus.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('LiveStatus', () => {
  it('is a polite status region holding the text', () => {
    render(<LiveStatus text="Score 0" />);
    const region = screen.getByRole('status');
    expect(region).toHaveProperty('textContent', 'Score 0');
    expect(region.getAttribute('aria-live')).toBe('polite');
  });

  it('takes per-frame changes at most once per interval, and always the newest', () => {
    const { rerender } = render(<LiveStatus text="Score 0" minIntervalMs={1000} />);
    const region = screen.getByRole('status');
    // The first change shows at once.
    rerender(<LiveStatus text="Score 1" minIntervalMs={1000} />);
    act(() => void vi.advanceTimersByTime(0));
    expect(region.textContent).toBe('Score 1');
    // Sixty frames of changes within the next second: nothing until the interval is up.
    for (let frame = 2; frame < 62; frame++) {
      rerender(<LiveStatus text={`Score ${frame}`} minIntervalMs={1000} />);
      act(() => void vi.advanceTimersByTime(10));
      expect(region.textContent).toBe('Score 1');
    }
    act(() => void vi.advanceTimersByTime(400));
    expect(region.textContent).toBe('Score 61');
  });
});
