import type { Generated, GeneratedAlways } from 'kysely';

/**
 * Kysely table types. One schema for SQLite and PostgreSQL (see migrations.ts).
 * Times are ISO 8601 text (UTC) in both, so they sort and compare the same way;
 * booleans are 0/1 integers; JSON is text.
 */
export interface Database {
  users: UsersTable;
  user_identities: UserIdentitiesTable;
  sessions: SessionsTable;
  admin_accounts: AdminAccountsTable;
  saves: SavesTable;
  game_configs: GameConfigsTable;
  scores: ScoresTable;
  score_buckets: ScoreBucketsTable;
  score_submissions: ScoreSubmissionsTable;
  used_run_tickets: UsedRunTicketsTable;
  tracks: TracksTable;
  track_ratings: TrackRatingsTable;
  audit_log: AuditLogTable;
  account_deletions: AccountDeletionsTable;
  run_logs: RunLogsTable;
  daily_scores: DailyScoresTable;
  daily_submissions: DailySubmissionsTable;
}

export interface UsersTable {
  id: string;
  display_name: string;
  email: string | null;
  avatar_url: string | null;
  is_admin: number;
  is_active: number;
  created_at: string;
  last_login: string | null;
}

export interface UserIdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  created_at: string;
}

/** A sign-in session. Exactly one of user_id / admin_id is set. id_hash = sha256(cookie value). */
export interface SessionsTable {
  id_hash: string;
  user_id: string | null;
  admin_id: number | null;
  created_at: string;
  expires_at: string;
}

export interface AdminAccountsTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  display_name: string;
  password_hash: string;
  totp_secret: string | null;
  /** Last TOTP time step accepted: a code of that step or earlier is refused (no replay). */
  totp_last_step: number | null;
  is_active: number;
  created_at: string;
  last_login: string | null;
}

export interface SavesTable {
  id: string;
  user_id: string;
  app_id: string;
  key: string;
  data: string;
  version: number;
  etag: string;
  created_at: string;
  updated_at: string;
  /** The row's list.php item as JSON text, made by the database (migration 0007): never written. */
  list_item: GeneratedAlways<string>;
}

export interface GameConfigsTable {
  game_id: string;
  display_name: string;
  score_type: string;
  sort_order: string;
}

export interface ScoresTable {
  id: Generated<number>;
  game_id: string;
  user_id: string | null;
  player_name: string;
  score: number;
  duration: number | null;
  level_or_mode: string | null;
  metadata: string | null;
  verified: number;
  ip_address: string | null;
  created_at: string;
}

/**
 * A new row of a board's table (scores, daily_scores) as the repositories receive it: its
 * metadata an object and its verified flag a boolean, which the table stores as JSON text
 * and 0/1; the id and the time are the table's to give.
 */
export type NewBoardRow<Row extends { metadata: string | null; verified: number }> = Omit<
  Row,
  'id' | 'created_at' | 'metadata' | 'verified'
> & { metadata: Record<string, unknown> | null; verified: boolean };

/**
 * How many scores a scope holds per bucket of nearby scores (migration 0004), kept in the
 * transaction that changes the scores: submit ranks sum it (server/domain/scoreRanks.ts).
 */
export interface ScoreBucketsTable {
  game_id: string;
  /** '*': all of the game's scores; '=' + mode: those of one mode. */
  scope: string;
  /** rankBucket(score). */
  bucket: number;
  n: number;
}

/** A client's idempotency key for a score submit, and the score it made (migration 0003). */
export interface ScoreSubmissionsTable {
  idempotency_key: string;
  game_id: string;
  /** Null while the first submit with the key is in progress (or if its insert failed). */
  score_id: number | null;
  rank: number | null;
  verified: number;
  created_at: string;
}

export interface UsedRunTicketsTable {
  nonce: string;
  expires_at: string;
}

export interface TracksTable {
  hash: string;
  payload: string;
  version: number;
  point_count: number;
  brush_width: number;
  ip_address: string | null;
  created_at: string;
  load_count: number;
  last_loaded_at: string | null;
}

export interface TrackRatingsTable {
  hash: string;
  /** 'u:<user id>' for a signed-in user, 'v:<visitor cookie>' for an anonymous visitor. */
  rater: string;
  rating: number;
  updated_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor: string;
  action: string;
  target: string | null;
  details: string | null;
  created_at: string;
}

export interface AccountDeletionsTable {
  code: string;
  created_at: string;
}

/** A Daily board entry (migration 0005): one per signed-in player per game and UTC day, their best. */
export interface DailyScoresTable {
  id: Generated<number>;
  game_id: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  user_id: string | null;
  player_name: string;
  score: number;
  duration: number | null;
  metadata: string | null;
  verified: number;
  ip_address: string | null;
  /** When the entry's run was submitted (a better run replaces it and this time). */
  created_at: string;
}

/** A Daily submit's idempotency key and what it made (migration 0005). */
export interface DailySubmissionsTable {
  idempotency_key: string;
  game_id: string;
  day: string;
  /** Null while the first submit with the key is in progress. */
  entry_id: number | null;
  rank: number | null;
  verified: number;
  best: number;
  created_at: string;
}

/** A verified run's input log, kept as a ghost (migration 0006). */
export interface RunLogsTable {
  score_id: number;
  game_id: string;
  seed: number;
  /** Levels the run landed (the levels it can fly as a ghost). */
  levels_cleared: number;
  /** The log as JSON. */
  inputs: string;
  created_at: string;
}
