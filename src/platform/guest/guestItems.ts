/**
 * What a guest made on this device (a synth song, a gravity scene, Yardcore progress), kept
 * in local storage so that after their first sign-in it can be offered once: "Keep these in
 * your account?". A game calls keepGuestItem whenever its work changes; it is kept only
 * while nobody is signed in, one item per game and slot (the newest version of that work).
 * Storage may be full, off or corrupted: every failure is swallowed, and the game plays on.
 */
import { useSessionStore } from '../session/sessionStore.ts';

export interface GuestItem {
  /** Stable for the item's life: names its save, so a retried upload cannot make a second one. */
  id: string;
  appId: string;
  /** Which of the game's works this is (e.g. 'current-song'); one item per game and slot. */
  slot: string;
  /** What the offer lists, and the start of the save's name. */
  label: string;
  data: unknown;
  updatedAt: string;
}

export const GUEST_ITEMS_KEY = 'futile:guest-items';
/** Ids the player chose not to keep in their account: they stay local and are not offered again. */
export const GUEST_DECLINED_KEY = 'futile:guest-items-declined';

function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or storage off: the game's own state is unaffected.
  }
}

function isGuestItem(value: unknown): value is GuestItem {
  const v = value as Partial<GuestItem> | null;
  return (
    !!v &&
    typeof v.id === 'string' &&
    typeof v.appId === 'string' &&
    typeof v.slot === 'string' &&
    typeof v.label === 'string' &&
    typeof v.updatedAt === 'string' &&
    v.data !== undefined
  );
}

/** Every item kept on this device, oldest first. */
export function guestItems(): GuestItem[] {
  const stored = readJson<unknown>(GUEST_ITEMS_KEY, []);
  return Array.isArray(stored) ? stored.filter(isGuestItem) : [];
}

function declinedIds(): Set<string> {
  const stored = readJson<unknown>(GUEST_DECLINED_KEY, []);
  return new Set(Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []);
}

/** The items to offer: kept, and not declined before. */
export function offerableGuestItems(): GuestItem[] {
  const declined = declinedIds();
  return guestItems().filter((item) => !declined.has(item.id));
}

/**
 * Keeps (or replaces) the guest's work in `slot` of `appId`, only while signed out; `data`
 * null forgets it (the game discarded that work). Returns whether anything was kept.
 */
export function keepGuestItem(
  appId: string,
  slot: string,
  label: string,
  data: unknown,
  now = new Date(),
): boolean {
  if (useSessionStore.getState().status !== 'signedOut') return false;
  const items = guestItems();
  const index = items.findIndex((item) => item.appId === appId && item.slot === slot);
  if (data === null || data === undefined) {
    if (index >= 0) writeJson(GUEST_ITEMS_KEY, items.toSpliced(index, 1));
    return false;
  }
  const updatedAt = now.toISOString();
  const item: GuestItem =
    index >= 0
      ? { ...items[index], label, data, updatedAt }
      : { id: crypto.randomUUID(), appId, slot, label, data, updatedAt };
  writeJson(GUEST_ITEMS_KEY, index >= 0 ? items.with(index, item) : [...items, item]);
  return true;
}

/** Forgets an item (it is in the account now). */
export function forgetGuestItem(id: string): void {
  writeJson(
    GUEST_ITEMS_KEY,
    guestItems().filter((item) => item.id !== id),
  );
}

/** The player said "Not now": these stay on this device and are not offered again. */
export function declineGuestItems(ids: readonly string[]): void {
  const declined = declinedIds();
  for (const id of ids) declined.add(id);
  writeJson(GUEST_DECLINED_KEY, [...declined]);
}

/**
 * The name an item is saved under in the account: its label and the start of its id, so
 * it never takes the name of a save the account already has, and a retried upload finds
 * its own save (EXISTS) instead of making a second one.
 */
export function saveKeyFor(item: GuestItem): string {
  return `${item.label} (${item.id.slice(0, 6)})`;
}
