import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { securityHeaders } from './plugins/security.ts';

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, production: false, rateLimits: true, publicUrl: null });
    expect(config.oidc).toEqual({ google: null, microsoft: null });
  });

  it('reads providers, origins and switches', () => {
    const config = loadConfig({
      GOOGLE_ISSUER: 'https://accounts.google.com',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      PUBLIC_URL: 'https://futile.example/some/path',
      RATE_LIMITS: 'off',
      CSP_CONNECT_SRC: 'https://stats.example.org',
    });
    expect(config.oidc.google).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 'secret',
    });
    expect(config.publicUrl).toBe('https://futile.example');
    expect(config.rateLimits).toBe(false);
    expect(config.connectOrigins).toEqual(['https://stats.example.org']);
  });

  it('reads the PostgreSQL schema and the shared Redis, and says what is wrong with them', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://db/futile',
      DATABASE_SCHEMA: 'futile_prod',
      REDIS_URL: 'redis://cache:6379/2',
      REDIS_PREFIX: 'futile-eu:',
    });
    expect(config).toMatchObject({
      databaseSchema: 'futile_prod',
      redisUrl: 'redis://cache:6379/2',
      redisPrefix: 'futile-eu:',
    });
    expect(loadConfig({})).toMatchObject({ databaseSchema: null, redisUrl: null, redisPrefix: 'futile:' });
    expect(() => loadConfig({ DATABASE_SCHEMA: 'futile' })).toThrow(
      'DATABASE_SCHEMA applies to PostgreSQL only (DATABASE_URL=postgres://…)',
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/x', DATABASE_SCHEMA: 'Drop Table' })).toThrow(
      'DATABASE_SCHEMA must be a lower-case SQL name like futile, got "Drop Table"',
    );
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow(
      'REDIS_URL must be redis://host:port or rediss://…, got "localhost:6379"',
    );
    expect(() => loadConfig({ REDIS_PREFIX: 'has space' })).toThrow('REDIS_PREFIX must be');
  });

  it('reads the PostgreSQL pool size (10 unless DATABASE_POOL_SIZE says)', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '20' }).databasePoolSize).toBe(20);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow('DATABASE_POOL_SIZE must be');
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow('DATABASE_POOL_SIZE must be');
  });

  it.each([
    ['PORT', 'port', 8080, '443', 443, '70000', 'must be 0–65535, got "70000"'],
    [
      'OVERLOAD_RETRY_AFTER',
      'overloadRetryAfter',
      5,
      '2',
      2,
      '0.5',
      'must be a whole number of seconds ≥ 1, got "0.5"',
    ],
    [
      'SHUTDOWN_TIMEOUT_MS',
      'shutdownTimeoutMs',
      10_000,
      '2500.5',
      2500.5,
      '-1',
      'must be a number of milliseconds ≥ 0, got "-1"',
    ],
    [
      'DATABASE_QUEUE_TIMEOUT_MS',
      'databaseQueueTimeoutMs',
      5000,
      '800',
      800,
      'soon',
      'must be a whole number of milliseconds ≥ 1, got "soon"',
    ],
    [
      'DATABASE_POOL_SIZE',
      'databasePoolSize',
      10,
      '1000',
      1000,
      '1001',
      'must be a whole number of connections from 1 to 1000, got "1001"',
    ],
  ] as const)(
    '%s: %s defaults to its figure, takes a fitting one and names a wrong one',
    (name, key, fallback, good, read, bad, why) => {
      expect(loadConfig({})[key]).toBe(fallback);
      expect(loadConfig({ [name]: good })[key]).toBe(read);
      expect(() => loadConfig({ [name]: bad })).toThrow(`${name} ${why}`);
    },
  );

  it('OVERLOAD_MAX_LAG_MS is off (0) under test and 1 s otherwise unless set', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).overloadMaxLagMs).toBe(0);
    expect(loadConfig({}).overloadMaxLagMs).toBe(1000);
    expect(loadConfig({ OVERLOAD_MAX_LAG_MS: '250' }).overloadMaxLagMs).toBe(250);
    expect(() => loadConfig({ OVERLOAD_MAX_LAG_MS: 'NaN' })).toThrow(
      'OVERLOAD_MAX_LAG_MS must be a number of milliseconds ≥ 0, got "NaN"',
    );
  });

  it('lists every problem in one clear message', () => {
    let error: unknown;
    try {
      loadConfig({
        NODE_ENV: 'production',
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        MICROSOFT_CLIENT_ID: 'only-an-id',
        RATE_LIMITS: 'maybe',
        CSP_CONNECT_SRC: 'stats.example.org',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT must be 0–65535, got "eighty"');
    expect(message).toContain('DATABASE_URL must be postgres://… or a SQLite file path');
    expect(message).toContain('SESSION_SECRET must be set in production');
    expect(message).toContain(
      'MICROSOFT_ISSUER, MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET must be set together',
    );
    expect(message).toContain('RATE_LIMITS must be on or off');
    expect(message).toContain('CSP_CONNECT_SRC must list origins');
  });

  it('helmet headers are computed once from the options', () => {
    const headers = securityHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } },
    });
    expect(headers['content-security-policy']).toBe("default-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
  });
});
