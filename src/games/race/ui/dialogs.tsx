import { useEffect, useState } from 'react';
import type { GalleryTrack, RatingStats, TrackGalleryResponse } from '../../../api/types.ts';
import { apiGet } from '../../../lib/api.ts';
import { useFields } from '../../../lib/useFields.ts';
import { Dialog } from '../../../platform/ui/Dialog.tsx';
import { VolumeField } from '../../../platform/ui/VolumeField.tsx';
import { MAX_LAPS, MIN_LAPS } from '../engine/constants.ts';
import { parsePath } from '../engine/shareCodec.ts';
import type { RaceSession } from './session.ts';
import { loadRating, shareLink, submitRating } from './sharing.ts';
import { useRaceSound } from './sound.ts';
import { showMessage, useRaceStore } from './store.ts';

/** Volume (0–1, step 0.01, default 0.8) and mute (the race's own, persisted), and the laps of a race. */
export function SettingsDialog({ session }: { session: RaceSession | null }) {
  const {
    settingsOpen: open,
    totalLaps: laps,
    phase,
  } = useFields(useRaceStore, ['settingsOpen', 'totalLaps', 'phase']);
  const sound = useRaceSound();
  const close = () => useRaceStore.setState({ settingsOpen: false });
  const idle = phase === 'idle';
  return (
    <Dialog open={open} onClose={close} title="Settings" className="race-dialog">
      <div className="race-settings">
        <VolumeField
          id="race-volume"
          volume={sound.volume}
          onChange={sound.setVolume}
          steps="fraction"
          rowClassName="race-settings__row"
        />
        <label htmlFor="race-mute">Mute</label>
        <div className="race-settings__row">
          <input
            id="race-mute"
            type="checkbox"
            className="race-check"
            checked={sound.muted}
            onChange={(e) => sound.setMuted(e.target.checked)}
          />
        </div>
        <span id="race-laps-label">
          Laps <span className="race-settings__range">{`(${MIN_LAPS}–${MAX_LAPS})`}</span>
        </span>
        <fieldset className="race-settings__row race-fieldset" aria-labelledby="race-laps-label">
          <button
            type="button"
            className="race-round"
            aria-label="Fewer laps"
            disabled={!idle || laps <= MIN_LAPS}
            onClick={() => session?.setLaps(laps - 1)}
          >
            −
          </button>
          <output aria-live="polite" data-testid="race-laps">
            {laps}
          </output>
          <button
            type="button"
            className="race-round"
            aria-label="More laps"
            title={laps >= MAX_LAPS ? `At most ${MAX_LAPS} laps` : undefined}
            disabled={!idle || laps >= MAX_LAPS}
            onClick={() => session?.setLaps(laps + 1)}
          >
            +
          </button>
        </fieldset>
      </div>
      {!idle && <p className="race-dialog__note">Laps can change between races (press Reset).</p>}
      <div className="race-dialog__actions">
        <button type="button" className="button button--small" onClick={close}>
          Done
        </button>
      </div>
    </Dialog>
  );
}

/** The track-hash dialog: the share id and link of the stored track. */
export function ShareDialog() {
  const {
    shareOpen: open,
    trackId,
    shareUrl: url,
  } = useFields(useRaceStore, ['shareOpen', 'trackId', 'shareUrl']);
  const close = () => useRaceStore.setState({ shareOpen: false });
  return (
    <Dialog open={open} onClose={close} title="Share track" className="race-dialog">
      <p>Anyone with this link can race your track.</p>
      <label className="race-field">
        <span>Track ID</span>
        <input
          readOnly
          value={trackId ?? ''}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="race-track-id"
        />
      </label>
      <label className="race-field">
        <span>Link</span>
        <input
          readOnly
          value={url ?? ''}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="race-share-url"
        />
      </label>
      <div className="race-dialog__actions">
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => url && void shareLink(url)}
        >
          Copy link
        </button>
        <button type="button" className="button button--small" onClick={close}>
          Done
        </button>
      </div>
    </Dialog>
  );
}

type RatingState =
  | { status: 'loading' }
  | { status: 'error'; text: string; stats: RatingStats | null; userRating: number | null }
  | { status: 'ready' | 'submitting'; stats: RatingStats; userRating: number | null };

/** 1–5 stars for the current shared track, with its average and count. */
export function RatingPopup() {
  const { ratingOpen: open, trackId } = useFields(useRaceStore, ['ratingOpen', 'trackId']);
  const [state, setState] = useState<RatingState>({ status: 'loading' });
  const [hover, setHover] = useState(0);

  useEffect(() => {
    if (!open || !trackId) return;
    let live = true;
    setState({ status: 'loading' });
    loadRating(trackId)
      .then((r) => live && setState({ status: 'ready', stats: r.stats, userRating: r.userRating }))
      .catch((error: unknown) => {
        console.warn('Loading the rating failed', error);
        if (live)
          setState({ status: 'error', text: 'Failed to load rating data', stats: null, userRating: null });
      });
    return () => {
      live = false;
    };
  }, [open, trackId]);

  const close = () => useRaceStore.setState({ ratingOpen: false });
  const rate = async (stars: number) => {
    if (!trackId || state.status === 'loading' || state.status === 'submitting') return;
    const previous = 'stats' in state ? state.stats : null;
    if (!previous) return;
    setState({ status: 'submitting', stats: previous, userRating: stars });
    try {
      const stats = await submitRating(trackId, stars);
      setState({ status: 'ready', stats, userRating: stars });
    } catch (error) {
      console.warn('Submitting the rating failed', error);
      setState({
        status: 'error',
        text: 'Failed to submit rating',
        stats: previous,
        userRating: state.userRating,
      });
    }
  };
  const stats = 'stats' in state ? state.stats : null;
  const userRating = 'userRating' in state ? state.userRating : null;
  const shown = hover || userRating || 0;
  return (
    <Dialog open={open} onClose={close} title="Rate this track" className="race-dialog race-rating">
      {state.status === 'loading' ? (
        <p role="status">Loading rating...</p>
      ) : (
        <>
          <fieldset className="race-stars race-fieldset" aria-label="Your rating">
            {[1, 2, 3, 4, 5].map((n) => (
              <button
                key={n}
                type="button"
                className={`race-star${n <= shown ? ' is-on' : ''}`}
                aria-label={`${n} star${n === 1 ? '' : 's'}`}
                aria-pressed={userRating === n}
                disabled={state.status === 'submitting' || !stats}
                onMouseEnter={() => setHover(n)}
                onMouseLeave={() => setHover(0)}
                onClick={() => void rate(n)}
              >
                ★
              </button>
            ))}
          </fieldset>
          {state.status === 'submitting' && <p role="status">Submitting rating...</p>}
          {state.status === 'error' && (
            <p className="race-dialog__error" role="alert">
              {state.text}
            </p>
          )}
          {stats && (
            <p className="race-rating__stats" data-testid="race-rating-stats">
              Average {stats.ratingCount > 0 ? stats.avgRating.toFixed(1) : '–'} ★ from {stats.ratingCount}{' '}
              {stats.ratingCount === 1 ? 'rating' : 'ratings'} · raced {stats.loadCount}{' '}
              {stats.loadCount === 1 ? 'time' : 'times'}
            </p>
          )}
        </>
      )}
      <div className="race-dialog__actions">
        <button type="button" className="button button--small" onClick={close}>
          Close
        </button>
      </div>
    </Dialog>
  );
}

/** A track's outline for the gallery, from its v3 path (0..1000 on both axes). */
function Thumbnail({ track }: { track: GalleryTrack }) {
  const points = parsePath(track.path) ?? [];
  const aspect = track.originalAspectRatio > 0 ? track.originalAspectRatio : 1;
  const w = aspect >= 1 ? 1000 : 1000 * aspect;
  const h = aspect >= 1 ? 1000 / aspect : 1000;
  const d = points.map((p) => `${((p.x / 1000) * w).toFixed(1)},${((p.y / 1000) * h).toFixed(1)}`).join(' ');
  const stroke = (track.b / 760) * Math.max(w, h);
  return (
    <svg viewBox={`-40 -40 ${w + 80} ${h + 80}`} className="race-thumb" aria-hidden="true">
      <rect x={-40} y={-40} width={w + 80} height={h + 80} fill="#4a9a3c" />
      <polygon points={d} fill="none" stroke="#fff" strokeWidth={stroke + 8} strokeLinejoin="round" />
      <polygon points={d} fill="none" stroke="#3b3d42" strokeWidth={stroke} strokeLinejoin="round" />
    </svg>
  );
}

/** Beyond the spec: the best-rated shared tracks (GET /api/tracks/gallery.php), opened with a click. */
export function GalleryDialog({ session }: { session: RaceSession | null }) {
  const open = useRaceStore((s) => s.galleryOpen);
  const [tracks, setTracks] = useState<GalleryTrack[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setTracks(null);
    setError(null);
    apiGet<TrackGalleryResponse>('/api/tracks/gallery.php', { limit: 12 })
      .then((res) => {
        if (!live) return;
        if (res.success) setTracks(res.tracks);
        else setError('Could not load the gallery');
      })
      .catch((e: unknown) => {
        console.warn('Loading the gallery failed', e);
        if (live) setError('Could not load the gallery');
      });
    return () => {
      live = false;
    };
  }, [open]);
  const close = () => useRaceStore.setState({ galleryOpen: false });
  const pick = (hash: string) => {
    close();
    if (!session) return;
    // openShared never rejects (it reports its own failures).
    session.openShared(`db_${hash}`).then((ok) => {
      if (!ok) showMessage('That track could not be opened');
    });
  };
  return (
    <Dialog open={open} onClose={close} title="Best-rated tracks" className="race-dialog race-gallery">
      {error && (
        <p className="race-dialog__error" role="alert">
          {error}
        </p>
      )}
      {!tracks && !error && <p role="status">Loading tracks...</p>}
      {tracks && tracks.length === 0 && <p>No rated tracks yet: share yours and rate it!</p>}
      {tracks && tracks.length > 0 && (
        <ul className="race-gallery__list">
          {tracks.map((t) => (
            <li key={t.hash}>
              <button type="button" className="race-gallery__item" onClick={() => pick(t.hash)}>
                <Thumbnail track={t} />
                <span>
                  ★ {t.avgRating.toFixed(1)} · {t.ratingCount} {t.ratingCount === 1 ? 'rating' : 'ratings'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="race-dialog__actions">
        <button type="button" className="button button--small" onClick={close}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
