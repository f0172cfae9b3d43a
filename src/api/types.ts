/**
 * Request and response shapes of every call (platform spec §7, games spec §7), as the
 * client reads them: all come from the route schemas in `./schemas/` (the server's
 * routes and the OpenAPI document are made from the same ones). Type-only imports:
 * none of TypeBox reaches the client bundle. Every response carries `success`;
 * failures carry `error` (a human-readable message, the spec's text where it names one).
 */
import type { Static } from 'typebox';
import type * as Account from './schemas/account.ts';
import type * as Admin from './schemas/admin.ts';
import type { Answer, OkResponse as OkSchema } from './schemas/common.ts';
import type * as Saves from './schemas/saves.ts';
import type * as Scores from './schemas/scores.ts';
import type * as Tracks from './schemas/tracks.ts';

export type { Answer, ApiFailure } from './schemas/common.ts';

// ---------------------------------------------------------------- account

export type { ProviderId, SessionUser } from './schemas/account.ts';
export type ValidateResponse = Answer<typeof Account.ValidateResponse>;
export type ProfileRequest = Static<typeof Account.ProfileBody>;
export type ProfileResponse = Answer<typeof Account.ProfileResponse>;
export type ProvidersResponse = Answer<typeof Account.ProvidersResponse>;
export type AccountDeleteResponse = Answer<typeof Account.AccountDeleteResponse>;

// ---------------------------------------------------------------- saves

export type { SaveErrorCode, SaveHandle, SaveItem } from './schemas/saves.ts';
export type SaveRequest = Static<typeof Saves.SaveBody>;
export type SaveResponse = Answer<typeof Saves.SaveResponse> & { code?: Saves.SaveErrorCode };
export type SaveGetResponse = Answer<typeof Saves.SaveGetResponse>;
export type SaveListResponse = Answer<typeof Saves.SaveListResponse>;
export type SaveDeleteResponse = Answer<typeof OkSchema>;

// ---------------------------------------------------------------- scores

export type { AdminGameStat, GameConfig, RunRecord, ScoreEntry, SortDirection } from './schemas/scores.ts';
export type ScoresGetResponse = Answer<typeof Scores.ScoresGetResponse>;
export type ScoreSubmitRequest = Static<typeof Scores.ScoreSubmitBody> & { player_name: string };
export type ScoreSubmitResponse = Answer<typeof Scores.ScoreSubmitResponse>;
export type RunTicketResponse = Answer<typeof Scores.RunTicketResponse>;
type ScoreManage = Answer<typeof Scores.ScoreManageResponse>;
/** GET /api/scores/manage.php: every game's stats and configs. */
export type ScoreStatsResponse = ScoreManage & Required<Pick<ScoreManage, 'stats'>>;
/** GET /api/scores/manage.php?game_id=: one page of a game's scores. */
export type ScoreManageListResponse = ScoreManage & Required<Pick<ScoreManage, 'scores' | 'pagination'>>;
export type GameConfigRequest = Static<typeof Scores.GameConfigBody>;

// ---------------------------------------------------------------- tracks (Draw & Race)

export type { AdminTrack, GalleryTrack, RatingStats, TrackPayload } from './schemas/tracks.ts';
export type TrackStoreResponse = Answer<typeof Tracks.TrackStoreResponse>;
export type TrackGetResponse = Answer<typeof Tracks.TrackGetResponse>;
export type RatingGetResponse = Answer<typeof Tracks.RatingGetResponse>;
export type RatingSubmitResponse = Answer<typeof Tracks.RatingSubmitResponse>;
export type TrackGalleryResponse = Answer<typeof Tracks.TrackGalleryResponse>;
export type TrackAdminStatsResponse = Answer<typeof Tracks.TrackAdminStatsResponse>;
export type TrackManageResponse = Answer<typeof Tracks.TrackManageResponse>;

// ---------------------------------------------------------------- admin

export type { AdminListedUser, AdminSessionUser, AuditEntry } from './schemas/admin.ts';
export type AdminLoginRequest = Static<typeof Admin.AdminLoginBody>;
export type AdminLoginResponse = Answer<typeof Admin.AdminLoginResponse>;
export type AdminValidateResponse = Answer<typeof Admin.AdminValidateResponse>;
export type AdminUsersResponse = Answer<typeof Admin.AdminUsersResponse>;
export type ToggleActiveRequest = Static<typeof Admin.ToggleActiveBody>;
export type ToggleAdminRequest = Static<typeof Admin.ToggleAdminBody>;
export type AuditLogResponse = Answer<typeof Admin.AuditLogResponse>;

/** A plain success/error answer (logout, deletes, toggles). */
export type OkResponse = Answer<typeof OkSchema>;
