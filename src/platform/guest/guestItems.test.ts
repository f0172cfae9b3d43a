// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../session/sessionStore.ts';
import {
  declineGuestItems,
  forgetGuestItem,
  GUEST_ITEMS_KEY,
  guestItems,
  keepGuestItem,
  offerableGuestItems,
  saveKeyFor,
} from './guestItems.ts';

const signedOut = () => useSessionStore.setState({ status: 'signedOut', user: null });

beforeEach(() => {
  localStorage.clear();
  signedOut();
});
afterEach(() => useSessionStore.setState({ status: 'loading', user: null }));

describe('guest items', () => {
  it('keeps one item per game and slot, the newest version, with a stable id', () => {
    expect(keepGuestItem('synth', 'current-song', 'Song, 2 loops', { loops: 2 })).toBe(true);
    const [first] = guestItems();
    keepGuestItem('synth', 'current-song', 'Song, 3 loops', { loops: 3 });
    keepGuestItem('gravity', 'current-scene', 'Scene, 4 bodies', { bodies: 4 });
    const items = guestItems();
    expect(items.map((i) => [i.appId, i.label, i.data])).toEqual([
      ['synth', 'Song, 3 loops', { loops: 3 }],
      ['gravity', 'Scene, 4 bodies', { bodies: 4 }],
    ]);
    expect(items[0].id).toBe(first.id);
  });

  it('keeps nothing while someone is signed in, or while the session is still loading', () => {
    useSessionStore.setState({ status: 'signedIn' });
    expect(keepGuestItem('synth', 'current-song', 'Song', { a: 1 })).toBe(false);
    useSessionStore.setState({ status: 'loading' });
    expect(keepGuestItem('synth', 'current-song', 'Song', { a: 1 })).toBe(false);
    expect(guestItems()).toEqual([]);
  });

  it('null data forgets the slot (the game discarded that work)', () => {
    keepGuestItem('yardcore', 'progress', 'Level 2', { level: 2 });
    keepGuestItem('yardcore', 'progress', 'Level 1', null);
    expect(guestItems()).toEqual([]);
  });

  it('declined items stay on the device and are not offered again', () => {
    keepGuestItem('synth', 'current-song', 'Song', { a: 1 });
    keepGuestItem('gravity', 'current-scene', 'Scene', { b: 1 });
    declineGuestItems([guestItems()[0].id]);
    expect(guestItems()).toHaveLength(2);
    expect(offerableGuestItems().map((i) => i.appId)).toEqual(['gravity']);
    forgetGuestItem(guestItems()[1].id);
    expect(guestItems().map((i) => i.appId)).toEqual(['synth']);
  });

  it('damaged storage reads as nothing kept, and keeping goes on', () => {
    localStorage.setItem(GUEST_ITEMS_KEY, '{not json');
    expect(guestItems()).toEqual([]);
    localStorage.setItem(GUEST_ITEMS_KEY, JSON.stringify([{ id: 1 }, 'x']));
    expect(guestItems()).toEqual([]);
    keepGuestItem('synth', 'current-song', 'Song', { a: 1 });
    expect(guestItems()).toHaveLength(1);
  });

  it('the save name is the label and the start of the id, the same on every try', () => {
    keepGuestItem('synth', 'current-song', 'Song, 2 loops', { a: 1 });
    const [item] = guestItems();
    expect(saveKeyFor(item)).toBe(`Song, 2 loops (${item.id.slice(0, 6)})`);
    expect(saveKeyFor(item)).toBe(saveKeyFor(guestItems()[0]));
  });
});
