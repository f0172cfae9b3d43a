import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import type { ServerConfig } from './config.ts';
import type { Db } from './db/connect.ts';
import { type LogDrops, LogOutput, stdoutLogOutput } from './logOutput.ts';
import { setupValidationAndErrors } from './plugins/errors.ts';
import { genRequestId, loggerOptions, setupOperations } from './plugins/operations.ts';
import { notFoundRateLimit, setupRateLimits } from './plugins/rateLimits.ts';
import { setupRedis } from './plugins/redis.ts';
import { checkResponses } from './plugins/responseCheck.ts';
import { setupSecurity } from './plugins/security.ts';
import { setupSessions } from './plugins/session.ts';
import { AdminsRepository } from './repositories/admins.ts';
import { AuditRepository } from './repositories/audit.ts';
import { RunLogsRepository } from './repositories/runLogs.ts';
import { SavesRepository } from './repositories/saves.ts';
import { ScoresRepository } from './repositories/scores.ts';
import { TracksRepository } from './repositories/tracks.ts';
import { UsersRepository } from './repositories/users.ts';
import { requestLoggerFactory } from './requestLogger.ts';
import { accountRoutes } from './routes/account.ts';
import { adminRoutes } from './routes/admin.ts';
import { adminAuthRoutes } from './routes/adminAuth.ts';
import { typed } from './routes/api.ts';
import { dailyRoutes } from './routes/daily.ts';
import { oauthRoutes } from './routes/oauth.ts';
import { runsRoutes } from './routes/runs.ts';
import { savesRoutes } from './routes/saves.ts';
import { scoresRoutes } from './routes/scores.ts';
import { tablesRoutes } from './routes/tables.ts';
import { tracksRoutes } from './routes/tracks.ts';

export interface AppDeps {
  config: ServerConfig;
  database: Db;
  /**
   * Where log lines go: default stdout, through a LogOutput (lines it cannot write are
   * dropped and counted, never waited for); tests read them back from a stream of their own.
   */
  logStream?: NodeJS.WritableStream | LogOutput;
  /**
   * Tests: every JSON answer is validated against its route's response schema, extra
   * fields included (the serializer alone would drop them silently); a mismatch is a 500.
   */
  checkResponses?: boolean;
}

export interface Repositories {
  users: UsersRepository;
  admins: AdminsRepository;
  saves: SavesRepository;
  scores: ScoresRepository;
  tracks: TracksRepository;
  audit: AuditRepository;
  runLogs: RunLogsRepository;
}

/** Request bodies above this answer 413; saves raise it for their 256 KiB of data. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Builds the whole HTTP app without listening: tests drive it through `inject`. */
export async function buildApp({
  config,
  database,
  logStream,
  checkResponses: check,
}: AppDeps): Promise<FastifyInstance> {
  const stream = logStream ?? stdoutLogOutput();
  const app = Fastify({
    logger: { ...loggerOptions(config), stream },
    // One line per request, written by setupOperations (with user, route and latency).
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: genRequestId,
    childLoggerFactory: requestLoggerFactory,
    trustProxy: config.production,
    bodyLimit: DEFAULT_BODY_LIMIT,
  });
  app.decorate('database', database);
  app.decorate('config', config);
  app.decorate('logDrops', stream instanceof LogOutput ? stream.dropped : null);
  app.decorate('repos', {
    users: new UsersRepository(database),
    admins: new AdminsRepository(database),
    saves: new SavesRepository(database),
    scores: new ScoresRepository(database),
    tracks: new TracksRepository(database),
    audit: new AuditRepository(database),
    runLogs: new RunLogsRepository(database),
  } satisfies Repositories);

  // The writer thread (score batches, saves) commits what it holds, then stops.
  app.addHook('onClose', async () => database.writes?.close());

  // Plugins → repositories → routes (fastify/demo's layering).
  setupValidationAndErrors(app);
  if (check) checkResponses(app);
  // OpenAPI from the route schemas (registered before the routes, which it collects).
  if (!config.production) {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'Futile API', version: '1' },
        components: {
          securitySchemes: {
            // An admin account's session (futile_admin) or an admin user's own (futile_session).
            adminSession: { type: 'apiKey', in: 'cookie', name: 'futile_admin' },
          },
        },
      },
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  }
  await setupOperations(app, config);
  await setupSecurity(app, config);
  await setupSessions(app, config);
  await setupRedis(app, config);
  await setupRateLimits(app, config);

  app.get('/api/health', async () => ({ success: true, status: 'ok' }));
  // Each call's schemas (src/api/schemas/) give its types, its validation and its OpenAPI entry.
  const api = typed(app);
  accountRoutes(api, config);
  oauthRoutes(api, config);
  savesRoutes(api);
  scoresRoutes(api, config);
  tracksRoutes(api);
  adminAuthRoutes(api);
  await dailyRoutes(app, config);
  await runsRoutes(app);
  await tablesRoutes(app);
  // Every admin call, behind the group's one check.
  await adminRoutes(app);

  // Unknown /api paths answer JSON 404, never the SPA page. Those 404s are rate-limited per
  // address (probing); the SPA's page loads come through here too and are not counted.
  const answersNotFound = (request: FastifyRequest) =>
    request.url.startsWith('/api/') || !config.clientDir || request.method !== 'GET';
  const routeDocuments = config.clientDir ? routeDocumentsIn(config.clientDir) : new Set<string>();
  app.setNotFoundHandler({ preHandler: notFoundRateLimit(app, answersNotFound) }, (request, reply) => {
    if (answersNotFound(request)) return reply.code(404).send({ success: false, error: 'Not found' });
    // A route with sharing tags of its own gets its document (link previews run no script);
    // every other page path the empty index.html. Both are the same shell in a browser.
    const segment =
      request.url
        .split('?')[0]
        .split('/')
        .find((s) => s.length > 0) ?? '';
    const file = routeDocuments.has(segment) ? `${ROUTE_DOCUMENT_DIR}/${segment}.html` : 'index.html';
    return reply.type('text/html').sendFile(file);
  });

  if (config.clientDir && fs.existsSync(path.join(config.clientDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      // `/` gets home prerendered when the build has it (scripts/prerenderHome.ts); every
      // other page path gets its route's document or the empty index.html from the
      // not-found handler above.
      index: ['home.html', 'index.html'],
      wildcard: false,
      // The build writes .br and .gz beside each text asset (vite.config.ts).
      preCompressed: true,
      // Hashed assets never change; the page itself is always revalidated.
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  return app;
}

/** Where the build writes a document per route (scripts/routeDocuments.ts' ROUTE_DOCUMENT_DIR). */
const ROUTE_DOCUMENT_DIR = 'pages';

/** The first path segments the build wrote a route document for (none in a build without them). */
function routeDocumentsIn(clientDir: string): ReadonlySet<string> {
  const dir = path.join(clientDir, ROUTE_DOCUMENT_DIR);
  if (!fs.existsSync(dir)) return new Set();
  return new Set(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.html'))
      .map((file) => file.slice(0, -'.html'.length)),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Db;
    config: ServerConfig;
    repos: Repositories;
    /** Log lines dropped by the log output (null when the log goes to a test's stream). */
    logDrops: LogDrops | null;
  }
}
