import type { FastifyReply, FastifyRequest } from 'fastify';
import { EmptyQuery, OkResponse, responses } from '../../src/api/schemas/common.ts';
import {
  type GameConfig,
  GameConfigBody,
  RunTicketResponse,
  ScoreDeleteQuery,
  type ScoreEntry,
  ScoreManageQuery,
  ScoreManageResponse,
  ScoreSubmitBody,
  ScoreSubmitResponse,
  ScoresGetQuery,
  ScoresGetResponse,
  ScoresTestResponse,
  TicketBody,
} from '../../src/api/schemas/scores.ts';
import type { ServerConfig } from '../config.ts';
import { LIMITS, limitConfig } from '../plugins/rateLimits.ts';
import { currentUser } from '../plugins/session.ts';
import { implausibility, type ScoreClaim } from '../runs/plausibility.ts';
import type { RunVerifier } from '../runs/registry.ts';
import { issueRunTicket, readRunTicket } from '../runs/tickets.ts';
import { runVerifiers } from '../runs/verifiers.ts';
import { HttpError } from '../util.ts';
import { adminOf } from './admin.ts';
import { type Api, sendJsonText } from './api.ts';
import { keepRunLog, type VerifiedRun } from './runs.ts';

/**
 * A verified run carries its whole input log: a long Lunar Lander game is thousands of
 * run-length entries (the engine accepts up to 200,000), far past the default 64 KiB.
 */
export const SUBMIT_BODY_LIMIT = 2 * 1024 * 1024;

export const MAX_PLAYER_NAME = 100;
const MAX_METADATA_BYTES = 4096;

/** Said when a submit repeats a key whose first submit has not finished yet. */
export const SUBMISSION_PENDING = 'This score is already being submitted';

/** Platform spec §5, with its exact messages. */
export function playerNameError(name: unknown): string | null {
  if (typeof name !== 'string') return 'Player name is required';
  const trimmed = name.trim();
  if (!trimmed) return 'Player name cannot be empty';
  if (trimmed.length > MAX_PLAYER_NAME) return 'Player name is too long (max 100 characters)';
  if (/<[^>]*>/.test(trimmed)) return 'Player name cannot contain HTML tags';
  return null;
}

/** The high-score service's public calls (platform spec §7); its admin calls are scoresAdminRoutes. */
export function scoresRoutes(api: Api, config: ServerConfig) {
  boardRoute(api);
  ticketRoute(api, config);
  submitRoute(api, config);
  selfTestRoute(api);
}

/** The admin console's score calls (registered inside the admin group). */
export function scoresAdminRoutes(admin: Api) {
  manageListRoute(admin);
  manageDeleteRoute(admin);
  manageConfigRoute(admin);
}

async function knownGame(api: Api, gameId: string): Promise<GameConfig> {
  const game = await api.repos.scores.config(gameId);
  if (!game) throw new HttpError(400, `Unknown game "${gameId}"`);
  return game;
}

/** GET get.php: a game's board. Cached boards are answered with their cached JSON. */
function boardRoute(api: Api) {
  /** The JSON of a cached board, kept by its (cached, reused) entries array and its config. */
  const serializedBoards = new WeakMap<ScoreEntry[], { game: GameConfig; body: string }>();

  /** An unknown game (null) simply has no scores yet. */
  function sendBoard(reply: FastifyReply, game: GameConfig | null, scores: ScoreEntry[]) {
    if (!game) {
      reply.send({ success: true, scores: [], game_config: null });
      return;
    }
    // The board array is reused until the next write, and so is its JSON (made by this route's schema serializer).
    let serialized = serializedBoards.get(scores);
    if (serialized?.game !== game) {
      serialized = { game, body: reply.serialize({ success: true, scores, game_config: game }) as string };
      serializedBoards.set(scores, serialized);
    }
    sendJsonText(reply, serialized.body);
  }

  api.get(
    '/api/scores/get.php',
    { schema: { querystring: ScoresGetQuery, response: responses(ScoresGetResponse) } },
    // Not async: a board answered from the cache is sent at once, with no promise on the way
    // (the read most requests make). Otherwise the database is read, then the same.
    (request, reply) => {
      const { game_id, limit, level_or_mode } = request.query;
      const mode = level_or_mode ?? null;
      const scores = api.repos.scores;
      const game = scores.cachedConfig(game_id);
      if (game === null) return sendBoard(reply, null, []);
      const board = game && scores.cachedTop(game, limit, mode);
      if (game && board) return sendBoard(reply, game, board);
      return (async () => {
        const config = await scores.config(game_id);
        sendBoard(reply, config, config ? await scores.top(config, limit, mode) : []);
      })();
    },
  );
}

/** POST ticket.php: a signed, single-use seed for a run the server can replay. */
function ticketRoute(api: Api, config: ServerConfig) {
  api.post(
    '/api/scores/ticket.php',
    {
      config: limitConfig(LIMITS.ticket),
      schema: { body: TicketBody, response: responses(RunTicketResponse) },
    },
    async (request) => {
      const game = await knownGame(api, request.body.game_id);
      return { success: true, ...issueRunTicket(config.sessionSecret, game.game_id) };
    },
  );
}

type Submission = ScoreSubmitBody & { player_name: string; game: GameConfig };
type Submitted = { id: number; rank: number; verified: boolean };

/** POST submit.php: a score, verified when its run replays to it for a signed-in user. */
function submitRoute(api: Api, config: ServerConfig) {
  api.post(
    '/api/scores/submit.php',
    {
      config: limitConfig(LIMITS.scoreSubmit),
      bodyLimit: SUBMIT_BODY_LIMIT,
      schema: { body: ScoreSubmitBody, response: responses(ScoreSubmitResponse) },
    },
    async (request) => {
      const submission = await checkSubmission(api, request.body);
      const key = request.body.idempotency_key;
      const insert = () => insertScore(api, config, request, submission);
      return {
        success: true,
        ...(key ? await insertOnce(api, key, submission.game, insert) : await insert()),
      };
    },
  );
}

/** The checks of spec §5 and the game's plausibility bounds, in the order they answer. */
async function checkSubmission(api: Api, body: ScoreSubmitBody): Promise<Submission> {
  const nameError = playerNameError(body.player_name);
  if (nameError) throw new HttpError(400, nameError);
  const game = await knownGame(api, body.game_id);
  const { duration, metadata } = checkedClaim(game.game_id, body);
  return { ...body, player_name: body.player_name as string, duration, metadata, game };
}

/**
 * A submitted score's claim on the normal board and the Daily alike: the metadata's size and
 * the game's plausibility bounds, refused with 400; absent duration and metadata are null.
 */
export function checkedClaim(
  gameId: string,
  body: { score: number; duration?: number | null; metadata?: Record<string, unknown> | null },
): ScoreClaim {
  const metadata = body.metadata ?? null;
  if (metadata && Buffer.byteLength(JSON.stringify(metadata)) > MAX_METADATA_BYTES)
    throw new HttpError(400, `metadata is too large (max ${MAX_METADATA_BYTES} bytes)`);
  const claim = { score: body.score, duration: body.duration ?? null, metadata };
  const problem = implausibility(gameId, claim);
  if (problem) throw new HttpError(400, problem);
  return claim;
}

/** A submit with an idempotency key: a repeat answers the score the first one made. */
async function insertOnce(
  api: Api,
  key: string,
  game: GameConfig,
  insert: () => Promise<Submitted>,
): Promise<Submitted> {
  const claim = await api.repos.scores.claimSubmission(key, game.game_id);
  if (claim.state === 'done') return { id: claim.id, rank: claim.rank, verified: claim.verified };
  if (claim.state === 'pending') throw new HttpError(409, SUBMISSION_PENDING);
  if (claim.state === 'conflict') throw new HttpError(409, 'This idempotency key was used for another game');
  try {
    const result = await insert();
    await api.repos.scores.completeSubmission(key, result);
    return result;
  } catch (err) {
    await api.repos.scores.releaseSubmission(key);
    throw err;
  }
}

async function insertScore(
  api: Api,
  config: ServerConfig,
  request: FastifyRequest,
  submission: Submission,
): Promise<Submitted> {
  const user = await currentUser(request);
  // DESIGN: verified marks a signed-in user's score whose replay matches.
  const replayed = await replayRun(api, config, request, submission);
  const verified = !!user && replayed !== null && replayed.score === submission.score;
  const { game } = submission;
  const { id, rank } = await api.repos.scores.insert(game, {
    game_id: game.game_id,
    user_id: user?.id ?? null,
    player_name: submission.player_name.trim(),
    score: submission.score,
    duration: submission.duration ?? null,
    level_or_mode: submission.level_or_mode ?? null,
    metadata: submission.metadata ?? null,
    verified,
    ip_address: request.ip,
  });
  // A verified run's log is kept, to fly again as a ghost (routes/runs.ts).
  if (verified && replayed?.ghost) await keepRunLog(api, request.log, id, game.game_id, replayed.ghost);
  return { id, rank, verified };
}

/**
 * The score the submitted run replays to, or null. A forged, expired or other game's
 * ticket is ignored (the score counts as unverified); a used one is refused.
 */
/** What replaying a submitted run gave: its score, and what a ghost of it needs (games with levels). */
interface Replayed {
  score: number;
  ghost: VerifiedRun | null;
}

async function replayRun(
  api: Api,
  config: ServerConfig,
  request: FastifyRequest,
  { run, game }: Submission,
): Promise<Replayed | null> {
  if (!run) return null;
  const ticket = readRunTicket(config.sessionSecret, run.ticket);
  if (!ticket || ticket.gameId !== game.game_id) return null;
  if (!(await api.repos.scores.consumeTicket(ticket.nonce, new Date(ticket.expiresAt).toISOString())))
    throw new HttpError(409, 'This run ticket has already been used');
  const verifier = runVerifiers[game.game_id];
  let replayed: ReturnType<RunVerifier> = null;
  try {
    replayed = verifier ? verifier(ticket.seed, run.inputs) : null;
  } catch (err) {
    request.log.warn({ err }, 'run verifier threw');
    return null;
  }
  if (!replayed) return null;
  const ghost =
    replayed.levelsCleared === undefined
      ? null
      : { seed: ticket.seed, levelsCleared: replayed.levelsCleared, inputs: run.inputs };
  return { score: replayed.score, ghost };
}

/** GET test.php: the service answers, and which database it runs on. */
function selfTestRoute(api: Api) {
  api.get(
    '/api/scores/test.php',
    { schema: { querystring: EmptyQuery, response: responses(ScoresTestResponse) } },
    async () => {
      const games = (await api.repos.scores.configs()).length;
      return { success: true, message: 'Scores API is working', database: api.database.dialect, games };
    },
  );
}

/** GET manage.php (admin): a page of one game's scores with game_id, else every game's stats. */
function manageListRoute(admin: Api) {
  admin.get(
    '/api/scores/manage.php',
    { schema: { querystring: ScoreManageQuery, response: responses(ScoreManageResponse) } },
    async (request) => {
      const { game_id, limit, offset, player_name } = request.query;
      if (game_id) {
        const page = await admin.repos.scores.manageList(game_id, limit, offset, player_name?.trim() || null);
        return { success: true, ...page };
      }
      return {
        success: true,
        stats: await admin.repos.scores.stats(),
        configs: await admin.repos.scores.configs(),
      };
    },
  );
}

/** DELETE manage.php (admin): one score by score_id, or every score of game_id. */
function manageDeleteRoute(admin: Api) {
  admin.delete(
    '/api/scores/manage.php',
    { schema: { querystring: ScoreDeleteQuery, response: responses(OkResponse) } },
    async (request) => {
      const { actor } = adminOf(request);
      const { score_id, game_id } = request.query;
      if (score_id !== undefined) {
        if (!(await admin.repos.scores.deleteScore(score_id))) throw new HttpError(404, 'Score not found');
        await admin.repos.audit.record(actor, 'score.delete', String(score_id));
        return { success: true, message: 'Score deleted' };
      }
      if (!game_id) throw new HttpError(400, 'Give score_id or game_id');
      const deleted = await admin.repos.scores.deleteGame(game_id);
      await admin.repos.audit.record(actor, 'scores.delete_game', game_id, { deleted });
      return { success: true, message: `Deleted ${deleted} score${deleted === 1 ? '' : 's'} for ${game_id}` };
    },
  );
}

/** POST manage.php (admin): set a game's config. */
function manageConfigRoute(admin: Api) {
  admin.post(
    '/api/scores/manage.php',
    { schema: { body: GameConfigBody, response: responses(OkResponse) } },
    async (request) => {
      const display_name = request.body.display_name.trim();
      if (!display_name) throw new HttpError(400, 'display_name cannot be empty');
      const next = { ...request.body, display_name };
      await admin.repos.scores.setConfig(next);
      await admin.repos.audit.record(adminOf(request).actor, 'game_config.set', next.game_id, { ...next });
      return { success: true, message: 'Game config saved' };
    },
  );
}
