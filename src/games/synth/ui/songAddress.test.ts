// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guestItems } from '../../../platform/guest/guestItems.ts';
import { useSessionStore } from '../../../platform/session/sessionStore.ts';
import { decodeSong, encodeSong, MALFORMED_LINK_MESSAGE, songFromHash } from '../engine/songLink.ts';
import { typicalSong } from '../engine/testSongs.ts';
import { ADDRESS_WRITE_DELAY_MS, REPLACE_SONG_QUESTION, startSongAddress } from './songAddress.ts';
import { editorOf, useSynthStore } from './store.ts';

const S = () => useSynthStore.getState();
let stop: (() => void) | null = null;

beforeEach(() => {
  S().reset();
  S().setLinkNotice(null);
  window.history.replaceState(null, '', '/synth');
});
afterEach(() => {
  stop?.();
  stop = null;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function linkSong(text: string) {
  const r = decodeSong(text, () => 'id');
  if (!r.ok) throw new Error(r.message);
  return r.song;
}

describe('the song in the address', () => {
  it('follows the song with one replaceState after a burst of edits: no history entries', () => {
    vi.useFakeTimers();
    const replace = vi.spyOn(window.history, 'replaceState');
    const length = window.history.length;
    stop = startSongAddress();
    for (let i = 0; i < 20; i++) S().toggleStep(i % 16);
    S().commitBpmText('140');
    expect(replace).not.toHaveBeenCalled();
    vi.advanceTimersByTime(ADDRESS_WRITE_DELAY_MS);
    expect(replace).toHaveBeenCalledTimes(1);
    expect(window.history.length).toBe(length);
    const text = songFromHash(window.location.hash);
    expect(text).not.toBeNull();
    const song = linkSong(text ?? '');
    expect(song.bpm).toBe(140);
    expect(song.editor.pattern).toEqual(editorOf(S()).pattern);
    expect(window.location.pathname).toBe('/synth');
  });

  it('keeps the query and the router state when it writes', () => {
    vi.useFakeTimers();
    window.history.replaceState({ idx: 3, key: 'abc' }, '', '/synth?loadId=x');
    stop = startSongAddress();
    S().toggleStep(3);
    vi.advanceTimersByTime(ADDRESS_WRITE_DELAY_MS);
    expect(window.location.search).toBe('?loadId=x');
    expect(window.history.state).toEqual({ idx: 3, key: 'abc' });
  });

  it('opens the song of a link the page is opened with', async () => {
    const link = encodeSong(typicalSong(3));
    window.history.replaceState(null, '', `/synth#song=${link}`);
    const confirm = vi.fn(async () => true);
    stop = startSongAddress({ confirm });
    await vi.waitFor(() => expect(S().loops).toHaveLength(3));
    expect(S().bpm).toBe(120);
    expect(S().linkedLoopId).toBe(S().loops[0].id);
    // A fresh page holds nothing of the user's: nothing to ask.
    expect(confirm).not.toHaveBeenCalled();
    expect(encodeSong(S().song())).toBe(link);
  });

  it('a damaged link says so and leaves the default song', async () => {
    window.history.replaceState(null, '', '/synth#song=v1.garbage!');
    stop = startSongAddress();
    await vi.waitFor(() => expect(S().linkNotice).toBe(MALFORMED_LINK_MESSAGE));
    expect(S().loops).toHaveLength(0);
  });

  it('asks before a pasted link replaces a song made here; No keeps it and puts it back in the address', async () => {
    stop = startSongAddress({ delayMs: 0 });
    S().saveLoop();
    S().saveLoop();
    await vi.waitFor(() => expect(songFromHash(window.location.hash)).toBe(encodeSong(S().song())));
    const mine = encodeSong(S().song());

    const confirm = vi.fn(async () => false);
    stop();
    stop = startSongAddress({ confirm, delayMs: 0 });
    window.location.hash = `song=${encodeSong(typicalSong(5))}`;
    await vi.waitFor(() => expect(confirm).toHaveBeenCalledWith(REPLACE_SONG_QUESTION));
    await vi.waitFor(() => expect(songFromHash(window.location.hash)).toBe(mine));
    expect(S().loops).toHaveLength(2);
  });

  it('Yes opens the pasted link', async () => {
    S().saveLoop();
    const confirm = vi.fn(async () => true);
    stop = startSongAddress({ confirm, delayMs: 0 });
    window.location.hash = `song=${encodeSong(typicalSong(5))}`;
    await vi.waitFor(() => expect(S().loops).toHaveLength(5));
    expect(confirm).toHaveBeenCalledTimes(1);
  });
});

describe("a guest's song", () => {
  afterEach(() => {
    useSessionStore.setState({ status: 'loading', user: null });
    localStorage.clear();
  });

  it('is kept on the device while signed out, to offer to their account; back to the default forgets it', () => {
    vi.useFakeTimers();
    localStorage.clear();
    useSessionStore.setState({ status: 'signedOut', user: null });
    stop = startSongAddress();
    S().toggleStep(3);
    S().commitBpmText('132');
    vi.advanceTimersByTime(ADDRESS_WRITE_DELAY_MS);
    // A pattern alone is not a song yet (nothing Save would keep).
    expect(guestItems()).toEqual([]);
    S().saveLoop();
    vi.advanceTimersByTime(ADDRESS_WRITE_DELAY_MS);
    const [item] = guestItems();
    expect(item).toMatchObject({
      appId: 'synth',
      slot: 'current-song',
      label: 'Song with 1 loop at 132 BPM',
    });
    expect(item.data).toEqual(S().documentData());
    S().reset();
    vi.advanceTimersByTime(ADDRESS_WRITE_DELAY_MS);
    expect(guestItems()).toEqual([]);
  });

  it('is not kept for someone signed in (their songs are saved to their account)', () => {
    vi.useFakeTimers();
    localStorage.clear();
    useSessionStore.setState({ status: 'signedIn', user: null });
    stop = startSongAddress();
    S().toggleStep(3);
    S().saveLoop();
    vi.advanceTimersByTime(ADDRESS_WRITE_DELAY_MS);
    expect(guestItems()).toEqual([]);
  });
});
