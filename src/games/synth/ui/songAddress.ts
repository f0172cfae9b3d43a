/**
 * The song in the page address: `/synth#song=v1.…`. A hash, so no server ever sees the
 * song and the service worker's app shell opens it offline. Opening a link loads its song
 * (asking first when that would replace a song made here); every change writes the address
 * with history.replaceState, debounced, so the Back button never fills with edits.
 */
import { keepGuestItem } from '../../../platform/guest/guestItems.ts';
import { confirmDialog } from '../../../platform/ui/asyncDialogs.tsx';
import { decodeSong, encodeSong, hashWithSong, songFromHash } from '../engine/songLink.ts';
import { defaultSong, newId, type SynthState, useSynthStore } from './store.ts';

/** Quiet time after the last change before the address is written. */
export const ADDRESS_WRITE_DELAY_MS = 400;

export interface SongAddressOptions {
  /** Asks before a link replaces a song made here (tests answer for the user). */
  confirm?: (message: string) => Promise<boolean>;
  delayMs?: number;
}

export const REPLACE_SONG_QUESTION =
  'Open the song in this link? The song you have here now will be replaced (save it first to keep it).';

function songText(s: Pick<SynthState, 'song'>): string {
  return encodeSong(s.song());
}

/** Whether link text is the song a fresh page starts with: such a song holds nothing of the user's. */
function isDefaultSong(text: string): boolean {
  return text === encodeSong(defaultSong());
}

/**
 * A guest's song (anything but the fresh page's) is kept on the device, to be offered to
 * their account after they sign in here; back to the default song forgets it.
 */
function keepForGuest(state: SynthState, text: string): void {
  const loops = state.loops.length;
  const label = `Song with ${loops} ${loops === 1 ? 'loop' : 'loops'} at ${state.bpm} BPM`;
  keepGuestItem('synth', 'current-song', label, isDefaultSong(text) ? null : state.documentData());
}

/** A full link to the song as it is now (the address part other than the song is left out). */
export function shareUrl(): string {
  const text = songText(useSynthStore.getState());
  return `${window.location.origin}/synth${hashWithSong('', text)}`;
}

function sameSongParts(a: SynthState, b: SynthState): boolean {
  return (
    a.bpm === b.bpm &&
    a.loops === b.loops &&
    a.history.present === b.history.present &&
    a.linkedLoopId === b.linkedLoopId
  );
}

/**
 * Keeps the address and the song in step while the page is open; returns the stop function.
 * Opening a link (on start, or a link pasted into this tab) goes through `openLink`.
 */
export function startSongAddress(options: SongAddressOptions = {}): () => void {
  const confirm =
    options.confirm ?? ((m: string) => confirmDialog(m, { title: 'Open song link', okLabel: 'Open' }));
  const delay = options.delayMs ?? ADDRESS_WRITE_DELAY_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  /** The link text the address holds because this page wrote it or opened it. */
  let known = songFromHash(window.location.hash);

  const write = () => {
    timer = null;
    if (stopped) return;
    const state = useSynthStore.getState();
    const text = songText(state);
    known = text;
    keepForGuest(state, text);
    if (songFromHash(window.location.hash) === text) return;
    const { pathname, search, hash } = window.location;
    // history.state is the router's: kept as it is, so Back and the router's keys still work.
    window.history.replaceState(window.history.state, '', `${pathname}${search}${hashWithSong(hash, text)}`);
  };
  const schedule = () => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(write, delay);
  };
  const flush = () => {
    if (timer === null) return;
    clearTimeout(timer);
    write();
  };

  const openLink = async (text: string) => {
    const store = useSynthStore.getState();
    const result = decodeSong(text, newId);
    if (!result.ok) {
      // Whatever the page holds stays; on a fresh page that is the default song.
      store.setLinkNotice(result.message);
      return;
    }
    const incoming = encodeSong(result.song);
    const current = songText(store);
    if (incoming === current) return;
    if (!isDefaultSong(current) && !(await confirm(REPLACE_SONG_QUESTION))) {
      // Kept: the address goes back to the song on the page.
      if (!stopped) write();
      return;
    }
    if (stopped) return;
    useSynthStore.getState().setLinkNotice(null);
    useSynthStore.getState().loadSong(result.song);
    known = songText(useSynthStore.getState());
  };

  const onHashChange = () => {
    const text = songFromHash(window.location.hash);
    if (text !== null && text !== known) {
      known = text;
      void openLink(text);
    }
  };

  const unsubscribe = useSynthStore.subscribe((next, prev) => {
    if (!sameSongParts(next, prev)) schedule();
  });
  window.addEventListener('hashchange', onHashChange);
  // A reload or a closed tab right after an edit still finds the edit in the address.
  window.addEventListener('pagehide', flush);
  if (known !== null) void openLink(known);

  return () => {
    stopped = true;
    // Not flushed: the address may already be another page's.
    if (timer !== null) clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('hashchange', onHashChange);
    window.removeEventListener('pagehide', flush);
  };
}
