import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { responses } from '../../src/api/schemas/common.ts';
import { GhostsQuery, GhostsResponse, RunQuery, RunResponse } from '../../src/api/schemas/runs.ts';
import { limitConfig, perUserOrIp } from '../plugins/rateLimits.ts';
import { currentUser } from '../plugins/session.ts';
import { HttpError } from '../util.ts';

/**
 * A kept log is at most this long as JSON. A Lunar Lander level takes a few dozen
 * run-length entries, so this holds hundreds of levels; a longer verified run keeps its
 * score but flies as no ghost.
 */
export const MAX_RUN_LOG_BYTES = 512 * 1024;

/** Reads of ghosts: a player asks once per level (the lookup) and twice more (the runs). */
const RUN_READS = { max: 120, timeWindow: 60_000, keyGenerator: perUserOrIp };

export const NO_VERIFIED_RUN = 'No verified run for this score';

/** What a verified submit keeps for its ghost (see keepRunLog). */
export interface VerifiedRun {
  seed: number;
  levelsCleared: number;
  inputs: unknown;
}

/**
 * Keeps the input log of a verified run, linked to the score it made. The score is already
 * committed and stands on its own: a log that is too long or cannot be written leaves that
 * score without a ghost (logged), never fails the submit.
 */
export async function keepRunLog(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  scoreId: number,
  gameId: string,
  run: VerifiedRun,
): Promise<void> {
  // The verifier accepted the log, so it has the shape below; other fields are dropped.
  const { v, runs } = run.inputs as { v: unknown; runs: unknown };
  const inputs = JSON.stringify({ v, runs });
  if (Buffer.byteLength(inputs) > MAX_RUN_LOG_BYTES) {
    log.info({ scoreId, bytes: Buffer.byteLength(inputs) }, 'verified run too long to keep as a ghost');
    return;
  }
  try {
    await app.repos.runLogs.keep({
      scoreId,
      gameId,
      seed: run.seed,
      levelsCleared: run.levelsCleared,
      inputs,
    });
  } catch (err) {
    log.error({ err, scoreId }, 'could not keep the run log of a verified score');
  }
}

/** Ghosts: the input logs of verified runs, and which runs to fly on a level. */
export async function runsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/scores/run.php',
    {
      config: limitConfig(RUN_READS),
      schema: {
        querystring: RunQuery,
        response: responses(RunResponse),
      },
    },
    async (request) => {
      const run = await app.repos.runLogs.run(request.query.id);
      if (!run) throw new HttpError(404, NO_VERIFIED_RUN);
      return { success: true, run };
    },
  );

  app.get(
    '/api/scores/ghosts.php',
    {
      config: limitConfig(RUN_READS),
      schema: {
        querystring: GhostsQuery,
        response: responses(GhostsResponse),
      },
    },
    async (request) => {
      const { game_id, level } = request.query;
      const game = await app.repos.scores.config(game_id);
      if (!game) throw new HttpError(400, `Unknown game "${game_id}"`);
      const user = await currentUser(request);
      const [best, top] = await Promise.all([
        user ? app.repos.runLogs.best(game.game_id, level, game.sort_order, user.id) : null,
        app.repos.runLogs.best(game.game_id, level, game.sort_order, null),
      ]);
      return { success: true, best, top };
    },
  );
}
