// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heldForOffer } from '../scores/scoreOutbox.ts';
import { useSessionStore } from '../session/sessionStore.ts';
import { installFakeFetch } from '../ui/fakeFetch.testutil.ts';
import { GuestProgressOffer } from './GuestProgressOffer.tsx';
import { guestItems, keepGuestItem, offerableGuestItems } from './guestItems.ts';

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ status: 'signedOut', user: null });
  keepGuestItem('synth', 'current-song', 'Song, 2 loops', { loops: 2 });
  keepGuestItem('yardcore', 'progress', 'Level 2, 40 points', { level: 2 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSessionStore.setState({ status: 'loading', user: null });
});

const show = () =>
  render(
    <MemoryRouter>
      <GuestProgressOffer />
    </MemoryRouter>,
  );

const signIn = () => act(() => useSessionStore.setState({ status: 'signedIn' }));

describe('Keep these in your account?', () => {
  it('is not asked while signed out', async () => {
    show();
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('after sign-in lists what the guest made; Keep them uploads and says so', async () => {
    const fetch = installFakeFetch({
      'POST /api/saves/save.php': { json: { success: true, id: 'i', version: 1, etag: 'e' } },
    });
    show();
    signIn();
    const dialog = await screen.findByRole('dialog', { name: 'Keep these in your account?' });
    expect(dialog.textContent).toContain('Synth Loops Song, 2 loops');
    expect(dialog.textContent).toContain('Yardcore Level 2, 40 points');
    await userEvent.click(screen.getByRole('button', { name: 'Keep them' }));
    expect(await screen.findByText('Kept in your account.')).toBeTruthy();
    expect(fetch.callsTo('/api/saves/save.php')).toHaveLength(2);
    expect(guestItems()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a failed upload says nothing was lost and offers Try again', async () => {
    installFakeFetch({ 'POST /api/saves/save.php': new TypeError('Failed to fetch') });
    show();
    signIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Keep them' }));
    expect(await screen.findByText(/Nothing was lost; try again\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(guestItems()).toHaveLength(2);
  });

  it('Not now keeps them here and does not ask again', async () => {
    installFakeFetch({});
    show();
    signIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(guestItems()).toHaveLength(2);
    expect(offerableGuestItems()).toEqual([]);
  });
});

describe('a score a guest queued', () => {
  it('waits for the answer only while someone is signed in and it is unanswered', () => {
    const item = { key: 'k', queuedAt: 0, submission: {} as never, madeSignedOut: true };
    expect(heldForOffer(item, true)).toBe(true);
    expect(heldForOffer(item, false)).toBe(false);
    expect(heldForOffer({ ...item, owner: 'guest' }, true)).toBe(false);
    expect(heldForOffer({ ...item, madeSignedOut: false }, true)).toBe(false);
  });
});
