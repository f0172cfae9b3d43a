import crypto from 'node:crypto';
import { hmac, safeEqual } from '../util.ts';

/** A run ticket lives long enough for a long game session. */
export const RUN_TICKET_TTL_MS = 6 * 3_600_000;

export interface RunTicket {
  gameId: string;
  seed: number;
  expiresAt: number;
  nonce: string;
}

/** `<base64url payload>.<HMAC>`: the server keeps no state until the ticket is used. */
export function issueRunTicket(
  secret: string,
  gameId: string,
  now = Date.now(),
): { ticket: string; seed: number } {
  const seed = crypto.randomBytes(4).readUInt32BE(0);
  const payload: RunTicket = {
    gameId,
    seed,
    expiresAt: now + RUN_TICKET_TTL_MS,
    nonce: crypto.randomBytes(16).toString('base64url'),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { ticket: `${body}.${hmac(secret, `run-ticket:${body}`)}`, seed };
}

/** The ticket's content when its signature holds and it has not expired; else null. */
export function readRunTicket(secret: string, ticket: string, now = Date.now()): RunTicket | null {
  const [body, signature, extra] = ticket.split('.');
  if (!body || !signature || extra !== undefined) return null;
  if (!safeEqual(signature, hmac(secret, `run-ticket:${body}`))) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as RunTicket;
    if (typeof payload.gameId !== 'string' || typeof payload.nonce !== 'string') return null;
    if (!Number.isInteger(payload.seed) || typeof payload.expiresAt !== 'number') return null;
    return payload.expiresAt > now ? payload : null;
  } catch {
    return null;
  }
}
