import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { StoppedNotice } from '../../../lib/runtime/StoppedNotice.tsx';
import { couldNotStart, useGameSession } from '../../../lib/runtime/useGameSession.ts';
import { useFields } from '../../../lib/useFields.ts';
import { GameHeader } from '../../../platform/header/GameHeader.tsx';
import { LiveStatus } from '../../../platform/ui/LiveStatus.tsx';
import { BRUSH_MAX, BRUSH_MIN, MAX_CARS, MESSAGES, SMALL_SCREEN_MIN_SIDE } from '../engine/constants.ts';
import { GalleryDialog, RatingPopup, SettingsDialog, ShareDialog } from './dialogs.tsx';
import { CarDot, carName, RankPanel } from './RankPanel.tsx';
import { RaceSession } from './session.ts';
import { lapLabel, ordinal, showMessage, useRaceStore } from './store.ts';
import './race.css';

/** Small screen (games spec §9): the viewport's shorter side below 500 px. */
export const SMALL_SCREEN_QUERY = `(max-width: ${SMALL_SCREEN_MIN_SIDE - 0.02}px), (max-height: ${SMALL_SCREEN_MIN_SIDE - 0.02}px)`;

/** True while the viewport's shorter side is below 500 px: the toolbar and the rank panel take their compact layout. */
function useSmallScreen(): boolean {
  const [small, setSmall] = useState(() => window.matchMedia?.(SMALL_SCREEN_QUERY).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(SMALL_SCREEN_QUERY);
    if (!query) return;
    const update = () => setSmall(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return small;
}

const REPEAT_DELAY_MS = 300;
const REPEAT_EVERY_MS = 60;

/** Click to change once; hold for a repeat every 60 ms after 300 ms (the brush − / + buttons). */
function useAutoRepeat(action: () => void) {
  const timers = useRef<{
    delay: ReturnType<typeof setTimeout> | null;
    every: ReturnType<typeof setInterval> | null;
  }>({ delay: null, every: null });
  const stop = () => {
    if (timers.current.delay) clearTimeout(timers.current.delay);
    if (timers.current.every) clearInterval(timers.current.every);
    timers.current = { delay: null, every: null };
  };
  useEffect(
    () => () => {
      if (timers.current.delay) clearTimeout(timers.current.delay);
      if (timers.current.every) clearInterval(timers.current.every);
    },
    [],
  );
  return {
    onPointerDown: (e: ReactPointerEvent<HTMLButtonElement>) => {
      if (e.button !== 0 || e.currentTarget.disabled) return;
      stop();
      action();
      timers.current.delay = setTimeout(() => {
        timers.current.every = setInterval(action, REPEAT_EVERY_MS);
      }, REPEAT_DELAY_MS);
    },
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    // Keyboard (Enter / Space) arrives as a click with no pointer press.
    onClick: (e: React.MouseEvent) => {
      if (e.detail === 0) action();
    },
  };
}

function readTrackParam(): string | null {
  return new URLSearchParams(window.location.search).get('track');
}

/** Drops ?track= from the address once read (games spec §2). */
function removeTrackParam(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('track')) return;
  url.searchParams.delete('track');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * What the canvas shows, for screen readers: the track drawn, the cars, your car's place
 * and lap during the race, and the finishing order.
 */
function RaceAnnouncer() {
  const s = useRaceStore(
    useShallow((st) => ({
      phase: st.phase,
      finalized: st.finalized,
      cars: st.cars.length,
      selectedId: st.selectedId,
      ranking: st.ranking,
      totalLaps: st.totalLaps,
      results: st.results,
    })),
  );
  let text = '';
  if (s.results) {
    const order = s.results
      .map((r) =>
        r.place ? `${ordinal(r.place)} ${carName(r.carId)}` : `${carName(r.carId)} did not finish`,
      )
      .join(', ');
    text = `Race over. ${order}.`;
  } else if (s.phase === 'running' || s.phase === 'countdown') {
    const at = s.ranking.findIndex((r) => r.id === s.selectedId);
    const mine = s.ranking[at];
    text =
      at >= 0 && mine
        ? `You are ${ordinal(at + 1)} of ${s.ranking.length}, lap ${lapLabel(mine.laps, mine.place, s.totalLaps, s.phase)}.`
        : `Racing: ${s.cars} cars.`;
  } else if (s.finalized) text = `Track ready. ${s.cars} ${s.cars === 1 ? 'car' : 'cars'} on the grid.`;
  return <LiveStatus text={text} testId="race-live" />;
}

function DebugReadout() {
  const info = useRaceStore((st) => st.debugInfo);
  return (
    <section className="race-debug" aria-label="Debug readout">
      <div>FPS {info.fps}</div>
      <div>Racing line {info.racingLineMs.toFixed(1)} ms</div>
      {info.cars.map((c) => (
        <div key={c.id}>
          #{c.id} v {c.speed.toFixed(1)}/{c.maxSpeed.toFixed(1)} seg {c.segIdx} laps {c.laps}
        </div>
      ))}
    </section>
  );
}

export function RacePage() {
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasBoxRef = useRef<HTMLDivElement>(null);
  const small = useSmallScreen();
  const s = useFields(useRaceStore, [
    'ready',
    'failure',
    'stopped',
    'introOpen',
    'phase',
    'finalized',
    'brush',
    'cars',
    'selectedId',
    'countdown',
    'results',
    'endReason',
    'message',
    'mobileNotice',
    'trackId',
    'sharing',
    'debug',
  ]);
  const session = useGameSession({
    game: 'Draw & Race',
    create: () => new RaceSession(stageRef.current!, canvasBoxRef.current!),
    start: (created) => created.start(readTrackParam()).finally(removeTrackParam),
    failed: () => useRaceStore.setState({ failure: couldNotStart('The race track') }),
  });

  const smaller = useAutoRepeat(() => session?.changeBrush(-1));
  const bigger = useAutoRepeat(() => session?.changeBrush(1));

  const idle = s.phase === 'idle';
  const racing = s.phase === 'countdown' || s.phase === 'running';
  const selected = s.cars.find((c) => c.id === s.selectedId) ?? null;
  const canStart = idle && s.finalized && s.cars.length > 0;
  // Add Car is enabled only once the track is finalized (games spec §5), and between races.
  // Shown disabled otherwise (aria-disabled, so a tap still reaches it) and a tap says why:
  // 'Cannot add car: track must be drawn first'. The cap of 16 is no reason to disable it:
  // the 17th tap says 'Cannot add car: maximum of 16 cars reached' (the engine's answers).
  const addCarBlocked = !s.finalized || !idle;
  const addCar = () => {
    if (!s.finalized) {
      showMessage(MESSAGES.noTrack);
      return;
    }
    session?.addCar();
  };

  return (
    <div
      className={`race-page${small ? ' race-page--small' : ''}`}
      data-small-screen={small ? 'true' : 'false'}
    >
      <GameHeader title="Draw & Race!" onSettings={() => useRaceStore.setState({ settingsOpen: true })}>
        <label className="race-switch">
          <input type="checkbox" checked={s.debug} onChange={(e) => session?.setDebug(e.target.checked)} />
          <span>Debug</span>
        </label>
      </GameHeader>
      <main className="race-main">
        <div
          className={`race-stage${!s.finalized && !s.introOpen && !racing ? ' is-drawing' : ''}`}
          ref={stageRef}
          data-testid="race-stage"
          data-phase={s.phase}
          data-cars={s.cars.length}
          data-finalized={s.finalized ? 'true' : 'false'}
          data-track-id={s.trackId ?? ''}
          data-ready={s.ready ? 'true' : 'false'}
          aria-label="Race track: draw a closed loop here"
          role="img"
        >
          <div className="scene-box" ref={canvasBoxRef} />
        </div>

        <div className="race-notices">
          {s.failure && (
            <div className="race-banner race-banner--error" role="alert">
              {s.failure}
            </div>
          )}
          {s.stopped && (
            <StoppedNotice
              className="race-banner race-banner--error race-stopped"
              message={s.stopped}
              onRestart={() => session?.restart()}
            />
          )}
          {s.message && (
            <div className="race-banner" role="status" key={s.message.id}>
              {s.message.text}
            </div>
          )}
          {s.mobileNotice && (
            <div className="race-mobile-notice" role="status">
              {MESSAGES.mobile}
            </div>
          )}
        </div>

        {s.introOpen && (
          <section className="race-intro" aria-labelledby="race-intro-title">
            <h2 id="race-intro-title">Draw &amp; Race</h2>
            <ol>
              <li>Draw a closed-loop road (one stroke).</li>
              <li>Add at least one car.</li>
              <li>Press Start to race!</li>
            </ol>
            <div className="race-intro__actions">
              <button
                type="button"
                className="button"
                onClick={() => session?.closeIntro()}
                disabled={!s.ready}
              >
                Start
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => useRaceStore.setState({ galleryOpen: true })}
              >
                <span aria-hidden="true">🏆</span> Best-rated tracks
              </button>
            </div>
          </section>
        )}

        {!s.introOpen && !s.finalized && idle && (
          <p className="race-hint" aria-hidden="true">
            Draw a closed loop in one stroke
          </p>
        )}

        {s.countdown !== null && (
          <div
            className={`race-countdown${s.countdown === 0 ? ' is-go' : ''}`}
            aria-live="assertive"
            key={s.countdown}
          >
            {s.countdown === 0 ? 'GO!' : s.countdown}
          </div>
        )}

        <RankPanel picker={session} strip={small && !s.introOpen} />
        <RaceAnnouncer />

        {s.results && (
          <section className="race-results" aria-labelledby="race-results-title">
            <h2 id="race-results-title">Race Results</h2>
            <ol>
              {s.results.map((r, i) => (
                <li key={r.carId}>
                  <span className="race-results__place">{['🏆 Winner', '🥈 2nd', '🥉 3rd'][i]}</span>
                  <CarDot color={r.color} />
                  <span>
                    {carName(r.carId)}
                    {r.carId === s.selectedId ? ' (you)' : ''}
                  </span>
                  {r.place === null && <span className="race-results__dnf">(DNF)</span>}
                </li>
              ))}
            </ol>
            {s.endReason === 'celebration_timeout' && (
              <p className="race-results__timeout">{MESSAGES.timeout}</p>
            )}
            <div className="race-results__actions">
              <button type="button" className="button button--small" onClick={() => session?.reset()}>
                Race again
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => useRaceStore.setState({ results: null })}
              >
                Close
              </button>
              {s.trackId && (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => useRaceStore.setState({ ratingOpen: true })}
                >
                  ⭐ Rate track
                </button>
              )}
            </div>
          </section>
        )}

        {s.debug && <DebugReadout />}

        {!s.introOpen && (
          <nav className="race-toolbar" aria-label="Race controls">
            <fieldset className="race-toolbar__group race-fieldset" aria-label="Brush size">
              <button
                type="button"
                className="race-tool race-tool--round"
                aria-label="Smaller brush"
                disabled={s.finalized || s.brush <= BRUSH_MIN}
                {...smaller}
              >
                −
              </button>
              <output className="race-toolbar__value" aria-label="Brush size">
                {s.brush}
              </output>
              <button
                type="button"
                className="race-tool race-tool--round"
                aria-label="Bigger brush"
                disabled={s.finalized || s.brush >= BRUSH_MAX}
                {...bigger}
              >
                +
              </button>
            </fieldset>
            <button
              type="button"
              className="race-tool"
              onClick={addCar}
              aria-disabled={addCarBlocked}
              title={s.cars.length >= MAX_CARS ? MESSAGES.maxCars : undefined}
            >
              <span aria-hidden="true">🚗</span>
              <span className="race-tool__label">Add Car</span>
            </button>
            <fieldset className="race-toolbar__group race-fieldset" aria-label="Your car">
              <button
                type="button"
                className="race-tool race-tool--round"
                aria-label="Previous car"
                disabled={s.cars.length < 2}
                onClick={() => session?.cycleCar(-1)}
              >
                ◀
              </button>
              <button
                type="button"
                className="race-tool race-chip"
                disabled={s.cars.length === 0}
                onClick={() => session?.cycleCar(1)}
                aria-label={selected ? `Your car: ${carName(selected.id)} (next car)` : 'No car yet'}
              >
                {selected ? <CarDot color={selected.color} /> : null}
                {selected ? carName(selected.id) : 'No car'}
              </button>
              <button
                type="button"
                className="race-tool race-tool--round"
                aria-label="Next car"
                disabled={s.cars.length < 2}
                onClick={() => session?.cycleCar(1)}
              >
                ▶
              </button>
            </fieldset>
            <button
              type="button"
              className="race-tool race-tool--go"
              disabled={!canStart}
              onClick={() => session?.startRace()}
            >
              <span aria-hidden="true">🏁</span>
              <span className="race-tool__label race-tool__label--keep">Start</span>
            </button>
            <button type="button" className="race-tool" disabled={idle} onClick={() => session?.reset()}>
              <span aria-hidden="true">↺</span>
              <span className="race-tool__label">Reset</span>
            </button>
            <button
              type="button"
              className="race-tool"
              disabled={!s.finalized || racing}
              onClick={() => session?.clearTrack()}
            >
              <span aria-hidden="true">🗑</span>
              <span className="race-tool__label">Clear Track</span>
            </button>
            <button
              type="button"
              className="race-tool"
              disabled={!s.finalized || s.sharing}
              onClick={() => session?.share()}
            >
              <span aria-hidden="true">🔗</span>
              <span className="race-tool__label">Share</span>
            </button>
            <button
              type="button"
              className="race-tool"
              aria-label="Screenshot"
              title="Save a PNG of the track"
              onClick={() => session?.screenshot()}
            >
              📷
            </button>
            {s.trackId && (
              <button
                type="button"
                className="race-tool"
                aria-label="Rate track"
                onClick={() => useRaceStore.setState({ ratingOpen: true })}
              >
                ⭐
              </button>
            )}
          </nav>
        )}
      </main>
      <SettingsDialog session={session} />
      <ShareDialog />
      <RatingPopup />
      <GalleryDialog session={session} />
    </div>
  );
}
