// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MuteButton } from './MuteButton.tsx';

afterEach(cleanup);

describe('MuteButton', () => {
  it('says what it will do, is pressed while muted, and toggles', () => {
    const onToggle = vi.fn();
    const { rerender } = render(
      <MuteButton muted={false} onToggle={onToggle} className="x-mute" what="sound" />,
    );
    const button = screen.getByRole('button', { name: 'Mute sound' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.getAttribute('title')).toBe('Mute sound');
    expect(button.className).toBe('x-mute');
    fireEvent.click(button);
    expect(onToggle).toHaveBeenCalledOnce();
    rerender(<MuteButton muted onToggle={onToggle} className="x-mute" what="sound" />);
    expect(screen.getByRole('button', { name: 'Unmute sound' }).getAttribute('aria-pressed')).toBe('true');
  });
});
