import { useCallback, useState } from 'react';
import type { AdminTrack } from '../../api/types.ts';
import { confirmDialog } from '../ui/asyncDialogs.tsx';
import {
  deleteTrack,
  fetchTracks,
  formatNumber,
  formatWhen,
  isNetworkError,
  TRACKS_PAGE_SIZE,
} from './adminApi.ts';
import { PagedTable } from './PagedTable.tsx';

export interface TracksTabProps {
  /** Called after a deletion so the dashboard statistics follow. */
  onChanged?: () => void;
}

/** The server's SVG markup as an image: shown, never executed. */
function previewSrc(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Track Management (spec §2): every stored track, a page at a time; open it in the race, delete it from any page. */
export function TracksTab({ onChanged }: TracksTabProps) {
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (offset: number) => {
    const answer = await fetchTracks(offset);
    if (!answer.success) throw new Error(answer.error || 'Failed to load tracks');
    return { items: answer.tracks ?? [], total: answer.total ?? 0 };
  }, []);

  async function remove(track: AdminTrack, reload: () => Promise<void>) {
    if (
      !(await confirmDialog(`Delete track ${track.hash}? This cannot be undone.`, {
        okLabel: 'Delete',
        danger: true,
      }))
    )
      return;
    try {
      const answer = await deleteTrack(track.hash);
      if (!answer.success) {
        setError('Failed to delete track');
        return;
      }
      onChanged?.();
      await reload();
    } catch (err) {
      setError(isNetworkError(err) ? 'Network error deleting track' : 'Failed to delete track');
    }
  }

  return (
    <div className="admin-tab">
      {error && (
        <div className="admin-banner" role="alert">
          <span>{error}</span>
          <button
            type="button"
            className="admin-banner__close"
            aria-label="Dismiss error"
            onClick={() => setError(null)}
          >
            ×
          </button>
        </div>
      )}
      <PagedTable
        pageSize={TRACKS_PAGE_SIZE}
        load={load}
        pagerLabel="Track pages"
        emptyText="No tracks found"
        onError={(err) =>
          setError(isNetworkError(err) ? 'Network error loading tracks' : 'Failed to load tracks')
        }
      >
        {(tracks, reload) => (
          <ul className="admin-tracks">
            {tracks.map((track) => (
              <li key={track.hash} className="admin-track">
                <img
                  className="admin-track__preview"
                  src={previewSrc(track.preview)}
                  alt={`Track ${track.hash}`}
                />
                <dl className="admin-track__facts">
                  <div>
                    <dt>hash</dt>
                    <dd className="admin-mono">{track.hash}</dd>
                  </div>
                  <div>
                    <dt>version</dt>
                    <dd>{track.version}</dd>
                  </div>
                  <div>
                    <dt>created_at</dt>
                    <dd>{formatWhen(track.created_at)}</dd>
                  </div>
                  <div>
                    <dt>point_count</dt>
                    <dd>{track.point_count}</dd>
                  </div>
                  <div>
                    <dt>brush_width</dt>
                    <dd>{formatNumber(track.brush_width, 2)}</dd>
                  </div>
                  <div>
                    <dt>ip_address</dt>
                    <dd className="admin-mono">{track.ip_address ?? '—'}</dd>
                  </div>
                  <div>
                    <dt>load_count</dt>
                    <dd>{track.load_count}</dd>
                  </div>
                  <div>
                    <dt>last_loaded_at</dt>
                    <dd>{formatWhen(track.last_loaded_at)}</dd>
                  </div>
                  <div>
                    <dt>avg_rating</dt>
                    <dd>{formatNumber(track.avg_rating, 2)}</dd>
                  </div>
                  <div>
                    <dt>rating_count</dt>
                    <dd>{track.rating_count}</dd>
                  </div>
                </dl>
                <div className="admin-track__actions">
                  <a
                    className="button button--ghost button--small"
                    href={`/race?track=db_${encodeURIComponent(track.hash)}`}
                    target="_blank"
                    rel="noopener"
                  >
                    Open
                  </a>
                  <button
                    type="button"
                    className="button pf-button--danger button--small"
                    aria-label={`Delete track ${track.hash}`}
                    onClick={() => void remove(track, reload)}
                  >
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedTable>
    </div>
  );
}
