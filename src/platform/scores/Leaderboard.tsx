import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import type { DailyEntry, DailyRun, DailySubmitRequest } from '../../api/schemas/daily.ts';
import type { GameConfig, RunRecord, ScoreEntry } from '../../api/types.ts';
import { OFFLINE_TEXT, useOnline } from '../../lib/pwa/online.ts';
import { useSessionStore } from '../session/sessionStore.ts';
import { useSession } from '../session/useSession.ts';
import { PLAYER_NAME_INPUT_MAX, playerNameError } from './playerName.ts';
import {
  enqueueScore,
  newSubmissionKey,
  onOutboxFlushed,
  type QueuedScore,
  removeQueuedScore,
  sendQueued,
} from './scoreOutbox.ts';
import { fetchDailyBoard, fetchScores, LEADERBOARD_SIZE, ScoresError } from './scoresClient.ts';
import { scoreWouldPlace } from './scoreWouldPlace.ts';
import '../ui/controls.css';
import './leaderboard.css';

export interface LeaderboardSubmission {
  score: number;
  duration?: number | null;
  metadata?: Record<string, unknown> | null;
  run?: RunRecord;
  /** A Daily run: sent with the board's day to the Daily board. */
  dailyRun?: DailyRun;
}

export interface LeaderboardProps {
  gameId: string;
  levelOrMode?: string | null;
  /** A finished run's score: the board offers the name form when it would place. */
  submission?: LeaderboardSubmission | null;
  onSubmitted?: (result: { rank: number; verified: boolean }) => void;
  title?: string;
  /**
   * The Daily board of `day` (UTC) instead of the game's board, with the player's best of
   * the day: the server's entry when signed in, or `localBest` (this device's runs) if better.
   */
  daily?: { day: string; localBest?: number | null } | null;
}

type BoardState =
  | { phase: 'loading' }
  | { phase: 'error'; message: string }
  | { phase: 'ready'; scores: ScoreEntry[]; config: GameConfig | null; mine?: DailyEntry | null };

/**
 * One formatter for every score: `toLocaleString('en-US')` sets up a new ICU formatter on
 * each call (≈ 0.15 ms in Chromium here, ×4 on a throttled phone; a board renders ten).
 */
const SCORE_FORMAT = new Intl.NumberFormat('en-US');

/** Formats a score by the game's score type (time scores are seconds). */
export function formatScore(score: number, config: GameConfig | null): string {
  if (config?.score_type === 'time') return `${score.toFixed(2)} s`;
  return SCORE_FORMAT.format(score);
}

/** Top 10 of a game (and level or mode), with the submit form of spec §4–§5. */
export function Leaderboard({
  gameId,
  levelOrMode = null,
  submission = null,
  onSubmitted,
  title,
  daily = null,
}: LeaderboardProps) {
  const dailyDay = daily?.day ?? null;
  const { user } = useSession();
  const [board, setBoard] = useState<BoardState>({ phase: 'loading' });
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<{ rank: number; verified: boolean } | null>(null);
  /** The outbox key of this board's score while it waits for the network. */
  const [queuedKey, setQueuedKey] = useState<string | null>(null);
  const online = useOnline();
  const headingId = useId();
  const nameId = useId();

  const load = useCallback(async () => {
    setBoard((prev) => (prev.phase === 'ready' ? prev : { phase: 'loading' }));
    try {
      if (dailyDay) {
        const { scores, mine } = await fetchDailyBoard(gameId, dailyDay);
        setBoard({
          phase: 'ready',
          scores: scores.map((e) => ({ ...e, level_or_mode: null })),
          config: null,
          mine,
        });
        return;
      }
      const { scores, gameConfig } = await fetchScores({ gameId, levelOrMode, limit: LEADERBOARD_SIZE });
      setBoard({ phase: 'ready', scores, config: gameConfig });
    } catch (error) {
      setBoard({ phase: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, [gameId, levelOrMode, dailyDay]);

  useEffect(() => {
    if (!online) return;
    setBoard({ phase: 'loading' });
    void load();
  }, [load, online]);

  // A queued score sent in the background (the network came back) shows its rank here.
  useEffect(() => {
    if (!queuedKey) return;
    return onOutboxFlushed(({ submitted, rejected }) => {
      const mine = submitted.find((s) => s.key === queuedKey);
      const refused = rejected.find((r) => r.item.key === queuedKey);
      if (mine) {
        const outcome = { rank: mine.rank, verified: mine.verified };
        setQueuedKey(null);
        setResult(outcome);
        onSubmitted?.(outcome);
        void load();
      } else if (refused) {
        setQueuedKey(null);
        setFormError(`Failed to submit score: ${refused.message}`);
      }
    });
  }, [queuedKey, load, onSubmitted]);

  // A new run starts a new submission.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the submission object is the trigger
  useEffect(() => {
    setResult(null);
    setFormError(null);
    setQueuedKey(null);
  }, [submission]);

  // Prefill from the signed-in user's name until the player types their own.
  useEffect(() => {
    if (!nameTouched && user?.displayName) setName(user.displayName.slice(0, PLAYER_NAME_INPUT_MAX));
  }, [user?.displayName, nameTouched]);

  const direction = board.phase === 'ready' ? (board.config?.sort_order ?? 'DESC') : 'DESC';
  const scoreMissing = submission !== null && !Number.isFinite(submission.score);
  // A Daily score is always offered: a signed-in player's entry of the day is their best, ranked or not.
  const wouldPlace =
    submission !== null &&
    (scoreMissing ||
      dailyDay !== null ||
      board.phase === 'error' ||
      !online ||
      (board.phase === 'ready' && scoreWouldPlace(board.scores, submission.score, direction)));
  const submitMode = wouldPlace && result === null && queuedKey === null;
  const nameBlank = name.trim() === '';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!submission || !Number.isFinite(submission.score)) {
      setFormError('No score to submit');
      return;
    }
    if (nameBlank) {
      setFormError('Please enter your name');
      return;
    }
    const invalid = playerNameError(name);
    if (invalid) {
      setFormError(invalid);
      return;
    }
    setSubmitting(true);
    setFormError(null);
    // Into the outbox first (IndexedDB), so a lost connection or a closed tab loses nothing.
    const item: QueuedScore = {
      key: newSubmissionKey(),
      queuedAt: Date.now(),
      submission: {
        game_id: gameId,
        player_name: name.trim(),
        score: submission.score,
        level_or_mode: levelOrMode,
        duration: submission.duration ?? null,
        metadata: submission.metadata ?? null,
        ...(submission.run ? { run: submission.run } : {}),
      },
      madeSignedOut: useSessionStore.getState().status === 'signedOut',
      ...(dailyDay && submission.dailyRun
        ? {
            daily: {
              game: gameId as DailySubmitRequest['game'],
              day: dailyDay,
              player_name: name.trim(),
              score: submission.score,
              duration: submission.duration ?? null,
              metadata: submission.metadata ?? null,
              run: submission.dailyRun,
            },
          }
        : {}),
    };
    let kept = false;
    try {
      await enqueueScore(item);
      kept = true;
    } catch (error) {
      console.warn('Score outbox unavailable; sending directly', error);
    }
    try {
      if (kept && !navigator.onLine) {
        setQueuedKey(item.key);
        return;
      }
      const submitted = await sendQueued(item);
      if (kept) await removeQueuedScore(item.key);
      const outcome = { rank: submitted.rank, verified: submitted.verified };
      setResult(outcome);
      onSubmitted?.(outcome);
      await load();
    } catch (error) {
      // No answer at all: the score waits in the outbox for the network.
      if (kept && !(error instanceof ScoresError)) {
        setQueuedKey(item.key);
        return;
      }
      if (kept) await removeQueuedScore(item.key).catch(() => {});
      setFormError(`Failed to submit score: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="leaderboard" aria-labelledby={headingId}>
      <h2 id={headingId} className="leaderboard__title">
        {title ?? 'High Scores'}
      </h2>

      {daily && (
        <DailyBest
          mine={board.phase === 'ready' ? (board.mine ?? null) : null}
          localBest={daily.localBest ?? null}
        />
      )}

      {result && (
        <p className="leaderboard__result" role="status">
          You placed #{result.rank}!{result.verified ? ' ✓ Verified' : ''}
        </p>
      )}

      {queuedKey && (
        <p className="leaderboard__queued" role="status">
          {online ? 'Submitting your saved score…' : OFFLINE_TEXT.queued}
        </p>
      )}

      {submitMode && (
        <form className="leaderboard__form" onSubmit={onSubmit} noValidate>
          <p className="leaderboard__form-lead">
            {scoreMissing
              ? 'No score to submit'
              : `Your score: ${formatScore(submission.score, board.phase === 'ready' ? board.config : null)}`}
          </p>
          <label htmlFor={nameId}>Your name</label>
          <div className="leaderboard__form-row">
            <input
              id={nameId}
              className="pf-input"
              name="player_name"
              value={name}
              maxLength={PLAYER_NAME_INPUT_MAX}
              autoComplete="nickname"
              onChange={(e) => {
                setName(e.target.value);
                setNameTouched(true);
                setFormError(null);
              }}
            />
            <button type="submit" className="button" disabled={nameBlank || submitting}>
              {submitting ? 'Submitting…' : 'Submit'}
            </button>
          </div>
          <p className="leaderboard__form-message" role="alert">
            {formError ?? (nameBlank && nameTouched ? 'Please enter your name' : '')}
          </p>
        </form>
      )}

      {!online && (
        <p className="leaderboard__offline" role="status">
          {OFFLINE_TEXT.leaderboard}
        </p>
      )}

      {online && board.phase === 'loading' && <p className="leaderboard__note">Loading…</p>}

      {online &&
        board.phase === 'error' &&
        (submission ? (
          <p className="leaderboard__error" role="alert">
            Failed to load scores: {board.message}
          </p>
        ) : (
          <div className="leaderboard__unavailable" role="alert">
            <p>High scores are temporarily unavailable. Please try again later.</p>
            <p>In the meantime, keep playing to improve your skills!</p>
          </div>
        ))}

      {online && board.phase === 'ready' && board.scores.length === 0 && (
        <p className="leaderboard__note">No scores yet. Be the first to play!</p>
      )}

      {online && board.phase === 'ready' && board.scores.length > 0 && (
        <ol className="leaderboard__list">
          {board.scores.map((entry) => {
            const mine = user !== null && entry.user_id !== null && entry.user_id === user.id;
            return (
              <li
                key={entry.id}
                className={mine ? 'leaderboard__row leaderboard__row--mine' : 'leaderboard__row'}
              >
                <span className="leaderboard__rank">#{entry.rank}</span>
                <span className="leaderboard__name">
                  {entry.player_name}
                  {mine && <span className="leaderboard__you">You</span>}
                  {entry.verified && (
                    <span className="leaderboard__verified" title="Verified" role="img" aria-label="Verified">
                      ✓
                    </span>
                  )}
                </span>
                <span className="leaderboard__score">{formatScore(entry.score, board.config)}</span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** "Your best today": the server's entry of the signed-in player, or this device's best if higher. */
function DailyBest({ mine, localBest }: { mine: DailyEntry | null; localBest: number | null }) {
  const best = Math.max(mine?.score ?? Number.NEGATIVE_INFINITY, localBest ?? Number.NEGATIVE_INFINITY);
  return (
    <p className="leaderboard__best" data-testid="daily-best">
      {Number.isFinite(best) ? (
        <>
          Your best today: <strong>{SCORE_FORMAT.format(best)}</strong>
          {mine && mine.score === best ? ` · #${mine.rank} on the board` : ''}
        </>
      ) : (
        'No run of yours today yet.'
      )}
    </p>
  );
}
