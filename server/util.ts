import crypto from 'node:crypto';

/** Now as ISO 8601 UTC text: the one time format stored in both databases. */
export function nowIso(offsetMs = 0): string {
  return new Date(Date.now() + offsetMs).toISOString();
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

export function sha256(text: string): string {
  // One-shot: no Hash object per call (every signed-in request hashes its session token).
  return crypto.hash('sha256', text, 'hex');
}

export function hmac(secret: string, text: string): string {
  return crypto.createHmac('sha256', secret).update(text).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** PostgreSQL answers count()/sum() as text; SQLite as numbers. */
export function num(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}

export function parseJsonOrNull<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** True when a database error is a unique/primary key violation (both dialects). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** An error with an HTTP status the error handler answers as {success:false, error, code}. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * SQL text written once with `?` placeholders, for the few hottest queries (session
 * lookup, saves list): building and compiling a Kysely query costs more than SQLite
 * takes to run it. PostgreSQL gets `$1, $2…`.
 */
export function hotSql(dialect: 'sqlite' | 'postgres', text: string): string {
  if (dialect === 'sqlite') return text;
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}
