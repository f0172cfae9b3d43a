import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TrackPayload } from '../../src/api/types.ts';
import { LIMITS, limitConfig } from '../plugins/rateLimits.ts';
import { currentUser, requireAdmin, setCookie, VISITOR_COOKIE } from '../plugins/session.ts';
import { MAX_TRACK_PATH_LENGTH, TRACK_PATH_PATTERN } from '../repositories/tracks.ts';
import { HttpError, randomToken } from '../util.ts';
import { emptyQuery, okResponse, responses } from './schemas.ts';

const hashSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const;
const hashQuery = {
  type: 'object',
  properties: { hash: hashSchema },
  required: ['hash'],
  additionalProperties: false,
} as const;

const ratingStats = {
  type: 'object',
  properties: {
    avgRating: { type: 'number' },
    ratingCount: { type: 'integer' },
    loadCount: { type: 'integer' },
  },
  required: ['avgRating', 'ratingCount', 'loadCount'],
} as const;

/** 'u:<id>' for a signed-in user, else 'v:<visitor cookie>' (set here when missing). */
async function raterOf(
  request: FastifyRequest,
  reply: FastifyReply,
  create: boolean,
): Promise<string | null> {
  const user = await currentUser(request);
  if (user) return `u:${user.id}`;
  const visitor = request.cookies[VISITOR_COOKIE];
  if (visitor && /^[A-Za-z0-9_-]{20,64}$/.test(visitor)) return `v:${visitor}`;
  if (!create) return null;
  const fresh = randomToken(24);
  setCookie(request, reply, VISITOR_COOKIE, fresh, 365 * 86_400);
  return `v:${fresh}`;
}

/** Draw & Race shared tracks (games spec §7) and the admin's track console. */
export async function tracksRoutes(app: FastifyInstance) {
  app.post<{ Body: TrackPayload }>(
    '/api/tracks/store.php',
    {
      config: limitConfig(LIMITS.trackStore),
      bodyLimit: MAX_TRACK_PATH_LENGTH + 4096,
      schema: {
        body: {
          type: 'object',
          properties: {
            v: { const: 3 },
            path: { type: 'string', minLength: 1, maxLength: MAX_TRACK_PATH_LENGTH },
            b: { type: 'number', minimum: 1, maximum: 500 },
            originalAspectRatio: { type: 'number', exclusiveMinimum: 0, maximum: 100 },
            timestamp: { type: 'number', minimum: 0 },
          },
          required: ['v', 'path', 'b', 'originalAspectRatio', 'timestamp'],
          additionalProperties: false,
        },
        response: responses({
          type: 'object',
          properties: { success: { type: 'boolean' }, hash: { type: 'string' } },
          required: ['success', 'hash'],
        }),
      },
    },
    async (request) => {
      const payload = request.body;
      if (!TRACK_PATH_PATTERN.test(payload.path) || !/^\s*[Mm]/.test(payload.path))
        throw new HttpError(400, 'path must be move/line commands (M x y L x y …)');
      const numbers = payload.path.match(/-?\d+(\.\d+)?/g) ?? [];
      if (numbers.length < 4 || numbers.length % 2 !== 0)
        throw new HttpError(400, 'path needs at least two points');
      if (numbers.some((n) => Number(n) < -50 || Number(n) > 1050))
        throw new HttpError(400, 'path points must be scaled to 0..1000');
      const hash = await app.repos.tracks.store(payload, request.ip);
      return { success: true, hash };
    },
  );

  app.get<{ Querystring: { hash: string } }>(
    '/api/tracks/get.php',
    {
      schema: {
        querystring: hashQuery,
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            trackData: {
              type: 'object',
              properties: {
                v: { type: 'integer' },
                path: { type: 'string' },
                b: { type: 'number' },
                originalAspectRatio: { type: 'number' },
                timestamp: { type: 'number' },
              },
              required: ['v', 'path', 'b', 'originalAspectRatio', 'timestamp'],
            },
          },
          required: ['success', 'trackData'],
        }),
      },
    },
    async (request) => {
      const trackData = await app.repos.tracks.load(request.query.hash.replace(/^db_/, ''));
      if (!trackData) throw new HttpError(404, 'Track not found');
      return { success: true, trackData };
    },
  );

  app.get<{ Querystring: { hash: string } }>(
    '/api/tracks/rate.php',
    {
      schema: {
        querystring: hashQuery,
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            userRating: { type: ['integer', 'null'] },
            stats: ratingStats,
          },
          required: ['success', 'userRating', 'stats'],
        }),
      },
    },
    async (request, reply) => {
      const hash = request.query.hash.replace(/^db_/, '');
      if (!(await app.repos.tracks.exists(hash))) throw new HttpError(404, 'Track not found');
      const rater = await raterOf(request, reply, false);
      return {
        success: true,
        userRating: rater ? await app.repos.tracks.userRating(hash, rater) : null,
        stats: await app.repos.tracks.ratingStats(hash),
      };
    },
  );

  app.post<{ Body: { hash: string; rating: number } }>(
    '/api/tracks/rate.php',
    {
      config: limitConfig(LIMITS.rating),
      schema: {
        body: {
          type: 'object',
          properties: { hash: hashSchema, rating: { type: 'integer', minimum: 1, maximum: 5 } },
          required: ['hash', 'rating'],
          additionalProperties: false,
        },
        response: responses({
          type: 'object',
          properties: { success: { type: 'boolean' }, stats: ratingStats },
          required: ['success', 'stats'],
        }),
      },
    },
    async (request, reply) => {
      const hash = request.body.hash.replace(/^db_/, '');
      if (!(await app.repos.tracks.exists(hash))) throw new HttpError(404, 'Track not found');
      const rater = (await raterOf(request, reply, true)) as string;
      await app.repos.tracks.rate(hash, rater, request.body.rating);
      return { success: true, stats: await app.repos.tracks.ratingStats(hash) };
    },
  );

  // Beyond the spec: the gallery of best-rated tracks, reachable from the race's intro card.
  app.get<{ Querystring: { limit: number } }>(
    '/api/tracks/gallery.php',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { limit: { type: 'integer', minimum: 1, maximum: 24, default: 12 } },
          additionalProperties: false,
        },
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            tracks: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  hash: { type: 'string' },
                  path: { type: 'string' },
                  b: { type: 'number' },
                  originalAspectRatio: { type: 'number' },
                  avgRating: { type: 'number' },
                  ratingCount: { type: 'integer' },
                  loadCount: { type: 'integer' },
                  createdAt: { type: 'string' },
                },
                required: [
                  'hash',
                  'path',
                  'b',
                  'originalAspectRatio',
                  'avgRating',
                  'ratingCount',
                  'loadCount',
                  'createdAt',
                ],
              },
            },
          },
          required: ['success', 'tracks'],
        }),
      },
    },
    async (request) => ({ success: true, tracks: await app.repos.tracks.gallery(request.query.limit) }),
  );

  app.get(
    '/api/tracks/admin.php',
    {
      schema: {
        querystring: emptyQuery,
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            stats: {
              type: 'object',
              properties: {
                total_tracks: { type: 'integer' },
                tracks_today: { type: 'integer' },
                tracks_week: { type: 'integer' },
              },
              required: ['total_tracks', 'tracks_today', 'tracks_week'],
            },
          },
          required: ['success', 'stats'],
        }),
      },
    },
    async (request) => {
      await requireAdmin(request);
      return { success: true, stats: await app.repos.tracks.adminStats() };
    },
  );

  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/api/tracks/manage.php',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
            offset: { type: 'integer', minimum: 0, maximum: 10_000_000, default: 0 },
          },
          additionalProperties: false,
        },
        response: responses({
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            tracks: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  hash: { type: 'string' },
                  version: { type: 'integer' },
                  preview: { type: 'string' },
                  created_at: { type: 'string' },
                  point_count: { type: 'integer' },
                  brush_width: { type: 'number' },
                  ip_address: { type: ['string', 'null'] },
                  load_count: { type: 'integer' },
                  last_loaded_at: { type: ['string', 'null'] },
                  avg_rating: { type: ['number', 'null'] },
                  rating_count: { type: 'integer' },
                },
                required: [
                  'hash',
                  'version',
                  'preview',
                  'created_at',
                  'point_count',
                  'brush_width',
                  'ip_address',
                  'load_count',
                  'last_loaded_at',
                  'avg_rating',
                  'rating_count',
                ],
              },
            },
            /** Every stored track, for the console's pager. */
            total: { type: 'integer' },
          },
          required: ['success', 'tracks', 'total'],
        }),
      },
    },
    async (request) => {
      await requireAdmin(request);
      const tracks = await app.repos.tracks.list(request.query.limit, request.query.offset);
      return { success: true, tracks, total: await app.repos.tracks.count() };
    },
  );

  app.delete<{ Querystring: { hash: string } }>(
    '/api/tracks/manage.php',
    { schema: { querystring: hashQuery, response: responses(okResponse) } },
    async (request) => {
      const admin = await requireAdmin(request);
      const hash = request.query.hash.replace(/^db_/, '');
      if (!(await app.repos.tracks.delete(hash))) throw new HttpError(404, 'Track not found');
      await app.repos.audit.record(admin.actor, 'track.delete', hash);
      return { success: true, message: 'Track deleted' };
    },
  );
}
