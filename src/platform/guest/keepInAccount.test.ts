// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../session/sessionStore.ts';
import { installFakeFetch } from '../ui/fakeFetch.testutil.ts';
import { guestItems, keepGuestItem, offerableGuestItems } from './guestItems.ts';
import { keepInAccount, keepOnDevice } from './keepInAccount.ts';

const SAVE = 'POST /api/saves/save.php';

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ status: 'signedOut', user: null });
  keepGuestItem('synth', 'current-song', 'Song', { loops: 2 });
  keepGuestItem('gravity', 'current-scene', 'Scene', { bodies: 3 });
  keepGuestItem('yardcore', 'progress', 'Level 2, 40 points', { level: 2, score: 40 });
  useSessionStore.setState({ status: 'signedIn' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ status: 'loading', user: null });
});

const saved = { json: { success: true, id: 'id', version: 1, etag: 'e1' } };

describe('keep in account', () => {
  it('uploads every item as a new save of its game and then forgets it here', async () => {
    const fetch = installFakeFetch({ [SAVE]: saved });
    const progress: number[] = [];
    const items = guestItems();
    await keepInAccount(items, ({ kept }) => progress.push(kept));
    const bodies = fetch.callsTo('/api/saves/save.php').map((c) => c.body as Record<string, unknown>);
    expect(bodies.map((b) => b.appId)).toEqual(['synth', 'gravity', 'yardcore']);
    expect(bodies[0]).toEqual({
      appId: 'synth',
      key: `Song (${items[0].id.slice(0, 6)})`,
      data: { loops: 2 },
    });
    // Create-only: never overwrites a save the account has.
    expect(bodies.every((b) => !('ifMatch' in b))).toBe(true);
    expect(progress).toEqual([0, 1, 2, 3]);
    expect(guestItems()).toEqual([]);
  });

  it('a failure half-way keeps the rest here, and a retry makes no second save', async () => {
    let calls = 0;
    const stored = new Set<string>();
    const fetch = installFakeFetch({
      [SAVE]: (call) => {
        calls++;
        const key = (call.body as { key: string }).key;
        // The second upload is stored, but its answer is lost on the way back.
        if (calls === 2) {
          stored.add(key);
          return new TypeError('Failed to fetch');
        }
        if (stored.has(key))
          return { status: 409, json: { success: false, error: 'exists', code: 'EXISTS' } };
        stored.add(key);
        return saved;
      },
    });
    await expect(keepInAccount(guestItems())).rejects.toThrow();
    expect(guestItems().map((i) => i.appId)).toEqual(['gravity', 'yardcore']);
    await keepInAccount(guestItems());
    expect(guestItems()).toEqual([]);
    expect(stored.size).toBe(3);
    expect(fetch.callsTo('/api/saves/save.php')).toHaveLength(4);
  });

  it('a refusal (the save limit) stops with its message and loses nothing', async () => {
    installFakeFetch({
      [SAVE]: { status: 409, json: { success: false, error: 'You have 500 saves already', code: 'LIMIT' } },
    });
    await expect(keepInAccount(guestItems())).rejects.toThrow('You have 500 saves already');
    expect(guestItems()).toHaveLength(3);
  });

  it('Not now keeps everything here and does not offer it again', async () => {
    const fetch = installFakeFetch({});
    await keepOnDevice(guestItems());
    expect(fetch.calls).toEqual([]);
    expect(guestItems()).toHaveLength(3);
    expect(offerableGuestItems()).toEqual([]);
  });
});
