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
import { ScoresError, submitDailyScore, submitScore } from './scoresClient.ts';

export interface QueuedScore {
  key: string;
  queuedAt: number;
  submission: Omit<ScoreSubmitRequest, 'user_id' | 'idempotency_key'>;
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

/** Sends one queued score with its key. */
export async function sendQueued(item: QueuedScore): Promise<SubmittedScore> {
  const result = item.daily
    ? await submitDailyScore({ ...item.daily, idempotency_key: item.key })
    : await submitScore({ ...item.submission, idempotency_key: item.key });
  return { key: item.key, gameId: item.submission.game_id, ...result };
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
  for (const item of await queuedScores()) {
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
