/** Calls of the saves service (platform spec §7) with the failure texts of §8. */
import type {
  SaveDeleteResponse,
  SaveErrorCode,
  SaveGetResponse,
  SaveHandle,
  SaveItem,
  SaveListResponse,
  SaveRequest,
  SaveResponse,
} from '../../api/types.ts';
import { apiGet, apiSend } from '../../lib/api.ts';

/** Saves list defaults (spec §9); the load dialog asks for 200. */
export const SAVES_PAGE_LIMIT = 50;
export const LOAD_DIALOG_LIMIT = 200;

export class SaveError extends Error {
  constructor(
    message: string,
    readonly code?: SaveErrorCode | string,
  ) {
    super(message);
  }
}

export type SaveListItem = SaveListResponse['items'][number];

/** POST /api/saves/save.php → the new handle. Failure: server message else 'Save failed', code attached. */
export async function writeSave(request: SaveRequest): Promise<SaveHandle> {
  let answer: SaveResponse;
  try {
    answer = await apiSend<SaveResponse>('POST', '/api/saves/save.php', request);
  } catch {
    // No answer, or not the server's JSON (a proxy's error page): no server message to show.
    throw new SaveError('Save failed');
  }
  if (!answer.success || !answer.id || !answer.etag || answer.version === undefined)
    throw new SaveError(answer.error || 'Save failed', answer.code);
  return { id: answer.id, key: request.key, version: answer.version, etag: answer.etag };
}

export interface SaveLocator {
  appId: string;
  id?: string | null;
  key?: string | null;
}

/** GET /api/saves/get.php by id or by key. 'Not found' when the save has no data (spec §5). */
export async function readSave({ appId, id, key }: SaveLocator): Promise<SaveItem> {
  let answer: SaveGetResponse;
  try {
    answer = await apiGet<SaveGetResponse>('/api/saves/get.php', { id, appId, key });
  } catch {
    throw new SaveError('Load failed');
  }
  if (!answer.success) throw new SaveError(answer.error || 'Load failed');
  if (!answer.save || answer.save.data === undefined || answer.save.data === null)
    throw new SaveError('Not found');
  return answer.save;
}

/** GET /api/saves/list.php, newest updatedAt first (the client sorts, spec §7). */
export async function listSaves(
  appId: string | null,
  { page = 1, limit = SAVES_PAGE_LIMIT }: { page?: number; limit?: number } = {},
): Promise<SaveListItem[]> {
  let answer: SaveListResponse;
  try {
    answer = await apiGet<SaveListResponse>('/api/saves/list.php', { appId, page, limit });
  } catch {
    throw new SaveError('List failed');
  }
  if (!answer.success) throw new SaveError(answer.error || 'List failed');
  return newestFirst(answer.items ?? []);
}

export function newestFirst<T extends { updatedAt: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
}

/** DELETE /api/saves/delete.php by app and id. Failure: 'Delete failed'. */
export async function deleteSave(appId: string, id: string): Promise<void> {
  let answer: SaveDeleteResponse;
  try {
    answer = await apiSend<SaveDeleteResponse>('DELETE', '/api/saves/delete.php', undefined, { id, appId });
  } catch {
    throw new SaveError('Delete failed');
  }
  if (!answer.success) throw new SaveError('Delete failed');
}

export function handleOf(item: SaveHandle): SaveHandle {
  return { id: item.id, key: item.key, version: item.version, etag: item.etag };
}
