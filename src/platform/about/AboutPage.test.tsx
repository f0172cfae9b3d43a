// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { homeCardsFor } from '../home/homeCards.ts';
import { siteLinksFrom } from '../siteLinks.ts';
import AboutPage from './AboutPage.tsx';

afterEach(cleanup);

const configured = siteLinksFrom({
  VITE_SUPPORT_URL: 'https://www.buymeacoffee.com/futile',
  VITE_LINK_PORTFOLIO: 'https://futile.format.com/',
  VITE_LINK_CODE: 'https://github.com/futile',
  VITE_LINK_PHOTOS: 'https://www.flickr.com/photos/futile/',
  VITE_LINK_VIDEO: 'https://www.youtube.com/@futile',
  VITE_LINK_SOCIAL: 'https://mastodon.social/@futile',
});

function renderAbout(links = configured) {
  render(
    <MemoryRouter>
      <AboutPage links={links} />
    </MemoryRouter>,
  );
}

describe('About: the owner links come from the build configuration', () => {
  it('configured: the coffee link and the five other-stuff links open the configured pages', () => {
    renderAbout();
    const support = screen.getByRole('region', { name: 'Support' });
    expect(within(support).getByRole('link', { name: 'buy me a coffee' }).getAttribute('href')).toBe(
      'https://www.buymeacoffee.com/futile',
    );
    const other = within(screen.getByRole('region', { name: 'My other stuff' })).getAllByRole('link');
    expect(other.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')])).toEqual([
      ['Photography portfolio', 'https://futile.format.com/', '_blank'],
      ['Code', 'https://github.com/futile', '_blank'],
      ['Photo sharing', 'https://www.flickr.com/photos/futile/', '_blank'],
      ['Video channel', 'https://www.youtube.com/@futile', '_blank'],
      ['Social', 'https://mastodon.social/@futile', '_blank'],
    ]);
  });

  it('partly configured: only the configured links, no placeholders', () => {
    renderAbout(siteLinksFrom({ VITE_LINK_VIDEO: 'https://www.youtube.com/@futile' }));
    expect(screen.queryByRole('region', { name: 'Support' })).toBeNull();
    expect(screen.queryByText(/buy me a coffee/i)).toBeNull();
    const other = within(screen.getByRole('region', { name: 'My other stuff' })).getAllByRole('link');
    expect(other.map((a) => a.textContent)).toEqual(['Video channel']);
  });

  it('not configured: no Support section and no "My other stuff" section', () => {
    renderAbout(siteLinksFrom({}));
    expect(screen.getByRole('heading', { level: 2, name: 'Philosophy' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Support' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'My other stuff' })).toBeNull();
    expect(screen.queryAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/', '/privacy']);
  });
});

describe('home cards follow the support page', () => {
  it('with a support page: the coffee card, seventh, links to it', () => {
    const cards = homeCardsFor('https://www.buymeacoffee.com/futile');
    expect(cards).toHaveLength(8);
    expect(cards[6]).toMatchObject({ kind: 'support', href: 'https://www.buymeacoffee.com/futile' });
  });

  it('without one: no coffee card, the others in order', () => {
    const cards = homeCardsFor(null);
    expect(cards.map((c) => c.title)).toEqual([
      'Crit Happens',
      'Draw & Race',
      'Lunar Lander',
      'Synth Loops',
      'Whac-a-Moji',
      'Gravity Simulator',
      'Yardcore',
    ]);
  });
});
