import type { FastifyReply, FastifyRequest } from 'fastify';
import { EmptyQuery, OkResponse, responses } from '../../src/api/schemas/common.ts';
import {
  GalleryQuery,
  HashQuery,
  MAX_TRACK_PATH_LENGTH,
  RatingBody,
  RatingGetResponse,
  RatingSubmitResponse,
  TrackAdminStatsResponse,
  TrackGalleryResponse,
  TrackGetResponse,
  TrackManageQuery,
  TrackManageResponse,
  TrackPayload,
  TrackStoreResponse,
} from '../../src/api/schemas/tracks.ts';
import { LIMITS, limitConfig } from '../plugins/rateLimits.ts';
import { currentUser, setCookie, VISITOR_COOKIE } from '../plugins/session.ts';
import { TRACK_PATH_PATTERN } from '../repositories/tracks.ts';
import { HttpError, randomToken } from '../util.ts';
import { adminOf } from './admin.ts';
import type { Api } from './api.ts';

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

/** A track's hash as stored (old links carry a `db_` prefix). */
const storedHash = (hash: string) => hash.replace(/^db_/, '');

/** The stored hash of a track that exists; 404 otherwise. */
async function existingTrack(api: Api, hash: string): Promise<string> {
  const stored = storedHash(hash);
  if (!(await api.repos.tracks.exists(stored))) throw new HttpError(404, 'Track not found');
  return stored;
}

/** The path's own checks (beyond its schema): move/line commands with points in 0..1000. */
function pathError(path: string): string | null {
  if (!TRACK_PATH_PATTERN.test(path) || !/^\s*[Mm]/.test(path))
    return 'path must be move/line commands (M x y L x y …)';
  const numbers = path.match(/-?\d+(\.\d+)?/g) ?? [];
  if (numbers.length < 4 || numbers.length % 2 !== 0) return 'path needs at least two points';
  if (numbers.some((n) => Number(n) < -50 || Number(n) > 1050))
    return 'path points must be scaled to 0..1000';
  return null;
}

/** Draw & Race shared tracks (games spec §7); the admin's track console is tracksAdminRoutes. */
export function tracksRoutes(api: Api) {
  api.post(
    '/api/tracks/store.php',
    {
      config: limitConfig(LIMITS.trackStore),
      bodyLimit: MAX_TRACK_PATH_LENGTH + 4096,
      schema: { body: TrackPayload, response: responses(TrackStoreResponse) },
    },
    async (request) => {
      const problem = pathError(request.body.path);
      if (problem) throw new HttpError(400, problem);
      return { success: true, hash: await api.repos.tracks.store(request.body, request.ip) };
    },
  );

  api.get(
    '/api/tracks/get.php',
    { schema: { querystring: HashQuery, response: responses(TrackGetResponse) } },
    async (request) => {
      const trackData = await api.repos.tracks.load(storedHash(request.query.hash));
      if (!trackData) throw new HttpError(404, 'Track not found');
      return { success: true, trackData };
    },
  );

  api.get(
    '/api/tracks/rate.php',
    { schema: { querystring: HashQuery, response: responses(RatingGetResponse) } },
    async (request, reply) => {
      const hash = await existingTrack(api, request.query.hash);
      const rater = await raterOf(request, reply, false);
      return {
        success: true,
        userRating: rater ? await api.repos.tracks.userRating(hash, rater) : null,
        stats: await api.repos.tracks.ratingStats(hash),
      };
    },
  );

  api.post(
    '/api/tracks/rate.php',
    {
      config: limitConfig(LIMITS.rating),
      schema: { body: RatingBody, response: responses(RatingSubmitResponse) },
    },
    async (request, reply) => {
      const hash = await existingTrack(api, request.body.hash);
      const rater = (await raterOf(request, reply, true)) as string;
      await api.repos.tracks.rate(hash, rater, request.body.rating);
      return { success: true, stats: await api.repos.tracks.ratingStats(hash) };
    },
  );

  // Beyond the spec: the gallery of best-rated tracks, reachable from the race's intro card.
  api.get(
    '/api/tracks/gallery.php',
    { schema: { querystring: GalleryQuery, response: responses(TrackGalleryResponse) } },
    async (request) => ({ success: true, tracks: await api.repos.tracks.gallery(request.query.limit) }),
  );
}

/** The admin console's track calls (registered inside the admin group). */
export function tracksAdminRoutes(admin: Api) {
  admin.get(
    '/api/tracks/admin.php',
    { schema: { querystring: EmptyQuery, response: responses(TrackAdminStatsResponse) } },
    async () => ({ success: true, stats: await admin.repos.tracks.adminStats() }),
  );

  admin.get(
    '/api/tracks/manage.php',
    { schema: { querystring: TrackManageQuery, response: responses(TrackManageResponse) } },
    async (request) => {
      const tracks = await admin.repos.tracks.list(request.query.limit, request.query.offset);
      return { success: true, tracks, total: await admin.repos.tracks.count() };
    },
  );

  admin.delete(
    '/api/tracks/manage.php',
    { schema: { querystring: HashQuery, response: responses(OkResponse) } },
    async (request) => {
      const hash = storedHash(request.query.hash);
      if (!(await admin.repos.tracks.delete(hash))) throw new HttpError(404, 'Track not found');
      await admin.repos.audit.record(adminOf(request).actor, 'track.delete', hash);
      return { success: true, message: 'Track deleted' };
    },
  );
}
