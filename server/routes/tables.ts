import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import { responses } from '../../src/api/schemas/common.ts';
import {
  CLOSE,
  CreateTableBodySchema,
  CreateTableResponseSchema,
  GetTableResponseSchema,
  MAX_TABLES_PER_HOUR,
  TABLE_ID_PATTERN,
  TableQuerySchema,
} from '../../src/api/schemas/tables.ts';
import { limitConfig } from '../plugins/rateLimits.ts';
import { isSameOriginRequest } from '../plugins/security.ts';
import { TableHub } from '../tables/hub.ts';
import { RedisTableStore } from '../tables/redisStore.ts';
import { MemoryTableStore, type TableStore } from '../tables/store.ts';
import { HttpError, randomToken } from '../util.ts';

const TABLE_ID = new RegExp(TABLE_ID_PATTERN);

/** Tables an address may open, per hour (counted like the other route limits). */
export const TABLE_CREATE_LIMIT = {
  max: MAX_TABLES_PER_HOUR,
  timeWindow: 3_600_000,
};

/**
 * Crit Happens "Roll together": open a table (HTTP), then every member talks over one
 * WebSocket per tab. With REDIS_URL the tables live in Redis and every app server fans
 * out every roll; without it, in this process.
 */
export async function tablesRoutes(app: FastifyInstance) {
  const store: TableStore = app.redis
    ? new RedisTableStore(app.redis, app.config.redisPrefix)
    : new MemoryTableStore();
  const rolls = new client.Counter({
    name: 'futile_table_rolls_total',
    help: 'Rolls made at Crit Happens tables on this server, by visibility',
    labelNames: ['visibility'] as const,
    registers: [app.metricsRegistry],
  });
  const hub = new TableHub(store, {
    log: app.log,
    rateLimits: app.config.rateLimits,
    metrics: { rolled: (visibility) => rolls.inc({ visibility }) },
  });
  const gauge = (name: string, help: string, read: () => number) =>
    new client.Gauge({
      name,
      help,
      registers: [app.metricsRegistry],
      collect() {
        this.set(read());
      },
    });
  gauge('futile_table_connections', 'Open table sockets on this server', () => hub.connectionCount());
  gauge('futile_tables_open', 'Tables with at least one member connected to this server', () =>
    hub.tableCount(),
  );

  await app.register(websocket, {
    // Above our own limit, so that an oversized message gets our clear close reason.
    options: { maxPayload: 64 * 1024 },
    // Shutdown: every socket hears "restarting, reconnect" before the server stops.
    preClose(done) {
      hub.closeAll();
      app.websocketServer.close(() => done());
    },
  });
  app.addHook('onClose', async () => store.close());

  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/api/tables/create.php',
    {
      config: limitConfig(TABLE_CREATE_LIMIT),
      schema: {
        body: CreateTableBodySchema,
        response: responses(CreateTableResponseSchema),
      },
    },
    async () => {
      const id = randomToken(16);
      await store.createTable(id);
      return { success: true, table: { id, members: 0 } };
    },
  );

  api.get(
    '/api/tables/get.php',
    {
      schema: { querystring: TableQuerySchema, response: responses(GetTableResponseSchema) },
    },
    async (request) => {
      const members = await store.members(request.query.table);
      if (!members) throw new HttpError(404, 'This table does not exist or has expired (24 hours idle)');
      return { success: true, table: { id: request.query.table, members: members.length } };
    },
  );

  // The live connection: GET with an Upgrade (hidden from OpenAPI, which cannot describe it;
  // the messages are the schemas in src/api/schemas/tables.ts).
  app.get<{ Querystring: { table?: string } }>(
    '/api/tables/socket.php',
    { websocket: true, schema: { hide: true } },
    (socket, request) => {
      if (!isSameOriginRequest(request, app.config)) {
        socket.close(CLOSE.invalidMessage, 'Cross-origin connection refused');
        return;
      }
      const tableId = request.query.table ?? '';
      if (!TABLE_ID.test(tableId)) {
        socket.close(CLOSE.tableMissing, 'No such table: the link is incomplete');
        return;
      }
      hub.accept(socket, tableId);
    },
  );
}
