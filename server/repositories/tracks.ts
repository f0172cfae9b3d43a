import { sql } from 'kysely';
import type { AdminTrack, GalleryTrack, RatingStats, TrackPayload } from '../../src/api/types.ts';
import type { Db } from '../db/connect.ts';
import { nowIso, num, sha256 } from '../util.ts';

/** Only move/line commands and numbers: the v3 share format (points scaled to 0..1000). */
export const TRACK_PATH_PATTERN = /^[MLml0-9.,\s-]+$/;
// The bound lives with the call's schema, which refuses a longer path.
export { MAX_TRACK_PATH_LENGTH } from '../../src/api/schemas/tracks.ts';

/** Short content hash of the canonical payload: the same drawing stored twice gets the same hash. */
export function trackHash(payload: TrackPayload): string {
  // The timestamp says when it was shared, not what the track is: it stays out of the hash.
  const canonical = JSON.stringify({
    v: payload.v,
    path: payload.path.trim().replace(/\s+/g, ' '),
    b: payload.b,
    originalAspectRatio: payload.originalAspectRatio,
  });
  return sha256(canonical).slice(0, 16);
}

export function pointCount(path: string): number {
  return Math.floor((path.match(/-?\d+(\.\d+)?/g)?.length ?? 0) / 2);
}

/** A small SVG of the track's path for the admin list (the path holds only M/L commands and numbers). */
export function trackPreviewSvg(payload: TrackPayload): string {
  const aspect = payload.originalAspectRatio > 0 ? payload.originalAspectRatio : 1;
  const width = 160;
  const height = Math.max(40, Math.min(320, Math.round(width / aspect)));
  const d = TRACK_PATH_PATTERN.test(payload.path) ? payload.path : '';
  const stroke = Math.max(8, Math.min(120, payload.b));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000" width="${width}" height="${height}" preserveAspectRatio="none">` +
    `<rect width="1000" height="1000" fill="#3a7d3a"/>` +
    `<path d="${d}" fill="none" stroke="#444" stroke-width="${stroke}" stroke-linecap="round" stroke-linejoin="round"/>` +
    '</svg>'
  );
}

/**
 * The admin list's track columns: selected, and grouped by beside the ratings' average
 * (PostgreSQL wants every selected column grouped; one list keeps the two equal).
 */
const ADMIN_TRACK_COLUMNS = [
  'tracks.hash',
  'tracks.payload',
  'tracks.version',
  'tracks.created_at',
  'tracks.point_count',
  'tracks.brush_width',
  'tracks.ip_address',
  'tracks.load_count',
  'tracks.last_loaded_at',
] as const;

/** Shared Draw & Race tracks and their ratings. */
export class TracksRepository {
  constructor(private readonly database: Db) {}

  private get db() {
    return this.database.db;
  }

  async store(payload: TrackPayload, ipAddress: string | null): Promise<string> {
    const hash = trackHash(payload);
    await this.db
      .insertInto('tracks')
      .values({
        hash,
        payload: JSON.stringify(payload),
        version: payload.v,
        point_count: pointCount(payload.path),
        brush_width: payload.b,
        ip_address: ipAddress,
        created_at: nowIso(),
        load_count: 0,
        last_loaded_at: null,
      })
      .onConflict((oc) => oc.column('hash').doNothing())
      .execute();
    return hash;
  }

  /** The payload, counting the load. */
  async load(hash: string): Promise<TrackPayload | null> {
    const row = await this.db
      .updateTable('tracks')
      .set((eb) => ({ load_count: eb('load_count', '+', 1), last_loaded_at: nowIso() }))
      .where('hash', '=', hash)
      .returning('payload')
      .executeTakeFirst();
    return row ? (JSON.parse(row.payload) as TrackPayload) : null;
  }

  async exists(hash: string): Promise<boolean> {
    return !!(await this.db.selectFrom('tracks').select('hash').where('hash', '=', hash).executeTakeFirst());
  }

  async ratingStats(hash: string): Promise<RatingStats> {
    const row = await this.db
      .selectFrom('tracks')
      .leftJoin('track_ratings', 'track_ratings.hash', 'tracks.hash')
      .select((eb) => [
        eb.fn.avg('track_ratings.rating').as('avg'),
        eb.fn.count('track_ratings.rating').as('n'),
        eb.fn.max('tracks.load_count').as('loads'),
      ])
      .where('tracks.hash', '=', hash)
      .executeTakeFirstOrThrow();
    return {
      avgRating: Math.round(num(row.avg) * 100) / 100,
      ratingCount: num(row.n),
      loadCount: num(row.loads),
    };
  }

  async userRating(hash: string, rater: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('track_ratings')
      .select('rating')
      .where('hash', '=', hash)
      .where('rater', '=', rater)
      .executeTakeFirst();
    return row ? num(row.rating) : null;
  }

  /** One rating per rater and track; rating again replaces it. */
  async rate(hash: string, rater: string, rating: number): Promise<void> {
    const updated_at = nowIso();
    await this.db
      .insertInto('track_ratings')
      .values({ hash, rater, rating, updated_at })
      .onConflict((oc) => oc.columns(['hash', 'rater']).doUpdateSet({ rating, updated_at }))
      .execute();
  }

  /**
   * The best-rated tracks for the gallery, by a Bayesian mean (each track's ratings plus two
   * phantom 3-star ones), so one 5-star vote does not outrank fifty 4.8s; ties go to more
   * ratings, then the newest. Only rated tracks appear.
   */
  async gallery(limit: number): Promise<GalleryTrack[]> {
    const rows = await this.db
      .selectFrom('tracks')
      .innerJoin('track_ratings', 'track_ratings.hash', 'tracks.hash')
      .select((eb) => [
        'tracks.hash',
        'tracks.payload',
        'tracks.created_at',
        'tracks.load_count',
        eb.fn.avg('track_ratings.rating').as('avg'),
        eb.fn.count('track_ratings.rating').as('n'),
        sql<number>`(sum(track_ratings.rating) + 6.0) / (count(track_ratings.rating) + 2)`.as('score'),
      ])
      .groupBy(['tracks.hash', 'tracks.payload', 'tracks.created_at', 'tracks.load_count'])
      .orderBy('score', 'desc')
      .orderBy('n', 'desc')
      .orderBy('tracks.created_at', 'desc')
      .orderBy('tracks.hash')
      .limit(limit)
      .execute();
    return rows.map((r) => {
      const payload = JSON.parse(r.payload) as TrackPayload;
      return {
        hash: r.hash,
        path: TRACK_PATH_PATTERN.test(payload.path) ? payload.path : '',
        b: payload.b,
        originalAspectRatio: payload.originalAspectRatio,
        avgRating: Math.round(num(r.avg) * 100) / 100,
        ratingCount: num(r.n),
        loadCount: num(r.load_count),
        createdAt: r.created_at,
      };
    });
  }

  async adminStats() {
    const day = nowIso(-86_400_000);
    const week = nowIso(-7 * 86_400_000);
    const row = await this.db
      .selectFrom('tracks')
      .select((eb) => [
        eb.fn.countAll().as('total'),
        eb.fn.sum(eb.case().when('created_at', '>=', day).then(1).else(0).end()).as('today'),
        eb.fn.sum(eb.case().when('created_at', '>=', week).then(1).else(0).end()).as('week'),
      ])
      .executeTakeFirstOrThrow();
    return { total_tracks: num(row.total), tracks_today: num(row.today), tracks_week: num(row.week) };
  }

  /** How many tracks are stored (the admin list's total). */
  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('tracks')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return num(row.n);
  }

  async list(limit: number, offset: number): Promise<AdminTrack[]> {
    const rows = await this.db
      .selectFrom('tracks')
      .leftJoin('track_ratings', 'track_ratings.hash', 'tracks.hash')
      .select((eb) => [
        ...ADMIN_TRACK_COLUMNS,
        eb.fn.avg('track_ratings.rating').as('avg'),
        eb.fn.count('track_ratings.rating').as('n'),
      ])
      .groupBy(ADMIN_TRACK_COLUMNS)
      .orderBy('tracks.created_at', 'desc')
      .orderBy('tracks.hash')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => {
      const count = num(r.n);
      return {
        hash: r.hash,
        version: num(r.version),
        preview: trackPreviewSvg(JSON.parse(r.payload) as TrackPayload),
        created_at: r.created_at,
        point_count: num(r.point_count),
        brush_width: num(r.brush_width),
        ip_address: r.ip_address,
        load_count: num(r.load_count),
        last_loaded_at: r.last_loaded_at,
        avg_rating: count ? Math.round(num(r.avg) * 100) / 100 : null,
        rating_count: count,
      };
    });
  }

  async delete(hash: string): Promise<boolean> {
    const res = await this.db.deleteFrom('tracks').where('hash', '=', hash).executeTakeFirst();
    return num(res.numDeletedRows) > 0;
  }
}
