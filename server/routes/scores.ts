import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GameConfig, ScoreEntry } from '../../src/api/types.ts';
import type { ServerConfig } from '../config.ts';
import { LIMITS, limitConfig } from '../plugins/rateLimits.ts';
import { currentUser, requireAdmin } from '../plugins/session.ts';
import { implausibility } from '../runs/plausibility.ts';
import type { RunVerifier } from '../runs/registry.ts';
import { issueRunTicket, readRunTicket } from '../runs/tickets.ts';
import { runVerifiers } from '../runs/verifiers.ts';
import { HttpError } from '../util.ts';
import { keepRunLog, type VerifiedRun } from './runs.ts';
import {
  emptyQuery,
  gameConfig,
  gameIdSchema,
  okResponse,
  responses,
  rowIdSchema,
  scoreEntry,
} from './schemas.ts';

/**
 * A verified run carries its whole input log: a long Lunar Lander game is thousands of
 * run-length entries (the engine accepts up to 200,000), far past the default 64 KiB.
 */
export const SUBMIT_BODY_LIMIT = 2 * 1024 * 1024;

export const MAX_PLAYER_NAME = 100;
const MAX_METADATA_BYTES = 4096;

/** Platform spec §5, with its exact messages. */
export function playerNameError(name: unknown): string | null {
  if (typeof name !== 'string') return 'Player name is required';
  const trimmed = name.trim();
  if (!trimmed) return 'Player name cannot be empty';
  if (trimmed.length > MAX_PLAYER_NAME) return 'Player name is too long (max 100 characters)';
  if (/<[^>]*>/.test(trimmed)) return 'Player name cannot contain HTML tags';
  return null;
}

interface SubmitBody {
  game_id: string;
  player_name?: unknown;
  score: number;
  level_or_mode?: string | null;
  duration?: number | null;
  metadata?: Record<string, unknown> | null;
  user_id?: string | null;
  run?: { ticket: string; inputs: unknown };
  idempotency_key?: string;
}

/** Said when a submit repeats a key whose first submit has not finished yet. */
export const SUBMISSION_PENDING = 'This score is already being submitted';

export async function scoresRoutes(app: FastifyInstance, config: ServerConfig) {
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
    reply.type('application/json; charset=utf-8').send(serialized.body);
  }

  app.get<{ Querystring: { game_id: string; limit: number; level_or_mode?: string } }>(
    '/api/scores/get.php',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            game_id: gameIdSchema,
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
            level_or_mode: { type: 'string', maxLength: 64 },
          },
          required: ['game_id'],
          additionalProperties: false,
        },
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            scores: { type: 'array', items: scoreEntry },
            game_config: { anyOf: [gameConfig, { type: 'null' }] },
          },
          required: ['success', 'scores', 'game_config'],
        }),
      },
    },
    // Not async: a board answered from the cache is sent at once, with no promise on the way
    // (the read most requests make). Otherwise the database is read, then the same.
    (request, reply) => {
      const { game_id, limit, level_or_mode } = request.query;
      const mode = level_or_mode ?? null;
      const scores = app.repos.scores;
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

  app.post<{ Body: { game_id: string } }>(
    '/api/scores/ticket.php',
    {
      config: limitConfig(LIMITS.ticket),
      schema: {
        body: {
          type: 'object',
          properties: { game_id: gameIdSchema },
          required: ['game_id'],
          additionalProperties: false,
        },
        response: responses({
          type: 'object',
          properties: { success: { type: 'boolean' }, ticket: { type: 'string' }, seed: { type: 'integer' } },
          required: ['success', 'ticket', 'seed'],
        }),
      },
    },
    async (request) => {
      const game = await app.repos.scores.config(request.body.game_id);
      if (!game) throw new HttpError(400, `Unknown game "${request.body.game_id}"`);
      return { success: true, ...issueRunTicket(config.sessionSecret, game.game_id) };
    },
  );

  app.post<{ Body: SubmitBody }>(
    '/api/scores/submit.php',
    {
      config: limitConfig(LIMITS.scoreSubmit),
      bodyLimit: SUBMIT_BODY_LIMIT,
      schema: {
        body: {
          type: 'object',
          properties: {
            game_id: gameIdSchema,
            // Checked in the handler, to answer the spec's exact messages.
            player_name: {},
            score: { type: 'number' },
            level_or_mode: { type: ['string', 'null'], maxLength: 64 },
            duration: { type: ['number', 'null'], minimum: 0 },
            metadata: { type: ['object', 'null'] },
            // Accepted for compatibility and ignored: the user comes from the session.
            user_id: { type: ['string', 'null'], maxLength: 100 },
            run: {
              type: 'object',
              properties: { ticket: { type: 'string', minLength: 1, maxLength: 1000 }, inputs: {} },
              required: ['ticket', 'inputs'],
              additionalProperties: false,
            },
            // A client's key for this submission (an offline outbox may send it twice):
            // a repeat answers the score the first one made.
            idempotency_key: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,100}$' },
          },
          required: ['game_id', 'score'],
          additionalProperties: false,
        },
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            id: { type: 'integer' },
            rank: { type: 'integer' },
            verified: { type: 'boolean' },
          },
          required: ['success', 'id', 'rank', 'verified'],
        }),
      },
    },
    async (request) => {
      const body = request.body;
      const nameError = playerNameError(body.player_name);
      if (nameError) throw new HttpError(400, nameError);
      const game = await app.repos.scores.config(body.game_id);
      if (!game) throw new HttpError(400, `Unknown game "${body.game_id}"`);
      const metadata = body.metadata ?? null;
      if (metadata && Buffer.byteLength(JSON.stringify(metadata)) > MAX_METADATA_BYTES)
        throw new HttpError(400, `metadata is too large (max ${MAX_METADATA_BYTES} bytes)`);
      const duration = body.duration ?? null;
      const problem = implausibility(game.game_id, { score: body.score, duration, metadata });
      if (problem) throw new HttpError(400, problem);
      const user = await currentUser(request);

      const key = body.idempotency_key;
      if (key) {
        const claim = await app.repos.scores.claimSubmission(key, game.game_id);
        if (claim.state === 'done')
          return { success: true, id: claim.id, rank: claim.rank, verified: claim.verified };
        if (claim.state === 'pending') throw new HttpError(409, SUBMISSION_PENDING);
        if (claim.state === 'conflict')
          throw new HttpError(409, 'This idempotency key was used for another game');
        try {
          const result = await insertScore(request, body, game, user, duration, metadata);
          await app.repos.scores.completeSubmission(key, result);
          return { success: true, ...result };
        } catch (err) {
          await app.repos.scores.releaseSubmission(key);
          throw err;
        }
      }
      return { success: true, ...(await insertScore(request, body, game, user, duration, metadata)) };
    },
  );

  async function insertScore(
    request: FastifyRequest,
    body: SubmitBody,
    game: GameConfig,
    user: Awaited<ReturnType<typeof currentUser>>,
    duration: number | null,
    metadata: Record<string, unknown> | null,
  ): Promise<{ id: number; rank: number; verified: boolean }> {
    let verified = false;
    let ghost: VerifiedRun | null = null;
    if (body.run) {
      const ticket = readRunTicket(config.sessionSecret, body.run.ticket);
      // A forged, expired or other game's ticket is ignored: the score counts as unverified.
      if (ticket && ticket.gameId === game.game_id) {
        if (!(await app.repos.scores.consumeTicket(ticket.nonce, new Date(ticket.expiresAt).toISOString())))
          throw new HttpError(409, 'This run ticket has already been used');
        const verifier = runVerifiers[game.game_id];
        let replayed: ReturnType<RunVerifier> = null;
        try {
          replayed = verifier ? verifier(ticket.seed, body.run.inputs) : null;
        } catch (err) {
          request.log.warn({ err }, 'run verifier threw');
        }
        // DESIGN: verified marks a signed-in user's score whose replay matches.
        verified = !!user && replayed !== null && replayed.score === body.score;
        if (verified && replayed?.levelsCleared !== undefined)
          ghost = { seed: ticket.seed, levelsCleared: replayed.levelsCleared, inputs: body.run.inputs };
      }
    }

    const { id, rank } = await app.repos.scores.insert(game, {
      game_id: game.game_id,
      user_id: user?.id ?? null,
      player_name: (body.player_name as string).trim(),
      score: body.score,
      duration,
      level_or_mode: body.level_or_mode ?? null,
      metadata,
      verified,
      ip_address: request.ip,
    });
    if (ghost) await keepRunLog(app, request.log, id, game.game_id, ghost);
    return { id, rank, verified };
  }

  app.get(
    '/api/scores/test.php',
    {
      schema: {
        querystring: emptyQuery,
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            message: { type: 'string' },
            database: { type: 'string' },
            games: { type: 'integer' },
          },
          required: ['success', 'message'],
        }),
      },
    },
    async () => {
      const games = (await app.repos.scores.configs()).length;
      return { success: true, message: 'Scores API is working', database: app.database.dialect, games };
    },
  );

  app.get<{ Querystring: { game_id?: string; limit: number; offset: number; player_name?: string } }>(
    '/api/scores/manage.php',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            game_id: gameIdSchema,
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
            offset: { type: 'integer', minimum: 0, maximum: 10_000_000, default: 0 },
            player_name: { type: 'string', maxLength: 100 },
          },
          additionalProperties: false,
        },
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            stats: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  game_id: { type: 'string' },
                  total_scores: { type: 'integer' },
                  unique_players: { type: 'integer' },
                  highest_score: { type: ['number', 'null'] },
                  average_score: { type: ['number', 'null'] },
                  latest_score: { type: ['string', 'null'] },
                },
                required: [
                  'game_id',
                  'total_scores',
                  'unique_players',
                  'highest_score',
                  'average_score',
                  'latest_score',
                ],
              },
            },
            configs: { type: 'array', items: gameConfig },
            scores: { type: 'array', items: scoreEntry },
            pagination: {
              type: 'object',
              properties: {
                total: { type: 'integer' },
                limit: { type: 'integer' },
                offset: { type: 'integer' },
                has_more: { type: 'boolean' },
              },
              required: ['total', 'limit', 'offset', 'has_more'],
            },
          },
          required: ['success'],
        }),
      },
    },
    async (request) => {
      await requireAdmin(request);
      const { game_id, limit, offset, player_name } = request.query;
      if (game_id) {
        const page = await app.repos.scores.manageList(game_id, limit, offset, player_name?.trim() || null);
        return { success: true, ...page };
      }
      return {
        success: true,
        stats: await app.repos.scores.stats(),
        configs: await app.repos.scores.configs(),
      };
    },
  );

  app.delete<{ Querystring: { score_id?: number; game_id?: string } }>(
    '/api/scores/manage.php',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { score_id: rowIdSchema, game_id: gameIdSchema },
          additionalProperties: false,
        },
        response: responses(okResponse),
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const { score_id, game_id } = request.query;
      if (score_id !== undefined) {
        if (!(await app.repos.scores.deleteScore(score_id))) throw new HttpError(404, 'Score not found');
        await app.repos.audit.record(admin.actor, 'score.delete', String(score_id));
        return { success: true, message: 'Score deleted' };
      }
      if (game_id) {
        const deleted = await app.repos.scores.deleteGame(game_id);
        await app.repos.audit.record(admin.actor, 'scores.delete_game', game_id, { deleted });
        return {
          success: true,
          message: `Deleted ${deleted} score${deleted === 1 ? '' : 's'} for ${game_id}`,
        };
      }
      throw new HttpError(400, 'Give score_id or game_id');
    },
  );

  app.post<{ Body: GameConfig }>(
    '/api/scores/manage.php',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            game_id: gameIdSchema,
            display_name: { type: 'string', minLength: 1, maxLength: 100 },
            score_type: { type: 'string', enum: ['points', 'time'] },
            sort_order: { type: 'string', enum: ['DESC', 'ASC'] },
          },
          required: ['game_id', 'display_name', 'score_type', 'sort_order'],
          additionalProperties: false,
        },
        response: responses(okResponse),
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const display_name = request.body.display_name.trim();
      if (!display_name) throw new HttpError(400, 'display_name cannot be empty');
      const next = { ...request.body, display_name };
      await app.repos.scores.setConfig(next);
      await app.repos.audit.record(admin.actor, 'game_config.set', next.game_id, { ...next });
      return { success: true, message: 'Game config saved' };
    },
  );
}
