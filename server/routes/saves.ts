import type { FastifyInstance } from 'fastify';
import { requireUser, USER_COOKIE } from '../plugins/session.ts';
import { MAX_KEY_LENGTH, MAX_SAVE_BYTES, type SaveLookup, toItem } from '../repositories/saves.ts';
import { HttpError } from '../util.ts';
import { anyJson, okResponse, responses } from './schemas.ts';

const appIdSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' } as const;
const keySchema = { type: 'string', minLength: 1, maxLength: MAX_KEY_LENGTH } as const;

const handleProps = {
  id: { type: 'string' },
  key: { type: 'string' },
  version: { type: 'integer' },
  etag: { type: 'string' },
  appId: { type: 'string' },
  updatedAt: { type: 'string' },
} as const;

const lookupQuery = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 }, appId: appIdSchema, key: keySchema },
  additionalProperties: false,
} as const;

type LookupQuery = { id?: string; appId?: string; key?: string };

function toLookup(q: LookupQuery): SaveLookup {
  if (q.id) return { id: q.id, appId: q.appId };
  if (q.appId && q.key !== undefined) return { appId: q.appId, key: q.key };
  throw new HttpError(400, 'Give id, or appId and key');
}

/** Saves: every call scoped to the signed-in user; another user's id is simply not found. */
export async function savesRoutes(app: FastifyInstance) {
  app.post<{ Body: { appId: string; key: string; data: unknown; ifMatch?: string | number } }>(
    '/api/saves/save.php',
    {
      // Room for 256 KiB of data plus JSON escaping; the data bound itself is checked below.
      bodyLimit: 2 * MAX_SAVE_BYTES,
      schema: {
        body: {
          type: 'object',
          properties: {
            appId: appIdSchema,
            key: { type: 'string', maxLength: 1000 },
            data: anyJson,
            ifMatch: {
              anyOf: [
                { type: 'string', minLength: 1, maxLength: 100 },
                { type: 'integer', minimum: 0 },
              ],
            },
          },
          required: ['appId', 'key', 'data'],
          additionalProperties: false,
        },
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            id: { type: 'string' },
            version: { type: 'integer' },
            etag: { type: 'string' },
          },
          required: ['success'],
        }),
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { appId, data, ifMatch } = request.body;
      const key = request.body.key.trim();
      if (!key) throw new HttpError(400, 'Save name cannot be empty', 'INVALID');
      if (key.length > MAX_KEY_LENGTH)
        throw new HttpError(400, `Save name is too long (max ${MAX_KEY_LENGTH} characters)`, 'INVALID');
      if (data === null) throw new HttpError(400, 'Nothing to save', 'INVALID');
      const dataJson = JSON.stringify(data);
      if (Buffer.byteLength(dataJson) > MAX_SAVE_BYTES)
        throw new HttpError(413, `Saved data is too large (max ${MAX_SAVE_BYTES / 1024} KiB)`, 'TOO_LARGE');
      const handle = await app.repos.saves.save(user.id, appId, key, dataJson, ifMatch);
      return { success: true, ...handle };
    },
  );

  app.get<{ Querystring: LookupQuery }>(
    '/api/saves/get.php',
    {
      schema: {
        querystring: lookupQuery,
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            save: {
              type: 'object',
              properties: { ...handleProps, data: anyJson },
              required: ['id', 'key', 'version', 'etag', 'appId', 'updatedAt', 'data'],
            },
          },
          required: ['success', 'save'],
        }),
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const row = await app.repos.saves.find(user.id, toLookup(request.query));
      if (!row) throw new HttpError(404, 'Not found');
      return { success: true, save: toItem(row) };
    },
  );

  app.get<{ Querystring: { appId?: string; page: number; limit: number } }>(
    '/api/saves/list.php',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            appId: appIdSchema,
            page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
          },
          additionalProperties: false,
        },
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            items: {
              type: 'array',
              items: {
                type: 'object',
                properties: handleProps,
                required: ['id', 'key', 'version', 'etag', 'appId', 'updatedAt'],
              },
            },
            page: { type: 'integer' },
            limit: { type: 'integer' },
            total: { type: 'integer' },
          },
          required: ['success', 'items'],
        }),
      },
    },
    async (request, reply) => {
      const { appId, page, limit } = request.query;
      const token = request.cookies[USER_COOKIE];
      // The session and the page in one statement (SavesRepository.listSignedIn); requireUser
      // then answers 401 from its outcome, as it would from its own lookup.
      const listed =
        !request.sessionUserPromise && token && token.length <= 100
          ? await app.repos.saves.listSignedIn(token, appId, page, limit)
          : null;
      if (!request.sessionUserPromise) request.sessionUserPromise = Promise.resolve(listed?.user ?? null);
      const user = await requireUser(request);
      // The items come as JSON made by the database in this schema's shape (SavesRepository.list).
      const { itemsJson, total } = listed ?? (await app.repos.saves.list(user.id, appId, page, limit));
      return reply
        .type('application/json; charset=utf-8')
        .send(`{"success":true,"items":${itemsJson},"page":${page},"limit":${limit},"total":${total}}`);
    },
  );

  app.delete<{ Querystring: LookupQuery }>(
    '/api/saves/delete.php',
    { schema: { querystring: lookupQuery, response: responses(okResponse) } },
    async (request) => {
      const user = await requireUser(request);
      if (!(await app.repos.saves.delete(user.id, toLookup(request.query))))
        throw new HttpError(404, 'Not found');
      return { success: true };
    },
  );
}
