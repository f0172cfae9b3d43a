/**
 * Request and response shapes of every call (platform spec §7, games spec §7).
 * Shared by the client (`src/lib/api.ts` callers) and the server (route schemas
 * must produce exactly these). Every response carries `success`; failures carry
 * `error` (a human-readable message, the spec's text where it names one).
 */

export interface ApiFailure {
  success: false;
  error: string;
  /** Machine-readable reason where a caller branches on it (saves, scores). */
  code?: string;
}

// ---------------------------------------------------------------- account

export interface SessionUser {
  id: string;
  displayName: string;
  avatarUrl: string | null;
  isAdmin: boolean;
  email: string | null;
}

/** GET /api/account/validate.php */
export interface ValidateResponse {
  success: boolean;
  user: SessionUser | null;
  error?: string;
}

/** POST /api/account/profile.php */
export interface ProfileRequest {
  displayName: string;
}
export interface ProfileResponse {
  success: boolean;
  user?: SessionUser;
  error?: string;
}

export type ProviderId = 'google' | 'microsoft' | 'facebook';

/** GET /api/account/providers.php — which sign-in buttons are enabled. */
export interface ProvidersResponse {
  success: true;
  providers: { id: ProviderId; name: string; available: boolean }[];
  /** True when dev_login.php answers (not production, loopback request). */
  devLogin: boolean;
}

/** POST /api/account/delete.php — deletes the signed-in user and their data. */
export interface AccountDeleteResponse {
  success: boolean;
  /** Confirmation code shown on /privacy?deleted=1&code=… */
  code?: string;
  error?: string;
}

// ---------------------------------------------------------------- saves

/** Error codes of save.php. */
export type SaveErrorCode =
  | 'EXISTS' // create-only (no ifMatch) and the key is taken
  | 'CONFLICT' // ifMatch is stale: nothing overwritten
  | 'INVALID' // body failed validation
  | 'TOO_LARGE' // data over 256 KiB
  | 'LIMIT' // user has 500 saves already
  | 'UNAUTHENTICATED';

/** POST /api/saves/save.php. ifMatch: absent = create only; etag or version = update; '*' = overwrite. */
export interface SaveRequest {
  appId: string;
  key: string;
  data: unknown;
  ifMatch?: string | number;
}
export interface SaveResponse {
  success: boolean;
  id?: string;
  version?: number;
  etag?: string;
  error?: string;
  code?: SaveErrorCode;
}

/** The handle a game keeps for "the current save". */
export interface SaveHandle {
  id: string;
  key: string;
  version: number;
  etag: string;
}

export interface SaveItem extends SaveHandle {
  appId: string;
  updatedAt: string; // ISO 8601
  data: unknown;
}

/** GET /api/saves/get.php?id=&appId=&key= */
export interface SaveGetResponse {
  success: boolean;
  save?: SaveItem;
  error?: string;
}

/** GET /api/saves/list.php?appId=&page=&limit= — items carry no data (load fetches it). */
export interface SaveListResponse {
  success: boolean;
  items: Omit<SaveItem, 'data'>[];
  page?: number;
  limit?: number;
  total?: number;
  error?: string;
}

/** DELETE /api/saves/delete.php?id=&appId=&key= */
export interface SaveDeleteResponse {
  success: boolean;
  error?: string;
}

// ---------------------------------------------------------------- scores

export type SortDirection = 'DESC' | 'ASC';

export interface GameConfig {
  game_id: string;
  display_name: string;
  score_type: 'points' | 'time';
  sort_order: SortDirection;
}

export interface ScoreEntry {
  id: number;
  user_id: string | null;
  player_name: string;
  score: number;
  duration: number | null;
  created_at: string;
  verified: boolean;
  rank: number;
  level_or_mode: string | null;
  metadata: Record<string, unknown> | null;
}

/** GET /api/scores/get.php?game_id=&limit=&level_or_mode= */
export interface ScoresGetResponse {
  success: boolean;
  scores: ScoreEntry[];
  game_config: GameConfig | null;
  error?: string;
}

/** A recorded run for server-side replay (see POST /api/scores/ticket.php). */
export interface RunRecord {
  ticket: string;
  /** Game-specific input log, replayed by the game's pure engine on the server. */
  inputs: unknown;
}

/** POST /api/scores/submit.php. user_id is taken from the session, never from the body. */
export interface ScoreSubmitRequest {
  game_id: string;
  player_name: string;
  score: number;
  level_or_mode?: string | null;
  duration?: number | null;
  metadata?: Record<string, unknown> | null;
  user_id?: string;
  run?: RunRecord;
  /** A client's key for this submission: a repeat with the same key answers the same score. */
  idempotency_key?: string;
}
export interface ScoreSubmitResponse {
  success: boolean;
  id?: number;
  rank?: number;
  verified?: boolean;
  error?: string;
}

/** POST /api/scores/ticket.php { game_id } — single-use seed for a verifiable run. */
export interface RunTicketResponse {
  success: boolean;
  ticket?: string;
  seed?: number;
  error?: string;
}

export interface AdminGameStat {
  game_id: string;
  total_scores: number;
  unique_players: number;
  highest_score: number | null;
  average_score: number | null;
  latest_score: string | null; // created_at of the newest score
}

/** GET /api/scores/manage.php */
export interface ScoreStatsResponse {
  success: boolean;
  stats: AdminGameStat[];
  configs?: GameConfig[];
  error?: string;
}

/** GET /api/scores/manage.php?game_id=&limit=50&offset=&player_name= */
export interface ScoreManageListResponse {
  success: boolean;
  scores: ScoreEntry[];
  pagination: { total: number; limit: number; offset: number; has_more: boolean };
  error?: string;
}

/** POST /api/scores/manage.php — set a game's config. */
export type GameConfigRequest = GameConfig;

// ---------------------------------------------------------------- tracks (Draw & Race)

/** Stored track payload, version 3: path commands with points scaled to 0..1000. */
export interface TrackPayload {
  v: 3;
  path: string;
  b: number;
  originalAspectRatio: number;
  timestamp: number;
}

/** POST /api/tracks/store.php */
export interface TrackStoreResponse {
  success: boolean;
  hash?: string;
  error?: string;
}

/** GET /api/tracks/get.php?hash= */
export interface TrackGetResponse {
  success: boolean;
  trackData?: TrackPayload;
  error?: string;
}

export interface RatingStats {
  avgRating: number;
  ratingCount: number;
  loadCount: number;
}

/** GET /api/tracks/rate.php?hash= */
export interface RatingGetResponse {
  success: boolean;
  userRating: number | null;
  stats?: RatingStats;
  error?: string;
}

/** POST /api/tracks/rate.php { hash, rating } */
export interface RatingSubmitResponse {
  success: boolean;
  stats?: RatingStats;
  error?: string;
}

/** One track of the gallery: enough to draw a thumbnail and open it. */
export interface GalleryTrack {
  hash: string;
  /** The v3 path (M/L commands, points scaled to 0..1000). */
  path: string;
  b: number;
  originalAspectRatio: number;
  avgRating: number;
  ratingCount: number;
  loadCount: number;
  createdAt: string;
}

/** GET /api/tracks/gallery.php?limit= : the best-rated shared tracks (Draw & Race, beyond the spec). */
export interface TrackGalleryResponse {
  success: boolean;
  tracks: GalleryTrack[];
  error?: string;
}

export interface AdminTrack {
  hash: string;
  version: number;
  preview: string; // SVG markup of the path
  created_at: string;
  point_count: number;
  brush_width: number;
  ip_address: string | null;
  load_count: number;
  last_loaded_at: string | null;
  avg_rating: number | null;
  rating_count: number;
}

/** GET /api/tracks/admin.php */
export interface TrackAdminStatsResponse {
  success: boolean;
  stats: { total_tracks: number; tracks_today: number; tracks_week: number };
  error?: string;
}

/** GET /api/tracks/manage.php */
export interface TrackManageResponse {
  success: boolean;
  tracks: AdminTrack[];
  /** Every stored track (the list is one page of them). */
  total: number;
  error?: string;
}

// ---------------------------------------------------------------- admin

export interface AdminSessionUser {
  username: string;
  displayName: string;
}

/** POST /api/auth/login.php */
export interface AdminLoginRequest {
  username: string;
  password: string;
  totp?: string;
}
export interface AdminLoginResponse {
  success: boolean;
  user?: AdminSessionUser;
  requiresTOTP?: boolean;
  error?: string;
}

/** GET /api/auth/validate.php */
export interface AdminValidateResponse {
  success: boolean;
  user?: AdminSessionUser;
  error?: string;
}

export interface AdminListedUser {
  id: string;
  displayName: string;
  email: string | null;
  createdAt: string;
  lastLogin: string | null;
  providers: string[];
  isActive: boolean;
  isAdmin: boolean;
}

/** GET /api/account/admin/users.php?page=&limit=25&q= */
export interface AdminUsersResponse {
  success: boolean;
  users: AdminListedUser[];
  page: number;
  total: number;
  error?: string;
}

/** POST /api/account/admin/toggle_active.php */
export interface ToggleActiveRequest {
  userId: string;
  isActive: boolean;
  revokeSessions: boolean;
}

/** POST /api/account/admin/toggle_admin.php */
export interface ToggleAdminRequest {
  userId: string;
  isAdmin: boolean;
}

export interface AuditEntry {
  id: number;
  actor: string;
  action: string;
  target: string | null;
  details: Record<string, unknown> | null;
  created_at: string;
}

/** GET /api/admin/audit.php?limit=&offset= — newest first. */
export interface AuditLogResponse {
  success: boolean;
  entries: AuditEntry[];
  error?: string;
}

/** A plain success/error answer (logout, deletes, toggles). */
export interface OkResponse {
  success: boolean;
  message?: string;
  error?: string;
}
