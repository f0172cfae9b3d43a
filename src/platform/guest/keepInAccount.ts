/**
 * "Keep these in your account?" answered: Keep uploads each guest item as a save of the
 * signed-in account and releases the guest's waiting scores to be sent as the account's;
 * Not now leaves the items on this device and sends the scores as the guest made them.
 * Nothing is lost either way: an item leaves local storage only once its save exists, and
 * an upload that fails half-way is retried from where it stopped (each item's save name is
 * its own, so a retry never makes a second save).
 */

import { SaveError, writeSave } from '../saves/savesClient.ts';
import { flushOutbox, guestHeldScores, releaseGuestScores } from '../scores/scoreOutbox.ts';
import { declineGuestItems, forgetGuestItem, type GuestItem, saveKeyFor } from './guestItems.ts';

export interface KeepProgress {
  kept: number;
  total: number;
}

/** Uploads the items in order; throws at the first failure, having kept (and forgotten locally) those before it. */
export async function keepInAccount(
  items: readonly GuestItem[],
  onProgress: (progress: KeepProgress) => void = () => {},
): Promise<void> {
  let kept = 0;
  onProgress({ kept, total: items.length });
  for (const item of items) {
    try {
      await writeSave({ appId: item.appId, key: saveKeyFor(item), data: item.data });
    } catch (error) {
      // Its save exists already: an earlier attempt stored it before its answer was lost.
      if (!(error instanceof SaveError && error.code === 'EXISTS')) throw error;
    }
    forgetGuestItem(item.id);
    kept++;
    onProgress({ kept, total: items.length });
  }
  if ((await heldScoreCount()) > 0) {
    await releaseGuestScores('account');
    await flushOutbox();
  }
}

/** Not now: the items stay here, not offered again; waiting scores go as the guest's. */
export async function keepOnDevice(items: readonly GuestItem[]): Promise<void> {
  declineGuestItems(items.map((item) => item.id));
  if ((await heldScoreCount()) > 0) {
    await releaseGuestScores('guest');
    await flushOutbox();
  }
}

/** How many of a guest's scores wait for the answer; none where the outbox is unavailable (no IndexedDB). */
export async function heldScoreCount(): Promise<number> {
  try {
    return (await guestHeldScores()).length;
  } catch {
    return 0;
  }
}
