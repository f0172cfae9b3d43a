/**
 * The score outbox: a finished run's score is written to IndexedDB before it is
 * sent, with an idempotency key, and stays there until the server has answered it. When
 * the network returns (the 'online' event, or the next page start) the outbox is sent in
 * order; a repeat of a submit the server already stored answers that same score (the key),
 * so each queued score is stored exactly once and none is lost.
 */
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import type { DailySubmitRequest } from '../../api/schemas/daily.ts';
import type { ScoreSubmitRequest } from '../../api/types.ts';
import { useSessionStore } from '../session/sessionStore.ts';
import { ScoresError, submitDailyScore, submitScore } from './scoresClient.ts';

export interface QueuedScore {
  key: string;
  queuedAt: number;
  submission: Omit<ScoreSubmitRequest, 'user_id' | 'idempotency_key'>;
  /** Queued while nobody was signed in: whose it is, once someone signs in here, is theirs to say. */
  madeSignedOut?: boolean;
  /**
   * For a score made signed out, the answer to "Keep these in your account?": sent as the
   * account's, or as the guest's (without the session cookie). Absent: not asked yet.
   */
  owner?: 'account' | 'guest';
  /** A Daily run's score: sent to the Daily board instead (same key, same retries). */
  daily?: Omit<DailySubmitRequest, 'idempotency_key'>;
}

export interface SubmittedScore {
  key: string;
  gameId: string;
  rank: number;
  verified: boolean;
  id: number | null;
}

let store: UseStore | null = null;
function outboxStore(): UseStore {
  store ??= createStore('futile-score-outbox', 'scores');
  return store;
}

/** A fresh key for one submission (the server's pattern: 8–100 of [A-Za-z0-9_-]). */
export function newSubmissionKey(): string {
  return crypto.randomUUID();
}

export async function enqueueScore(item: QueuedScore): Promise<void> {
  await set(item.key, item, outboxStore());
}

export async function removeQueuedScore(key: string): Promise<void> {
  await del(key, outboxStore());
}

export async function queuedScores(): Promise<QueuedScore[]> {
  const all = await entries<string, QueuedScore>(outboxStore());
  return all.map(([, value]) => value).sort((a, b) => a.queuedAt - b.queuedAt);
}

/**
 * Whether a failed send may succeed later: no answer at all (offline, connection lost),
 * a server or rate-limit error, or the same key still in progress elsewhere.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ScoresError)) return true;
  return error.status >= 500 || error.status === 429 || error.status === 408 || error.status === 409;
}

/** Sends one queued score with its key (a guest's without the session, so it stays theirs). */
export async function sendQueued(item: QueuedScore): Promise<SubmittedScore> {
  const asGuest = item.owner === 'guest';
  const result = item.daily
    ? await submitDailyScore({ ...item.daily, idempotency_key: item.key }, { asGuest })
    : await submitScore({ ...item.submission, idempotency_key: item.key }, { asGuest });
  return { key: item.key, gameId: item.submission.game_id, ...result };
}

/**
 * Whether a queued score waits for "Keep these in your account?": made signed out, not yet
 * answered, and someone is signed in now (sent now, it would become theirs unasked).
 */
export function heldForOffer(item: QueuedScore, signedIn: boolean): boolean {
  return signedIn && item.madeSignedOut === true && item.owner === undefined;
}

/** The scores a guest queued that the offer will ask about. */
export async function guestHeldScores(): Promise<QueuedScore[]> {
  return (await queuedScores()).filter((item) => heldForOffer(item, true));
}

/** Answers the offer for every held score: sent as the account's, or as the guest's. */
export async function releaseGuestScores(owner: 'account' | 'guest'): Promise<void> {
  for (const item of await guestHeldScores()) await enqueueScore({ ...item, owner });
}

type Listener = (event: {
  submitted: SubmittedScore[];
  rejected: { item: QueuedScore; message: string }[];
}) => void;
const listeners = new Set<Listener>();
export function onOutboxFlushed(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let flushing: Promise<void> | null = null;

/**
 * Sends every queued score, oldest first; stops at the first retryable failure (the
 * network is still away). A score the server refuses for good (its validation) is dropped
 * and reported, since sending it again cannot help. One flush at a time per page, and one
 * per browser through a Web Lock where the browser has them.
 */
export function flushOutbox(): Promise<void> {
  flushing ??= (async () => {
    try {
      const run = () => flushOnce();
      if (typeof navigator !== 'undefined' && navigator.locks)
        await navigator.locks.request('futile-score-outbox', run);
      else await run();
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

async function flushOnce(): Promise<void> {
  const submitted: SubmittedScore[] = [];
  const rejected: { item: QueuedScore; message: string }[] = [];
  const signedIn = useSessionStore.getState().status === 'signedIn';
  for (const item of await queuedScores()) {
    if (heldForOffer(item, signedIn)) continue;
    try {
      submitted.push(await sendQueued(item));
      await removeQueuedScore(item.key);
    } catch (error) {
      if (isRetryable(error)) break;
      await removeQueuedScore(item.key);
      rejected.push({ item, message: error instanceof Error ? error.message : String(error) });
    }
  }
  if (submitted.length || rejected.length)
    for (const listener of listeners) listener({ submitted, rejected });
}

/** Sends the outbox now and whenever the browser comes back online. Returns a stop function. */
export function startOutbox(): () => void {
  const onOnline = () => void flushOutbox();
  window.addEventListener('online', onOnline);
  if (navigator.onLine !== false) void flushOutbox();
  return () => window.removeEventListener('online', onOnline);
}
