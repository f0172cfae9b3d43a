/** Draw & Race shared tracks (games spec §7) and the admin's track console. */
import { type Static, Type } from 'typebox';
import { Defaulted, Nullable, NullableString, PageQuery } from './common.ts';

/** Longest stored path text (M/L commands). */
export const MAX_TRACK_PATH_LENGTH = 100_000;

const Hash = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
export const HashQuery = Type.Object({ hash: Hash }, { additionalProperties: false });

/** Stored track payload, version 3: path commands with points scaled to 0..1000. */
export const TrackPayload = Type.Object(
  {
    // `{const: 3}` alone, as the call has always checked it.
    v: Type.Unsafe<3>({ const: 3 }),
    path: Type.String({ minLength: 1, maxLength: MAX_TRACK_PATH_LENGTH }),
    b: Type.Number({ minimum: 1, maximum: 500 }),
    originalAspectRatio: Type.Number({ exclusiveMinimum: 0, maximum: 100 }),
    timestamp: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type TrackPayload = Static<typeof TrackPayload>;

/** POST /api/tracks/store.php */
export const TrackStoreResponse = Type.Object({ success: Type.Boolean(), hash: Type.String() });

/** GET /api/tracks/get.php?hash= */
export const TrackGetResponse = Type.Object({
  success: Type.Boolean(),
  trackData: Type.Object({
    v: Type.Integer(),
    path: Type.String(),
    b: Type.Number(),
    originalAspectRatio: Type.Number(),
    timestamp: Type.Number(),
  }),
});

export const RatingStats = Type.Object({
  avgRating: Type.Number(),
  ratingCount: Type.Integer(),
  loadCount: Type.Integer(),
});
export type RatingStats = Static<typeof RatingStats>;

/** GET /api/tracks/rate.php?hash= */
export const RatingGetResponse = Type.Object({
  success: Type.Boolean(),
  userRating: Nullable(Type.Integer()),
  stats: RatingStats,
});

/** POST /api/tracks/rate.php { hash, rating } */
export const RatingBody = Type.Object(
  { hash: Hash, rating: Type.Integer({ minimum: 1, maximum: 5 }) },
  { additionalProperties: false },
);
export const RatingSubmitResponse = Type.Object({ success: Type.Boolean(), stats: RatingStats });

/** One track of the gallery: enough to draw a thumbnail and open it. */
export const GalleryTrack = Type.Object({
  hash: Type.String(),
  /** The v3 path (M/L commands, points scaled to 0..1000). */
  path: Type.String(),
  b: Type.Number(),
  originalAspectRatio: Type.Number(),
  avgRating: Type.Number(),
  ratingCount: Type.Integer(),
  loadCount: Type.Integer(),
  createdAt: Type.String(),
});
export type GalleryTrack = Static<typeof GalleryTrack>;

/** GET /api/tracks/gallery.php?limit= : the best-rated shared tracks (Draw & Race, beyond the spec). */
export const GalleryQuery = Type.Object(
  { limit: Defaulted(Type.Integer({ minimum: 1, maximum: 24, default: 12 })) },
  { additionalProperties: false },
);
export const TrackGalleryResponse = Type.Object({
  success: Type.Boolean(),
  tracks: Type.Array(GalleryTrack),
});

/** GET /api/tracks/admin.php (admin) */
export const TrackAdminStatsResponse = Type.Object({
  success: Type.Boolean(),
  stats: Type.Object({
    total_tracks: Type.Integer(),
    tracks_today: Type.Integer(),
    tracks_week: Type.Integer(),
  }),
});

export const AdminTrack = Type.Object({
  hash: Type.String(),
  version: Type.Integer(),
  /** SVG markup of the path */
  preview: Type.String(),
  created_at: Type.String(),
  point_count: Type.Integer(),
  brush_width: Type.Number(),
  ip_address: NullableString,
  load_count: Type.Integer(),
  last_loaded_at: NullableString,
  avg_rating: Nullable(Type.Number()),
  rating_count: Type.Integer(),
});
export type AdminTrack = Static<typeof AdminTrack>;

/** GET /api/tracks/manage.php?limit=&offset= (admin) */
export const TrackManageQuery = PageQuery(500, 100);
export const TrackManageResponse = Type.Object({
  success: Type.Boolean(),
  tracks: Type.Array(AdminTrack),
  /** Every stored track (the list is one page of them), for the console's pager. */
  total: Type.Integer(),
});
