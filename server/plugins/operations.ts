import crypto from 'node:crypto';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import client from 'prom-client';
import type { ServerConfig } from '../config.ts';
import type { QueryObserver } from '../db/connect.ts';
import { RequestMetrics } from './requestMetrics.ts';

/**
 * What an operator needs from a running server: /healthz (process up), /readyz (database
 * answers), Prometheus /metrics, one structured log line per request, and 503 +
 * Retry-After when the event loop lags past OVERLOAD_MAX_LAG_MS.
 */

/** Paths the load shedder and the request log leave alone (probes and scrapes). */
const OPERATOR_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** Log paths that carry secrets or personal data; a log line never includes them. */
export const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  '*.password',
  '*.totp',
  '*.token',
  '*.ticket',
  '*.secret',
];

/** The logger options for Fastify: pino with redaction; request ids are random UUIDs. */
export function loggerOptions(config: ServerConfig) {
  return {
    level: config.logLevel,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
  };
}

export function genRequestId(): string {
  return crypto.randomUUID();
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry: routes add their own metrics to /metrics here. */
    metricsRegistry: client.Registry;
  }
  interface FastifyContextConfig {
    /** under-pressure: a route's own handler; returning undefined lets the request through. */
    pressureHandler?: () => undefined;
  }
}

export async function setupOperations(app: FastifyInstance, config: ServerConfig) {
  // Echo the id so a user's report ("request 1f3…") finds the log line.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(underPressure, {
    maxEventLoopDelay: config.overloadMaxLagMs,
    // Each sample reads process.memoryUsage() on the event loop (10 µs at the median, 4 ms at
    // the p99 on this busy 2-core machine: it reads /proc): twice per allowed lag while the
    // check is on, once a second when it is off.
    sampleInterval: config.overloadMaxLagMs
      ? Math.min(1000, Math.max(50, config.overloadMaxLagMs / 2))
      : 1000,
    retryAfter: config.overloadRetryAfter,
    // A value returned here is sent as the answer (the typings say void; the plugin sends it).
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string, value?: number) => {
      request.log.warn({ pressure: type, value }, 'overloaded: answering 503');
      reply.code(503).header('Retry-After', String(config.overloadRetryAfter));
      return { success: false, error: 'The server is busy; try again shortly' };
    }) as never,
  });

  // Prometheus metrics: one registry per app (tests build many apps in one process).
  const registry = new client.Registry();
  app.decorate('metricsRegistry', registry);
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const requests = new RequestMetrics(
    registry,
    {
      counter: 'futile_http_requests_total',
      counterHelp: 'HTTP requests answered, by method, route and status code',
      histogram: 'futile_http_request_duration_seconds',
      histogramHelp: 'Time from request to response, by method and route',
    },
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  );
  const shed = new client.Counter({
    name: 'futile_http_overload_rejections_total',
    help: 'Requests answered 503 because the server was overloaded',
    registers: [registry],
  });
  const dbTime = new client.Histogram({
    name: 'futile_db_query_duration_seconds',
    help: 'Database query time, by dialect, statement kind and outcome',
    labelNames: ['dialect', 'operation', 'outcome'] as const,
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  const logDrops = app.logDrops;
  new client.Counter({
    name: 'futile_log_lines_dropped_total',
    help: 'Log lines not written: the output failed (failed) or too much already waited for a reader (backlog)',
    labelNames: ['reason'] as const,
    registers: [registry],
    collect() {
      // The output counts; this reads its totals at each scrape.
      this.reset();
      this.inc({ reason: 'failed' }, logDrops?.failed ?? 0);
      this.inc({ reason: 'backlog' }, logDrops?.backlog ?? 0);
    },
  });
  const dialect = app.database.dialect;
  // Per statement text, its two bound children (ok, error): the same few texts repeat, and
  // prom-client hashes a labels object on every observe.
  const timedBy = new Map<
    string,
    { ok: { observe(v: number): void }; error: { observe(v: number): void } }
  >();
  const observer: QueryObserver = (text, ms, failed) => {
    let timed = timedBy.get(text);
    if (!timed) {
      const operation = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? 'other';
      if (timedBy.size >= 2000) timedBy.clear();
      timed = {
        ok: dbTime.labels(dialect, operation, 'ok'),
        error: dbTime.labels(dialect, operation, 'error'),
      };
      timedBy.set(text, timed);
    }
    (failed ? timed.error : timed.ok).observe(ms / 1000);
  };
  app.database.queryObservers.add(observer);
  app.addHook('onClose', async () => {
    app.database.queryObservers.delete(observer);
  });

  // One line per request: id (from the child logger), user, route, status, latency. No
  // query string (OAuth codes and state travel there), no headers, no bodies. Callback style
  // and no promise unless a line is written: this runs on every request, the hot reads included.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const statusCode = reply.statusCode;
    const elapsed = reply.elapsedTime;
    const operator = OPERATOR_PATHS.has(route);
    if (!operator) {
      requests.record(request.method, route, statusCode, elapsed / 1000);
      if (statusCode === 503) shed.inc();
    }
    if (
      (operator && statusCode < 400) ||
      !(request.log as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled('info')
    )
      return done();
    const write = (userId: string | undefined) =>
      request.log.info(
        {
          method: request.method,
          route,
          path: request.url.split('?')[0],
          statusCode,
          latencyMs: Math.round(elapsed * 100) / 100,
          ...(userId ? { userId } : {}),
        },
        'request',
      );
    if (!request.sessionUserPromise) {
      write(undefined);
      return done();
    }
    request.sessionUserPromise.then(
      (user) => {
        write(user?.id);
        done();
      },
      () => {
        write(undefined);
        done();
      },
    );
  });

  const operatorRoute = { config: { pressureHandler: () => undefined } };
  app.get('/healthz', operatorRoute, async () => ({ success: true, status: 'up' }));
  app.get('/readyz', operatorRoute, async (request, reply) => {
    try {
      await sql`select 1`.execute(app.database.db);
      return { success: true, status: 'ready' };
    } catch (err) {
      request.log.error({ err }, 'readiness check: database does not answer');
      return reply.code(503).send({ success: false, error: 'Database does not answer' });
    }
  });

  app.get('/metrics', operatorRoute, async (request, reply) => {
    if (config.metricsToken) {
      const given = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
      const a = Buffer.from(given);
      const b = Buffer.from(config.metricsToken);
      if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) {
        return reply.code(401).send({ success: false, error: 'Metrics need the operator token' });
      }
    } else if (config.production) {
      // No token configured in production: the metrics are not on the public port.
      return reply.code(404).send({ success: false, error: 'Not found' });
    }
    reply.header('cache-control', 'no-store');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
