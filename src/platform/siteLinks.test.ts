import { describe, expect, it } from 'vitest';
import { linkAddress, siteLinksFrom } from './siteLinks.ts';

describe('site links from the build variables', () => {
  it('reads the support page and the five other-stuff links, in the spec order', () => {
    const links = siteLinksFrom({
      VITE_SUPPORT_URL: ' https://www.buymeacoffee.com/futile ',
      VITE_LINK_SOCIAL: 'https://mastodon.social/@futile',
      VITE_LINK_PORTFOLIO: 'https://futile.format.com/',
      VITE_LINK_CODE: 'https://github.com/futile',
      VITE_LINK_PHOTOS: 'https://www.flickr.com/photos/futile/',
      VITE_LINK_VIDEO: 'https://www.youtube.com/@futile',
    });
    expect(links.support).toBe('https://www.buymeacoffee.com/futile');
    expect(links.otherStuff.map((l) => [l.label, l.href])).toEqual([
      ['Photography portfolio', 'https://futile.format.com/'],
      ['Code', 'https://github.com/futile'],
      ['Photo sharing', 'https://www.flickr.com/photos/futile/'],
      ['Video channel', 'https://www.youtube.com/@futile'],
      ['Social', 'https://mastodon.social/@futile'],
    ]);
  });

  it('leaves out what is not configured: nothing set, nothing shown (never a placeholder)', () => {
    expect(siteLinksFrom({})).toEqual({ support: null, otherStuff: [] });
    const some = siteLinksFrom({ VITE_SUPPORT_URL: '  ', VITE_LINK_CODE: 'https://github.com/futile' });
    expect(some.support).toBeNull();
    expect(some.otherStuff).toEqual([
      { label: 'Code', what: 'Source of this site and other experiments', href: 'https://github.com/futile' },
    ]);
  });

  it('takes only absolute http(s) addresses', () => {
    expect(linkAddress('http://example.org/x')).toBe('http://example.org/x');
    for (const bad of [
      undefined,
      '',
      'github.com/futile',
      'javascript:alert(1)',
      'mailto:me@example.org',
      '/about',
    ])
      expect(linkAddress(bad), String(bad)).toBeNull();
  });
});
