import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { responses } from '../../src/api/schemas/common.ts';
import {
  DailyBoardQuery,
  DailyBoardResponse,
  type DailyGameId,
  DailySubmitRequest,
  DailySubmitResponse,
  DailyTicketRequest,
  DailyTicketResponse,
} from '../../src/api/schemas/daily.ts';
import type { ServerConfig } from '../config.ts';
import { LIMITS, limitConfig, perUserOrIp } from '../plugins/rateLimits.ts';
import { currentUser } from '../plugins/session.ts';
import { DailyScoresRepository, type Direction } from '../repositories/daily.ts';
import { dailyGames, dailyOpen, isDay, issueDailyTicket, readDailyTicket, utcDayOf } from '../runs/daily.ts';
import { HttpError } from '../util.ts';
import { checkedClaim, playerNameError, SUBMISSION_PENDING, SUBMIT_BODY_LIMIT } from './scores.ts';

/** Top N of a day's board (platform spec §9: boards show the top 10). */
export const DAILY_BOARD_SIZE = 10;
/** Board reads per minute, per session or address: a page polls its board, never this often. */
const DAILY_BOARD_LIMIT = { max: 120, timeWindow: 60_000, keyGenerator: perUserOrIp };

/**
 * The Daily calls: today's ticket, a day's board, and a Daily run's submit. The day is the
 * UTC date; the server's clock decides what "today" is.
 */
export async function dailyRoutes(app: FastifyInstance, config: ServerConfig) {
  const now = () => Date.now();
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const daily = new DailyScoresRepository(app.database);

  /** The game's Daily and its board's direction, or a 400 naming the game. */
  async function dailyGame(gameId: DailyGameId) {
    const game = dailyGames[gameId];
    const config = game ? await app.repos.scores.config(gameId) : null;
    if (!game || !config) throw new HttpError(400, `No Daily for game "${gameId}"`);
    return { game, direction: config.sort_order as Direction };
  }

  function realDay(day: string): string {
    if (!isDay(day)) throw new HttpError(400, `day must be a real date written YYYY-MM-DD (got "${day}")`);
    return day;
  }

  typed.get(
    '/api/scores/daily.php',
    {
      config: limitConfig(DAILY_BOARD_LIMIT),
      schema: { querystring: DailyBoardQuery, response: responses(DailyBoardResponse) },
    },
    async (request) => {
      const today = utcDayOf(now());
      const { game: gameId } = request.query;
      const day = realDay(request.query.day ?? today);
      const { direction } = await dailyGame(gameId);
      const user = await currentUser(request);
      const [scores, mine] = await Promise.all([
        daily.top(gameId, day, direction, DAILY_BOARD_SIZE),
        user ? daily.entryOf(gameId, day, user.id, direction) : null,
      ]);
      return { success: true, game: gameId, day, today, scores, mine };
    },
  );

  typed.post(
    '/api/scores/daily_ticket.php',
    {
      config: limitConfig(LIMITS.ticket),
      schema: { body: DailyTicketRequest, response: responses(DailyTicketResponse) },
    },
    async (request) => {
      const { game } = await dailyGame(request.body.game);
      const day = utcDayOf(now());
      const seed = game.seed(day);
      const ticket = issueDailyTicket(config.sessionSecret, request.body.game, day, seed, now());
      return { success: true, ticket, seed, day };
    },
  );

  typed.post(
    '/api/scores/daily_submit.php',
    {
      config: limitConfig(LIMITS.scoreSubmit),
      bodyLimit: SUBMIT_BODY_LIMIT,
      schema: { body: DailySubmitRequest, response: responses(DailySubmitResponse) },
    },
    async (request) => {
      const body = request.body;
      const nameError = playerNameError(body.player_name);
      if (nameError) throw new HttpError(400, nameError);
      const day = realDay(body.day);
      const { game, direction } = await dailyGame(body.game);
      const open = dailyOpen(day, utcDayOf(now()));
      if (open === 'closed') throw new HttpError(400, `The Daily of ${day} is closed`);
      if (open === 'not-started') throw new HttpError(400, `The Daily of ${day} has not started yet`);
      const daySeed = game.seed(day);
      if (body.run.seed !== daySeed)
        throw new HttpError(400, `This run was not played on the moles of the Daily of ${day}`);
      const { duration, metadata } = checkedClaim(body.game, body);
      // The ticket, when the run had one, must be today's Daily ticket of this game and day.
      const ticket = body.run.ticket ? readDailyTicket(config.sessionSecret, body.run.ticket, now()) : null;
      if (ticket && ticket.gameId !== body.game)
        throw new HttpError(400, `This run ticket is for another game (${ticket.gameId})`);
      if (ticket && ticket.day !== day)
        throw new HttpError(400, `This run ticket is for the Daily of ${ticket.day}, not ${day}`);
      const user = await currentUser(request);

      const store = async () => {
        if (ticket) {
          const expires = new Date(ticket.expiresAt).toISOString();
          if (!(await app.repos.scores.consumeTicket(ticket.nonce, expires)))
            throw new HttpError(409, 'This run ticket has already been used');
        }
        let replayed: { score: number } | null = null;
        try {
          replayed = game.replay(daySeed, body.run.inputs);
        } catch (err) {
          request.log.warn({ err }, 'daily run verifier threw');
        }
        // As on the normal board: verified marks a signed-in player's ticketed run whose replay matches.
        const verified = !!user && !!ticket && replayed !== null && replayed.score === body.score;
        const result = await daily.submit(
          {
            game_id: body.game,
            day,
            user_id: user?.id ?? null,
            player_name: (body.player_name as string).trim(),
            score: body.score,
            duration,
            metadata,
            verified,
            ip_address: request.ip,
          },
          direction,
        );
        return { ...result, verified };
      };

      const key = body.idempotency_key;
      if (!key) return { success: true, ...(await store()) };
      const claim = await daily.claimSubmission(key, body.game, day);
      if (claim.state === 'done') {
        const { id, rank, verified, best } = claim;
        return { success: true, id, rank, verified, best };
      }
      if (claim.state === 'pending') throw new HttpError(409, SUBMISSION_PENDING);
      if (claim.state === 'conflict')
        throw new HttpError(409, 'This idempotency key was used for another Daily');
      try {
        const result = await store();
        await daily.completeSubmission(key, result);
        return { success: true, ...result };
      } catch (err) {
        await daily.releaseSubmission(key);
        throw err;
      }
    },
  );
}
