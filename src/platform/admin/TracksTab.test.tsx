// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../ui/fakeFetch.testutil.ts';
import { TracksTab } from './TracksTab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Track Management load failures (platform spec §8)', () => {
  it("an answer that refuses says 'Failed to load tracks'", async () => {
    installFakeFetch({
      'GET /api/tracks/manage.php': { status: 403, json: { success: false, error: 'Admin access required' } },
    });
    render(<TracksTab />);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load tracks');
  });

  it("an answer that is not JSON (a proxy's error page) says 'Failed to load tracks'", async () => {
    installFakeFetch({ 'GET /api/tracks/manage.php': { status: 502, text: '<html>Bad gateway</html>' } });
    render(<TracksTab />);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load tracks');
  });

  it("no answer at all says 'Network error loading tracks'", async () => {
    installFakeFetch({ 'GET /api/tracks/manage.php': new TypeError('Failed to fetch') });
    render(<TracksTab />);
    expect((await screen.findByRole('alert')).textContent).toContain('Network error loading tracks');
  });
});
