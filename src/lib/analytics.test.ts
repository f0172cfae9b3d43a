import { describe, expect, it } from 'vitest';
import { type AnalyticsEnv, analyticsConfigFrom, createPageViewTracker } from './analytics.ts';

function env(overrides: Partial<AnalyticsEnv> = {}) {
  const sent: { endpoint: string; body: unknown }[] = [];
  const e: AnalyticsEnv = {
    send: (endpoint, body) => sent.push({ endpoint, body: JSON.parse(body) }),
    optedOut: () => false,
    referrer: () => 'https://search.example/results?q=futile',
    now: () => 1_700_000_000_000,
    ...overrides,
  };
  return { e, sent };
}

describe('analytics configuration', () => {
  it('reads the endpoint and measurement id from the build variables', () => {
    expect(
      analyticsConfigFrom({
        VITE_ANALYTICS_ENDPOINT: ' https://stats.example/collect ',
        VITE_ANALYTICS_ID: 'F-1',
      }),
    ).toEqual({ endpoint: 'https://stats.example/collect', measurementId: 'F-1' });
  });

  it('is unconfigured when the variables are missing or blank', () => {
    expect(analyticsConfigFrom({})).toEqual({ endpoint: null, measurementId: null });
    expect(analyticsConfigFrom({ VITE_ANALYTICS_ENDPOINT: '  ' }).endpoint).toBeNull();
  });
});

describe('page-view tracker', () => {
  it('sends nothing when no endpoint is configured', () => {
    const { e, sent } = env();
    const track = createPageViewTracker({ endpoint: null, measurementId: 'X' }, e);
    expect(track('/', 'Futile')).toBeNull();
    expect(track('/about', 'About Futile')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('sends one event per navigation with path, title and id', () => {
    const { e, sent } = env();
    const track = createPageViewTracker({ endpoint: 'https://stats.example/c', measurementId: 'F-1' }, e);
    track('/', 'Futile');
    track('/', 'Futile'); // the same navigation seen twice
    track('/about', 'About Futile');
    expect(sent).toEqual([
      {
        endpoint: 'https://stats.example/c',
        body: {
          type: 'page_view',
          path: '/',
          title: 'Futile',
          referrer: 'https://search.example',
          id: 'F-1',
          ts: 1_700_000_000_000,
        },
      },
      {
        endpoint: 'https://stats.example/c',
        body: {
          type: 'page_view',
          path: '/about',
          title: 'About Futile',
          referrer: null,
          id: 'F-1',
          ts: 1_700_000_000_000,
        },
      },
    ]);
  });

  it('respects Do Not Track / Global Privacy Control', () => {
    const { e, sent } = env({ optedOut: () => true });
    createPageViewTracker({ endpoint: 'https://stats.example/c', measurementId: null }, e)('/', 'Futile');
    expect(sent).toEqual([]);
  });

  it('survives an unreadable referrer and a failing transport', () => {
    const { e } = env({
      referrer: () => 'not a url',
      send: () => {
        throw new Error('blocked');
      },
    });
    const track = createPageViewTracker({ endpoint: 'https://stats.example/c', measurementId: null }, e);
    expect(track('/', 'Futile')?.referrer).toBeNull();
  });
});
