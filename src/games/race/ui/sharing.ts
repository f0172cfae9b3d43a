/**
 * Draw & Race's side of the tracks API: storing a track for a link, loading a shared one
 * by its id, handing a link to the browser's share sheet, and rating a shared track. The
 * session and the dialogs call these; what they do with the answers stays with them.
 */
import type {
  RatingGetResponse,
  RatingStats,
  RatingSubmitResponse,
  TrackGetResponse,
  TrackStoreResponse,
} from '../../../api/types.ts';
import { apiGet, apiSend } from '../../../lib/api.ts';
import {
  type DecodedTrack,
  decodeLegacyId,
  decodeTrack,
  encodeTrack,
  SHARE_ID_PREFIX,
} from '../engine/shareCodec.ts';
import type { Point } from '../engine/track.ts';
import { showMessage } from './store.ts';

/** The server's hash of a share id ('db_' + hash); a bare hash is already one. */
const serverHash = (id: string): string =>
  id.startsWith(SHARE_ID_PREFIX) ? id.slice(SHARE_ID_PREFIX.length) : id;

/** Stores the track (v3 payload) and answers its share id: 'db_' + the server's hash. */
export async function storeTrack(
  points: Point[],
  brush: number,
  width: number,
  height: number,
): Promise<string> {
  const payload = encodeTrack(points, brush, width, height, Date.now());
  const res = await apiSend<TrackStoreResponse>('POST', '/api/tracks/store.php', payload);
  if (!res.success || !res.hash) throw new Error(res.error ?? 'no hash');
  return `${SHARE_ID_PREFIX}${res.hash}`;
}

/** The link a shared track opens by: `page` with `?track=` its id and nothing else. */
export function trackLink(page: string, id: string): string {
  const url = new URL(page);
  url.search = '';
  url.hash = '';
  url.searchParams.set('track', id);
  return url.toString();
}

/**
 * The track of a `?track=` id (a 'db_' id from the server, or a legacy base64 id), or null
 * when it cannot be loaded (why goes to the console: a bad link is not the page's failure).
 */
export async function fetchSharedTrack(id: string): Promise<DecodedTrack | null> {
  if (!id.startsWith(SHARE_ID_PREFIX)) {
    const decoded = decodeLegacyId(id);
    if (!decoded) console.info(`Shared track ${id} is not a valid track id`);
    return decoded;
  }
  try {
    const res = await apiGet<TrackGetResponse>('/api/tracks/get.php', { hash: serverHash(id) });
    const decoded = res.success ? decodeTrack(res.trackData) : null;
    if (!decoded) console.info(`Shared track ${id} could not be loaded: ${res.error ?? 'malformed track'}`);
    return decoded;
  } catch (error) {
    console.info(`Shared track ${id} could not be loaded`, error);
    return null;
  }
}

/** Native share, then the clipboard, then the console (games spec §8). */
export async function shareLink(url: string): Promise<'shared' | 'copied' | 'logged'> {
  try {
    if (navigator.share) {
      await navigator.share({ title: 'Draw & Race track', url });
      return 'shared';
    }
  } catch {
    // Cancelled or refused: the next way.
  }
  try {
    await navigator.clipboard.writeText(url);
    showMessage('Link copied to the clipboard');
    return 'copied';
  } catch {
    console.log(`Draw & Race track link: ${url}`);
    return 'logged';
  }
}

export async function loadRating(hash: string): Promise<{ userRating: number | null; stats: RatingStats }> {
  const res = await apiGet<RatingGetResponse>('/api/tracks/rate.php', { hash: serverHash(hash) });
  if (!res.success || !res.stats) throw new Error(res.error ?? 'no stats');
  return { userRating: res.userRating, stats: res.stats };
}

export async function submitRating(hash: string, rating: number): Promise<RatingStats> {
  const res = await apiSend<RatingSubmitResponse>('POST', '/api/tracks/rate.php', {
    hash: serverHash(hash),
    rating,
  });
  if (!res.success || !res.stats) throw new Error(res.error ?? 'no stats');
  return res.stats;
}
