/**
 * Calls of the high-score service (platform spec §7) with the error texts of §8.
 * Score calls read the body themselves (not `lib/api`) because §8 names a distinct
 * message for each way a response body can be unreadable.
 */
import type {
  DailyBoardResponse,
  DailySubmitRequest,
  DailySubmitResponse,
  DailyTicketResponse,
} from '../../api/schemas/daily.ts';
import type {
  RunTicketResponse,
  ScoreEntry,
  ScoreSubmitRequest,
  ScoreSubmitResponse,
  ScoresGetResponse,
} from '../../api/types.ts';

/** Leaderboard size and default fetch limit (spec §9). */
export const LEADERBOARD_SIZE = 10;

export class ScoresError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Message for a non-OK response (spec §8 'Score fetch, unreadable body'). */
async function failureMessage(res: Response): Promise<string> {
  let text: string;
  try {
    text = await res.text();
  } catch {
    return `Server error ${res.status} (unable to read response)`;
  }
  if (!text) return `Server returned ${res.status} with no content`;
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) return body.error;
  } catch {
    return `Server error: ${text.slice(0, 200)}`;
  }
  return `HTTP ${res.status}`;
}

/** Parses an OK response's JSON, naming what went wrong when it is not JSON. */
async function okBody<T>(res: Response): Promise<T> {
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new ScoresError('Server returned invalid JSON and response could not be read', res.status);
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ScoresError(`Invalid JSON response from server: ${text.slice(0, 200)}`, res.status);
  }
}

async function readScoresResponse<T extends { success?: boolean; error?: string }>(
  res: Response,
): Promise<T> {
  if (!res.ok) throw new ScoresError(await failureMessage(res), res.status);
  const body = await okBody<T>(res);
  if (body.success === false) throw new ScoresError(body.error || `HTTP ${res.status}`, res.status);
  return body;
}

export interface ScoresQuery {
  gameId: string;
  limit?: number;
  levelOrMode?: string | null;
}

export interface ScoreBoard {
  scores: ScoreEntry[];
  gameConfig: ScoresGetResponse['game_config'];
}

/** GET /api/scores/get.php — the top scores of a game (and level or mode). */
export async function fetchScores({
  gameId,
  limit = LEADERBOARD_SIZE,
  levelOrMode,
}: ScoresQuery): Promise<ScoreBoard> {
  const url = new URL('/api/scores/get.php', window.location.origin);
  url.searchParams.set('game_id', gameId);
  url.searchParams.set('limit', String(limit));
  if (levelOrMode) url.searchParams.set('level_or_mode', levelOrMode);
  const res = await fetch(url, { credentials: 'include', headers: { accept: 'application/json' } });
  const body = await readScoresResponse<ScoresGetResponse>(res);
  return { scores: body.scores ?? [], gameConfig: body.game_config ?? null };
}

async function postJson<T extends { success?: boolean; error?: string }>(
  path: string,
  body: unknown,
  credentials: RequestCredentials = 'include',
): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
    credentials,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return readScoresResponse<T>(res);
}

/**
 * POST /api/scores/submit.php. Failures are logged and rethrown (spec §8).
 * user_id is never sent: the server takes it from the session (types.ts). `asGuest` sends
 * no cookie, for a score a guest made that must stay a guest's after someone signed in here.
 */
export async function submitScore(
  submission: Omit<ScoreSubmitRequest, 'user_id'>,
  { asGuest = false }: { asGuest?: boolean } = {},
): Promise<{ id: number | null; rank: number; verified: boolean }> {
  try {
    const body = await postJson<ScoreSubmitResponse>(
      '/api/scores/submit.php',
      submission,
      asGuest ? 'omit' : 'include',
    );
    return { id: body.id ?? null, rank: body.rank ?? 0, verified: body.verified === true };
  } catch (error) {
    console.error('Score submission failed', error);
    throw error;
  }
}

/** POST /api/scores/ticket.php — a single-use seed for a run the server can replay. */
export async function fetchRunTicket(gameId: string): Promise<{ ticket: string; seed: number }> {
  const body = await postJson<RunTicketResponse>('/api/scores/ticket.php', { game_id: gameId });
  if (!body.ticket || typeof body.seed !== 'number') throw new ScoresError('No run ticket issued', 200);
  return { ticket: body.ticket, seed: body.seed };
}

/** GET /api/scores/daily.php — a day's Daily board, and the signed-in player's entry of that day. */
export async function fetchDailyBoard(
  game: string,
  day: string,
): Promise<Pick<DailyBoardResponse, 'scores' | 'mine' | 'today'>> {
  const url = new URL('/api/scores/daily.php', window.location.origin);
  url.searchParams.set('game', game);
  url.searchParams.set('day', day);
  const res = await fetch(url, { credentials: 'include', headers: { accept: 'application/json' } });
  const body = await readScoresResponse<DailyBoardResponse & { error?: string }>(res);
  return { scores: body.scores ?? [], mine: body.mine ?? null, today: body.today };
}

/** POST /api/scores/daily_ticket.php — a single-use ticket for today's Daily run (its seed is the day's). */
export async function fetchDailyTicket(game: string): Promise<{ ticket: string; seed: number; day: string }> {
  const body = await postJson<DailyTicketResponse & { error?: string }>('/api/scores/daily_ticket.php', {
    game,
  });
  if (!body.ticket || typeof body.seed !== 'number') throw new ScoresError('No run ticket issued', 200);
  return { ticket: body.ticket, seed: body.seed, day: body.day };
}

/** POST /api/scores/daily_submit.php. Failures are logged and rethrown, as submitScore does. */
export async function submitDailyScore(
  submission: DailySubmitRequest,
  { asGuest = false }: { asGuest?: boolean } = {},
): Promise<{ id: number | null; rank: number; verified: boolean }> {
  try {
    const body = await postJson<Partial<DailySubmitResponse> & { success?: boolean; error?: string }>(
      '/api/scores/daily_submit.php',
      submission,
      asGuest ? 'omit' : 'include',
    );
    return { id: body.id ?? null, rank: body.rank ?? 0, verified: body.verified === true };
  } catch (error) {
    console.error('Daily score submission failed', error);
    throw error;
  }
}
