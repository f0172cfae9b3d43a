// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISPLAY_FONTS } from '../../lib/fonts.ts';

// The header's own behaviour is under test: the account button and the network stay out.
vi.mock('../session/AccountButton.tsx', () => ({
  AccountButton: () => <button type="button">Sign in</button>,
}));
vi.mock('../../lib/fontsLoader.ts', () => ({
  loadDisplayFont: vi.fn(async () => 'fallback' as const),
}));

const { GameHeader } = await import('./GameHeader.tsx');

afterEach(cleanup);

describe('GameHeader', () => {
  it('shows ← Home, the title in a display font with its tooltip, the HUD and the account button', async () => {
    render(
      <MemoryRouter>
        <GameHeader title="Lunar Lander">
          <span>Fuel 100</span>
        </GameHeader>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '← Home' }).getAttribute('href')).toBe('/');
    const title = screen.getByRole('button', { name: 'Lunar Lander' });
    expect(screen.getByRole('heading', { name: 'Lunar Lander' })).toBeTruthy();
    const font = title.dataset.font!;
    expect(DISPLAY_FONTS).toContain(font);
    expect(title.getAttribute('title')).toBe(`Font: ${font} (click to change)`);
    expect(title.style.fontFamily).toContain(font);
    expect(screen.getByText('Fuel 100')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    // The offline fallback path: the loader reports 'fallback', the page goes on.
    await vi.waitFor(() => expect(title.dataset.fontStatus).toBe('fallback'));
  });

  it('changes the font on every click', () => {
    render(
      <MemoryRouter>
        <GameHeader title="Synth Loops" />
      </MemoryRouter>,
    );
    const title = screen.getByRole('button', { name: 'Synth Loops' });
    const seen = [title.dataset.font];
    for (let i = 0; i < 5; i++) {
      fireEvent.click(title);
      expect(title.dataset.font).not.toBe(seen.at(-1));
      expect(title.getAttribute('title')).toBe(`Font: ${title.dataset.font} (click to change)`);
      seen.push(title.dataset.font);
    }
  });

  it('hides the back button when backTo is null and honours another target', () => {
    const { rerender } = render(
      <MemoryRouter>
        <GameHeader title="Gravity" backTo={null} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: '← Home' })).toBeNull();
    rerender(
      <MemoryRouter>
        <GameHeader title="Gravity" backTo="/about" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '← Home' }).getAttribute('href')).toBe('/about');
  });

  it('offers a Settings button when the game has a settings dialog, named for screen readers', () => {
    const opened: string[] = [];
    const { rerender } = render(
      <MemoryRouter>
        <GameHeader title="Crit Happens" onSettings={() => opened.push('settings')} />
      </MemoryRouter>,
    );
    // Icon and word: on phones the word is hidden from sight only, so the name stays.
    fireEvent.click(screen.getByRole('button', { name: '⚙️ Settings' }));
    expect(opened).toEqual(['settings']);
    expect(
      screen.getByRole('link', { name: '← Home' }).querySelector('svg')?.getAttribute('aria-hidden'),
    ).toBe('true');
    rerender(
      <MemoryRouter>
        <GameHeader title="Crit Happens" />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: /Settings/ })).toBeNull();
  });
});
