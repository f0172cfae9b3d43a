// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TransportCard } from './TransportCard.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MIDI in control', () => {
  it('is not shown where the browser has no Web MIDI', () => {
    expect('requestMIDIAccess' in navigator).toBe(false);
    render(<TransportCard />);
    expect(screen.getByRole('button', { name: /Share/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export MIDI' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /MIDI in/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Record/ })).toBeNull();
  });

  it('is shown where it has, Record waiting until MIDI is on', () => {
    vi.stubGlobal('navigator', { ...navigator, requestMIDIAccess: () => new Promise(() => {}) });
    render(<TransportCard />);
    expect(screen.getByRole('button', { name: /MIDI in/ }).getAttribute('aria-pressed')).toBe('false');
    expect((screen.getByRole('button', { name: /Record/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
