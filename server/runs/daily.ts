/**
 * Daily runs: the games that have a Daily (one seed per UTC day for everyone), and the
 * single-use tickets of a Daily run. A Daily ticket is signed for another purpose than a
 * normal run ticket, so neither is accepted in place of the other: a known daily seed must
 * not verify a score on the normal board, whose seeds are drawn at random.
 */
import crypto from 'node:crypto';
import type { DailyGameId } from '../../src/api/schemas/daily.ts';
import { dailySeed, isDay, shiftDay, utcDayOf } from '../../src/games/whac-a-moji/engine/daily.ts';
import { replayWhacRun } from '../../src/games/whac-a-moji/engine/replay.ts';
import { hmac, safeEqual } from '../util.ts';
import type { RunVerifier } from './registry.ts';
import { RUN_TICKET_TTL_MS } from './tickets.ts';

export interface DailyGame {
  seed(day: string): number;
  replay: RunVerifier;
}

/** game_id → its Daily. */
export const dailyGames: Record<DailyGameId, DailyGame> = {
  'whac-a-moji': { seed: dailySeed, replay: replayWhacRun },
};

export { isDay, shiftDay, utcDayOf };

/**
 * Whether a Daily board still takes runs on `today`: that day's and the day before's, so a
 * run finished after midnight, or played offline and sent when the network returns, still
 * counts; older days are closed and later days have not begun.
 */
export function dailyOpen(day: string, today: string): 'open' | 'closed' | 'not-started' {
  if (day > today) return 'not-started';
  return day === today || day === shiftDay(today, -1) ? 'open' : 'closed';
}

export interface DailyTicket {
  gameId: string;
  day: string;
  seed: number;
  expiresAt: number;
  nonce: string;
}

const PURPOSE = 'daily-ticket:';

export function issueDailyTicket(
  secret: string,
  gameId: string,
  day: string,
  seed: number,
  now = Date.now(),
): string {
  const payload: DailyTicket = {
    gameId,
    day,
    seed,
    expiresAt: now + RUN_TICKET_TTL_MS,
    nonce: crypto.randomBytes(16).toString('base64url'),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${hmac(secret, PURPOSE + body)}`;
}

/** The ticket's content when its signature holds and it has not expired; else null. */
export function readDailyTicket(secret: string, ticket: string, now = Date.now()): DailyTicket | null {
  const [body, signature, extra] = ticket.split('.');
  if (!body || !signature || extra !== undefined) return null;
  if (!safeEqual(signature, hmac(secret, PURPOSE + body))) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as DailyTicket;
    if (typeof payload.gameId !== 'string' || typeof payload.nonce !== 'string') return null;
    if (typeof payload.day !== 'string' || !Number.isInteger(payload.seed)) return null;
    return typeof payload.expiresAt === 'number' && payload.expiresAt > now ? payload : null;
  } catch {
    return null;
  }
}
