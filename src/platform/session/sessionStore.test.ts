// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../api/types.ts';
import { installFakeFetch } from '../ui/fakeFetch.testutil.ts';
import { resetSessionForTests, useSessionStore, watchSession } from './sessionStore.ts';

const ann: SessionUser = {
  id: 'u1',
  displayName: 'Ann',
  avatarUrl: null,
  isAdmin: false,
  email: 'ann@example.com',
};

beforeEach(resetSessionForTests);
afterEach(() => vi.unstubAllGlobals());

describe('session store', () => {
  it('starts loading, then signs in when validate returns a user', async () => {
    installFakeFetch({ '/api/account/validate.php': { json: { success: true, user: ann } } });
    expect(useSessionStore.getState().status).toBe('loading');
    await useSessionStore.getState().check();
    expect(useSessionStore.getState()).toMatchObject({ status: 'signedIn', user: ann, error: null });
  });

  it('is signed out on a non-OK answer or a missing user, with no error stored', async () => {
    installFakeFetch({ '/api/account/validate.php': { status: 401, json: { success: false, user: null } } });
    await useSessionStore.getState().check();
    expect(useSessionStore.getState()).toMatchObject({ status: 'signedOut', user: null, error: null });
  });

  it('keeps a check error and treats the user as signed out', async () => {
    installFakeFetch({ '/api/account/validate.php': new TypeError('Failed to fetch') });
    useSessionStore.setState({ status: 'signedIn', user: ann });
    await useSessionStore.getState().check();
    expect(useSessionStore.getState()).toMatchObject({
      status: 'signedOut',
      user: null,
      error: 'Failed to fetch',
    });
  });

  it('signs out locally even when the logout call fails', async () => {
    const api = installFakeFetch({ 'POST /api/account/logout.php': new TypeError('offline') });
    useSessionStore.setState({ status: 'signedIn', user: ann });
    await useSessionStore.getState().signOut();
    expect(api.callsTo('/api/account/logout.php', 'POST')).toHaveLength(1);
    expect(useSessionStore.getState()).toMatchObject({ status: 'signedOut', user: null });
  });

  it('a check still in flight when the user signs out cannot sign them back in', async () => {
    let answer: (v: { json: unknown }) => void = () => {};
    installFakeFetch({
      '/api/account/validate.php': () => new Promise((resolve) => (answer = resolve)),
      'POST /api/account/logout.php': { json: { success: true } },
    });
    useSessionStore.setState({ status: 'signedIn', user: ann });
    const checking = useSessionStore.getState().check();
    await useSessionStore.getState().signOut();
    answer({ json: { success: true, user: ann } });
    await checking;
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('merges a partial user update into the signed-in user', () => {
    useSessionStore.setState({ status: 'signedIn', user: ann });
    useSessionStore.getState().updateUser({ displayName: 'Annie' });
    expect(useSessionStore.getState().user).toEqual({ ...ann, displayName: 'Annie' });
  });

  it('ignores a partial update while signed out', () => {
    useSessionStore.setState({ status: 'signedOut', user: null });
    useSessionStore.getState().updateUser({ displayName: 'Ghost' });
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('re-checks on watch start, window focus and the tab becoming visible (not hidden)', async () => {
    let signedIn = false;
    const api = installFakeFetch({
      '/api/account/validate.php': () => ({ json: { success: true, user: signedIn ? ann : null } }),
    });
    const stop = watchSession(window);
    await vi.waitFor(() => expect(useSessionStore.getState().status).toBe('signedOut'));
    expect(api.callsTo('/api/account/validate.php')).toHaveLength(1);

    signedIn = true; // e.g. signed in in another tab
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(useSessionStore.getState().status).toBe('signedIn'));
    expect(api.callsTo('/api/account/validate.php')).toHaveLength(2);

    signedIn = false;
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await Promise.resolve();
    expect(api.callsTo('/api/account/validate.php')).toHaveLength(2);

    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(useSessionStore.getState().status).toBe('signedOut'));
    expect(api.callsTo('/api/account/validate.php')).toHaveLength(3);

    stop();
    window.dispatchEvent(new Event('focus'));
    await Promise.resolve();
    expect(api.callsTo('/api/account/validate.php')).toHaveLength(3);
    visibility.mockRestore();
  });
});
