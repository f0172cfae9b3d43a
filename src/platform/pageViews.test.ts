// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.resetModules();
});

function beaconsTo(sent: { endpoint: string; body: { path: string; title: string } }[]) {
  vi.stubGlobal('navigator', {
    ...navigator,
    sendBeacon: (endpoint: string, body: string) => {
      sent.push({ endpoint, body: JSON.parse(body) });
      return true;
    },
  });
}

describe('trackPageView', () => {
  it('with an endpoint, loads analytics on the first view and sends every view, queued ones in order', async () => {
    vi.stubEnv('VITE_ANALYTICS_ENDPOINT', 'https://stats.example/collect');
    const sent: { endpoint: string; body: { path: string; title: string } }[] = [];
    beaconsTo(sent);
    const { trackPageView } = await import('./pageViews.ts');
    trackPageView('/', 'Futile');
    trackPageView('/about', 'About Futile');
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    trackPageView('/privacy', 'Privacy');
    expect(sent.map((s) => [s.endpoint, s.body.path, s.body.title])).toEqual([
      ['https://stats.example/collect', '/', 'Futile'],
      ['https://stats.example/collect', '/about', 'About Futile'],
      ['https://stats.example/collect', '/privacy', 'Privacy'],
    ]);
  });

  it('without an endpoint sends nothing', async () => {
    vi.stubEnv('VITE_ANALYTICS_ENDPOINT', '');
    const sent: { endpoint: string; body: { path: string; title: string } }[] = [];
    beaconsTo(sent);
    const { trackPageView } = await import('./pageViews.ts');
    trackPageView('/', 'Futile');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
  });
});
