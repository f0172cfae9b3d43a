import { useCallback, useEffect, useState } from 'react';
import type { AdminTrack } from '../../api/types.ts';
import { confirmDialog } from '../ui/asyncDialogs.tsx';
import { deleteTrack, fetchTracks, formatNumber, formatWhen, isNetworkError } from './adminApi.ts';

export interface TracksTabProps {
  /** Called after a deletion so the dashboard statistics follow. */
  onChanged?: () => void;
}

/** The server's SVG markup as an image: shown, never executed. */
function previewSrc(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Track Management (spec §2): every stored track, open it in the race, delete it. */
export function TracksTab({ onChanged }: TracksTabProps) {
  const [tracks, setTracks] = useState<AdminTrack[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = await fetchTracks();
      if (answer.success) {
        setTracks(answer.tracks ?? []);
        return;
      }
      setError('Failed to load tracks');
    } catch (err) {
      setError(isNetworkError(err) ? 'Network error loading tracks' : 'Failed to load tracks');
    }
    setTracks((t) => t ?? []);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function remove(track: AdminTrack) {
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
      setTracks((list) => (list ?? []).filter((t) => t.hash !== track.hash));
      onChanged?.();
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
      {tracks === null && <p className="pf-muted">Loading…</p>}
      {tracks !== null && tracks.length === 0 && <p className="pf-muted">No tracks found</p>}
      {tracks !== null && tracks.length > 0 && (
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
                  onClick={() => void remove(track)}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
