import path from 'node:path';

/** One OpenID Connect provider (Google, Microsoft) as configured by the operator. */
export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Server configuration, read from the environment once at start and validated. */
export interface ServerConfig {
  port: number;
  host: string;
  production: boolean;
  /** postgres://… or a SQLite file path. */
  databaseUrl: string;
  /** PostgreSQL only: the schema Futile's tables live in (created if missing); null = the server's search_path. */
  databaseSchema: string | null;
  /**
   * redis://… shared by every app server: rate limits and failed admin sign-ins count across
   * processes. Null: each process counts on its own (fine for one server).
   */
  redisUrl: string | null;
  /** Prefix of every Redis key, so deployments (or test runs) sharing one Redis stay apart. */
  redisPrefix: string;
  /** Folder of the built client (index.html + assets); null to serve no pages. */
  clientDir: string | null;
  logLevel: string;
  /** Secret for HMAC signatures (run tickets, sign-in state cookies). */
  sessionSecret: string;
  /** Public origin (https://example.org) used to build OAuth redirect URIs; null = from the request. */
  publicUrl: string | null;
  /** Configured sign-in providers; a provider missing here is shown as unavailable. */
  oidc: { google: OidcProviderConfig | null; microsoft: OidcProviderConfig | null };
  /** Rate limits on sign-in, admin login, score submit, track store and rating (off for benchmarks). */
  rateLimits: boolean;
  /** Extra origins allowed to make state-changing requests (besides the request's own host). */
  allowedOrigins: string[];
  /** Extra origins the page may fetch from (CSP connect-src), e.g. an analytics endpoint. */
  connectOrigins: string[];
  /** Bearer token that /metrics requires; null = open in development, off in production. */
  metricsToken: string | null;
  /** Mean event-loop delay (ms) above which requests answer 503 + Retry-After; 0 = never. */
  overloadMaxLagMs: number;
  /** Seconds a client is told to wait (Retry-After) when the server is overloaded. */
  overloadRetryAfter: number;
  /** Milliseconds SIGTERM waits for in-flight requests before closing anyway. */
  shutdownTimeoutMs: number;
  /** PostgreSQL: milliseconds a request waits for a pooled connection before answering 503. */
  databaseQueueTimeoutMs: number;
  /** PostgreSQL: connections in this server's pool (DATABASE_POOL_SIZE, 10). */
  databasePoolSize: number;
}

export class ConfigError extends Error {}

const DEV_SESSION_SECRET = 'futile-development-secret-not-for-production-use';

function readProvider(
  env: NodeJS.ProcessEnv,
  prefix: 'GOOGLE' | 'MICROSOFT',
  problems: string[],
): OidcProviderConfig | null {
  const clientId = env[`${prefix}_CLIENT_ID`]?.trim();
  const clientSecret = env[`${prefix}_CLIENT_SECRET`]?.trim();
  const issuer = env[`${prefix}_ISSUER`]?.trim();
  if (!clientId && !clientSecret && !issuer) return null;
  if (!clientId || !clientSecret || !issuer) {
    problems.push(`${prefix}_ISSUER, ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`);
    return null;
  }
  try {
    new URL(issuer);
  } catch {
    problems.push(`${prefix}_ISSUER must be a URL, got "${issuer}"`);
    return null;
  }
  return { issuer, clientId, clientSecret };
}

/** A whole number from `min` to `max`. */
const whole =
  (min: number, max = Number.POSITIVE_INFINITY) =>
  (n: number) =>
    Number.isInteger(n) && n >= min && n <= max;
/** Any finite number of at least `min`. */
const atLeast = (min: number) => (n: number) => Number.isFinite(n) && n >= min;

/**
 * The number in `env[name]`, or `fallback` when it is unset. One that `fits` refuses is one
 * more problem: "NAME must be <what>, got "<value>"".
 */
function readNumber(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  fits: (n: number) => boolean,
  what: string,
  problems: string[],
): number {
  const value = Number(env[name] ?? fallback);
  if (!fits(value)) problems.push(`${name} must be ${what}, got "${env[name]}"`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const problems: string[] = [];
  const port = readNumber(env, 'PORT', 8080, whole(0, 65535), '0–65535', problems);
  const databaseUrl = env.DATABASE_URL?.trim() || path.resolve('data', 'futile.sqlite');
  if (/^[a-z]+:\/\//i.test(databaseUrl) && !/^postgres(ql)?:\/\//i.test(databaseUrl)) {
    problems.push(`DATABASE_URL must be postgres://… or a SQLite file path, got "${databaseUrl}"`);
  }
  const databaseSchema = env.DATABASE_SCHEMA?.trim() || null;
  if (databaseSchema !== null) {
    if (!/^postgres(ql)?:\/\//i.test(databaseUrl))
      problems.push('DATABASE_SCHEMA applies to PostgreSQL only (DATABASE_URL=postgres://…)');
    else if (!/^[a-z_][a-z0-9_]{0,62}$/.test(databaseSchema))
      problems.push(`DATABASE_SCHEMA must be a lower-case SQL name like futile, got "${databaseSchema}"`);
  }
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl !== null && !/^rediss?:\/\/[^\s]+$/i.test(redisUrl))
    problems.push(`REDIS_URL must be redis://host:port or rediss://…, got "${redisUrl}"`);
  const redisPrefix = env.REDIS_PREFIX?.trim() || 'futile:';
  if (!/^[\w:.-]{1,64}$/.test(redisPrefix))
    problems.push(`REDIS_PREFIX must be 1–64 letters, digits or _ : . -, got "${redisPrefix}"`);
  const production = env.NODE_ENV === 'production';
  let sessionSecret = env.SESSION_SECRET?.trim() ?? '';
  if (!sessionSecret) {
    if (production) problems.push('SESSION_SECRET must be set in production (32+ random characters)');
    sessionSecret = DEV_SESSION_SECRET;
  } else if (sessionSecret.length < 32) {
    problems.push('SESSION_SECRET must be at least 32 characters');
  }
  let publicUrl = env.PUBLIC_URL?.trim() || null;
  if (publicUrl) {
    try {
      publicUrl = new URL(publicUrl).origin;
    } catch {
      problems.push(`PUBLIC_URL must be a URL like https://example.org, got "${publicUrl}"`);
    }
  }
  const oidc = {
    google: readProvider(env, 'GOOGLE', problems),
    microsoft: readProvider(env, 'MICROSOFT', problems),
  };
  const rateLimitsText = (env.RATE_LIMITS ?? 'on').trim().toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0'].includes(rateLimitsText))
    problems.push(`RATE_LIMITS must be on or off, got "${env.RATE_LIMITS}"`);
  const allowedOrigins = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const connectOrigins = (env.CSP_CONNECT_SRC ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const origin of connectOrigins) {
    try {
      if (new URL(origin).origin !== origin) throw new Error();
    } catch {
      problems.push(`CSP_CONNECT_SRC must list origins like https://stats.example.org, got "${origin}"`);
    }
  }
  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  if (metricsToken && metricsToken.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters');
  // Off (0) under test: a busy CI machine lags on its own, and shedding there is noise.
  // The overload tests set it themselves.
  const overloadMaxLagMs = readNumber(
    env,
    'OVERLOAD_MAX_LAG_MS',
    env.NODE_ENV === 'test' ? 0 : 1000,
    atLeast(0),
    'a number of milliseconds ≥ 0',
    problems,
  );
  const overloadRetryAfter = readNumber(
    env,
    'OVERLOAD_RETRY_AFTER',
    5,
    whole(1),
    'a whole number of seconds ≥ 1',
    problems,
  );
  const shutdownTimeoutMs = readNumber(
    env,
    'SHUTDOWN_TIMEOUT_MS',
    10_000,
    atLeast(0),
    'a number of milliseconds ≥ 0',
    problems,
  );
  const databaseQueueTimeoutMs = readNumber(
    env,
    'DATABASE_QUEUE_TIMEOUT_MS',
    5000,
    whole(1),
    'a whole number of milliseconds ≥ 1',
    problems,
  );
  const databasePoolSize = readNumber(
    env,
    'DATABASE_POOL_SIZE',
    10,
    whole(1, 1000),
    'a whole number of connections from 1 to 1000',
    problems,
  );
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    production,
    databaseUrl,
    databaseSchema,
    redisUrl,
    redisPrefix,
    clientDir: env.CLIENT_DIR === '' ? null : path.resolve(env.CLIENT_DIR ?? 'dist'),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    sessionSecret,
    publicUrl,
    oidc,
    rateLimits: ['on', 'true', '1'].includes(rateLimitsText),
    allowedOrigins,
    connectOrigins,
    metricsToken,
    overloadMaxLagMs,
    overloadRetryAfter,
    shutdownTimeoutMs,
    databaseQueueTimeoutMs,
    databasePoolSize,
  };
}
