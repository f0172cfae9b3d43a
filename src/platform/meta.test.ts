// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { GAME_SLUGS, PLATFORM_PATHS } from '../routeTable.ts';
import { DEFAULT_META, metaForPath, ROUTE_META } from './meta.ts';
import { applyPageMeta } from './metaDocument.ts';

describe('sharing meta table (platform spec §2)', () => {
  it('has an entry for exactly the routes the spec names, plus a default', () => {
    expect(Object.keys(ROUTE_META).sort()).toEqual(
      [
        'about',
        'crit-happens',
        'gravity',
        'lunar-lander',
        'privacy',
        'race',
        'synth',
        'whac-a-moji',
        'yardcore',
      ].sort(),
    );
    expect(DEFAULT_META.title).toMatch(/Futile/);
  });

  it('names only paths of the route table', () => {
    const known = new Set<string>([...GAME_SLUGS, ...PLATFORM_PATHS]);
    for (const key of Object.keys(ROUTE_META)) expect(known).toContain(key);
  });

  it('gives every entry a distinct title with the brand and a sentence-long description', () => {
    const entries = [DEFAULT_META, ...Object.values(ROUTE_META)];
    expect(new Set(entries.map((m) => m.title)).size).toBe(entries.length);
    for (const m of entries) {
      expect(m.title).toContain('Futile');
      expect(m.description.length).toBeGreaterThan(40);
      // Link previews cut descriptions at about 160 characters.
      expect(m.description.length).toBeLessThanOrEqual(160);
    }
  });

  it('picks the entry by the first path segment', () => {
    expect(metaForPath('/gravity')).toBe(ROUTE_META.gravity);
    expect(metaForPath('/race/')).toBe(ROUTE_META.race);
    expect(metaForPath('/privacy')).toBe(ROUTE_META.privacy);
    expect(metaForPath('/')).toBe(DEFAULT_META);
    expect(metaForPath('/account')).toBe(DEFAULT_META);
    expect(metaForPath('/no-such-page')).toBe(DEFAULT_META);
    expect(metaForPath('/constructor')).toBe(DEFAULT_META);
  });
});

describe('applyPageMeta', () => {
  it('sets the title and creates or updates the sharing tags', () => {
    document.head.innerHTML = '<meta name="description" content="old">';
    applyPageMeta(ROUTE_META.synth);
    expect(document.title).toBe('Synth Loops — Futile');
    const content = (sel: string) => document.head.querySelector<HTMLMetaElement>(sel)?.content;
    expect(content('meta[name="description"]')).toBe(ROUTE_META.synth.description);
    expect(content('meta[property="og:title"]')).toBe('Synth Loops — Futile');
    expect(content('meta[property="og:description"]')).toBe(ROUTE_META.synth.description);
    expect(content('meta[name="twitter:title"]')).toBe('Synth Loops — Futile');
    applyPageMeta(DEFAULT_META);
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
    expect(content('meta[property="og:title"]')).toBe(DEFAULT_META.title);
  });
});
