/** Calls of the admin console (platform spec §7). Callers map failures to the texts of §8. */
import type {
  AdminLoginResponse,
  AdminSessionUser,
  AdminUsersResponse,
  AdminValidateResponse,
  AuditLogResponse,
  GameConfig,
  OkResponse,
  ScoreManageListResponse,
  ScoreStatsResponse,
  TrackAdminStatsResponse,
  TrackManageResponse,
} from '../../api/types.ts';
import { apiGet, apiSend } from '../../lib/api.ts';

export const USERS_PAGE_SIZE = 25;
export const SCORES_PAGE_SIZE = 50;
export const AUDIT_PAGE_SIZE = 50;
export const TRACKS_PAGE_SIZE = 50;

/**
 * The request never got an answer (offline, server down): fetch rejects with a TypeError.
 * An answer that says no (`success: false`, a body that is not JSON) is not one.
 */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

export const validateAdmin = () => apiGet<AdminValidateResponse>('/api/auth/validate.php');
export const loginAdmin = (username: string, password: string, totp?: string) =>
  apiSend<AdminLoginResponse>(
    'POST',
    '/api/auth/login.php',
    totp ? { username, password, totp } : { username, password },
  );
export const logoutAdmin = () => apiSend<OkResponse>('POST', '/api/auth/logout.php');

export const fetchTrackStats = () => apiGet<TrackAdminStatsResponse>('/api/tracks/admin.php');
export const fetchTracks = (offset = 0) =>
  apiGet<TrackManageResponse>('/api/tracks/manage.php', { limit: TRACKS_PAGE_SIZE, offset });
export const deleteTrack = (hash: string) =>
  apiSend<OkResponse>('DELETE', '/api/tracks/manage.php', undefined, { hash });

export const fetchScoreStats = () => apiGet<ScoreStatsResponse>('/api/scores/manage.php');
export const fetchGameScores = (gameId: string, offset: number, playerName: string) =>
  apiGet<ScoreManageListResponse>('/api/scores/manage.php', {
    game_id: gameId,
    limit: SCORES_PAGE_SIZE,
    offset,
    player_name: playerName.trim() || undefined,
  });
export const deleteScore = (scoreId: number) =>
  apiSend<OkResponse>('DELETE', '/api/scores/manage.php', undefined, { score_id: scoreId });
export const deleteGameScores = (gameId: string) =>
  apiSend<OkResponse>('DELETE', '/api/scores/manage.php', undefined, { game_id: gameId });
export const saveGameConfig = (config: GameConfig) =>
  apiSend<OkResponse>('POST', '/api/scores/manage.php', config);

export const fetchUsers = (page: number, q: string) =>
  apiGet<AdminUsersResponse>('/api/account/admin/users.php', {
    page,
    limit: USERS_PAGE_SIZE,
    q: q.trim() || undefined,
  });
export const setUserActive = (userId: string, isActive: boolean) =>
  apiSend<OkResponse>('POST', '/api/account/admin/toggle_active.php', {
    userId,
    isActive,
    revokeSessions: !isActive,
  });
export const setUserAdmin = (userId: string, isAdmin: boolean) =>
  apiSend<OkResponse>('POST', '/api/account/admin/toggle_admin.php', { userId, isAdmin });

export const fetchAudit = (offset: number) =>
  apiGet<AuditLogResponse>('/api/admin/audit.php', { limit: AUDIT_PAGE_SIZE, offset });

export type { AdminSessionUser };

/** Dates as the console shows them: local, short; '—' when absent. */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatNumber(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined) return '—';
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}
