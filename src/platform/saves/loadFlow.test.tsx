// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SaveHandle } from '../../api/types.ts';
import { DialogHost, resetDialogsForTests } from '../ui/asyncDialogs.tsx';
import { installFakeFetch } from '../ui/fakeFetch.testutil.ts';
import { saveLocatorFromQuery } from './loadFromQuery.ts';
import type { SaveConfig } from './saveConfig.ts';
import { useSaveFlow } from './useSaveFlow.tsx';

afterEach(() => {
  cleanup();
  resetDialogsForTests();
  vi.unstubAllGlobals();
});

function makeConfig() {
  const config: SaveConfig = {
    appId: 'synth',
    getData: () => ({}),
    onLoad: vi.fn(),
    current: null,
    setCurrent: vi.fn((handle: SaveHandle | null) => {
      config.current = handle;
    }),
  };
  return config;
}

function LoadHarness({ config }: { config: SaveConfig }) {
  const flow = useSaveFlow(config);
  return (
    <>
      <button type="button" onClick={flow.openLoad}>
        Load
      </button>
      {flow.loadDialog}
      <DialogHost />
    </>
  );
}

const item = (id: string, key: string, updatedAt: string) => ({
  id,
  key,
  version: 1,
  etag: `e-${id}`,
  appId: 'synth',
  updatedAt,
});

async function openLoad(config = makeConfig()) {
  render(<LoadHarness config={config} />);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Load' }));
  return config;
}

describe('load dialog (spec §2, §4)', () => {
  it("shows 'Loading…' while the list is on its way, then the items newest first, asking for 200", async () => {
    let answer: (v: { json: unknown }) => void = () => {};
    const api = installFakeFetch({ '/api/saves/list.php': () => new Promise((r) => (answer = r)) });
    await openLoad();
    const dialog = screen.getByRole('dialog', { name: 'Load' });
    expect(dialog.textContent).toContain('Loading…');
    answer({
      json: {
        success: true,
        items: [
          item('a', 'old', '2026-01-01T00:00:00Z'),
          item('b', 'newest', '2026-03-01T00:00:00Z'),
          item('c', 'middle', '2026-02-01T00:00:00Z'),
        ],
      },
    });
    await screen.findByRole('button', { name: /newest/ });
    const names = screen
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.load-dialog__name')?.textContent);
    expect(names).toEqual(['newest', 'middle', 'old']);
    const query = api.callsTo('/api/saves/list.php')[0].query;
    expect(query.get('appId')).toBe('synth');
    expect(query.get('limit')).toBe('200');
  });

  it("shows 'No saved items yet.' for an empty list", async () => {
    installFakeFetch({ '/api/saves/list.php': { json: { success: true, items: [] } } });
    await openLoad();
    expect(await screen.findByText('No saved items yet.')).toBeTruthy();
  });

  it("shows the server's message when the list fails, else 'Failed to load saved items'", async () => {
    installFakeFetch({
      '/api/saves/list.php': { status: 401, json: { success: false, error: 'Not signed in' } },
    });
    await openLoad();
    expect(await screen.findByText('Not signed in')).toBeTruthy();
    cleanup();
    installFakeFetch({ '/api/saves/list.php': { status: 500, json: { success: false } } });
    await openLoad();
    expect(await screen.findByText('Failed to load saved items')).toBeTruthy();
    cleanup();
    // No answer at all (offline): no server message, so not the browser's 'Failed to fetch'.
    installFakeFetch({ '/api/saves/list.php': new TypeError('Failed to fetch') });
    await openLoad();
    expect(await screen.findByText('Failed to load saved items')).toBeTruthy();
  });

  it('choosing an item fetches it, hands the data to the game, sets the handle and closes', async () => {
    const api = installFakeFetch({
      '/api/saves/list.php': {
        json: { success: true, items: [item('s9', 'groove', '2026-01-01T00:00:00Z')] },
      },
      '/api/saves/get.php': {
        json: {
          success: true,
          save: { ...item('s9', 'groove', '2026-01-01T00:00:00Z'), data: { bpm: 120 } },
        },
      },
    });
    const config = await openLoad();
    await userEvent.setup().click(await screen.findByRole('button', { name: /groove/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('/api/saves/get.php')[0].query.get('id')).toBe('s9');
    expect(config.onLoad).toHaveBeenCalledWith({ bpm: 120 });
    expect(config.current).toEqual({ id: 's9', key: 'groove', version: 1, etag: 'e-s9' });
  });

  it("a fetched save without data is 'Not found'; the game is not touched", async () => {
    installFakeFetch({
      '/api/saves/list.php': {
        json: { success: true, items: [item('s9', 'groove', '2026-01-01T00:00:00Z')] },
      },
      '/api/saves/get.php': {
        json: { success: true, save: { ...item('s9', 'groove', '2026-01-01T00:00:00Z'), data: null } },
      },
    });
    const config = await openLoad();
    await userEvent.setup().click(await screen.findByRole('button', { name: /groove/ }));
    expect(await screen.findByRole('dialog', { name: 'Not found' })).toBeTruthy();
    expect(config.onLoad).not.toHaveBeenCalled();
  });

  it("a failed fetch alerts the server message, else 'Load failed'", async () => {
    installFakeFetch({
      '/api/saves/list.php': {
        json: { success: true, items: [item('s9', 'groove', '2026-01-01T00:00:00Z')] },
      },
      '/api/saves/get.php': { status: 500, json: { success: false } },
    });
    await openLoad();
    await userEvent.setup().click(await screen.findByRole('button', { name: /groove/ }));
    expect(await screen.findByRole('dialog', { name: 'Load failed' })).toBeTruthy();
  });

  it("a fetch with no answer at all alerts 'Load failed'", async () => {
    installFakeFetch({
      '/api/saves/list.php': {
        json: { success: true, items: [item('s9', 'groove', '2026-01-01T00:00:00Z')] },
      },
      '/api/saves/get.php': new TypeError('Failed to fetch'),
    });
    await openLoad();
    await userEvent.setup().click(await screen.findByRole('button', { name: /groove/ }));
    expect(await screen.findByRole('dialog', { name: 'Load failed' })).toBeTruthy();
  });
});

describe('saveLocatorFromQuery', () => {
  it('reads loadId first, then loadKey', () => {
    expect(saveLocatorFromQuery('?loadId=abc')).toEqual({ id: 'abc' });
    expect(saveLocatorFromQuery('?loadKey=my%20song')).toEqual({ key: 'my song' });
    expect(saveLocatorFromQuery('?loadId=a&loadKey=b')).toEqual({ id: 'a' });
    expect(saveLocatorFromQuery('?x=1')).toBeNull();
  });
});
