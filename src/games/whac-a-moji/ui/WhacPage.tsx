import { useEffect, useId, useState } from 'react';
import { useStore } from 'zustand';
import { useFocusAfterPaint } from '../../../lib/useFocusAfterPaint.ts';
import { GameHeader } from '../../../platform/header/GameHeader.tsx';
import { Leaderboard } from '../../../platform/scores/Leaderboard.tsx';
import { fetchDailyTicket, fetchRunTicket } from '../../../platform/scores/scoresClient.ts';
import { MuteButton } from '../../../platform/ui/MuteButton.tsx';
import {
  COUNTDOWN_INTERVAL_MS,
  COUNTDOWN_START,
  GRIDS,
  HIT_TIERS,
  MAX_MISSED_TIMEOUTS,
  ROUND_MS,
  TOTAL_ROUNDS,
} from '../engine/constants.ts';
import { dailyShareLine } from '../engine/daily.ts';
import type { RoundStats } from '../engine/engine.ts';
import { dailyBestOn, recordDailyScore } from './dailyBest.ts';
import { Grid } from './Grid.tsx';
import { Lives, PlayingHud } from './PlayingHud.tsx';
import { useWhacSound, WhacSound } from './sound.ts';
import { createWhacStore, GAME_ID, type WhacMode, type WhacStore, type WhacView } from './store.ts';
import './whac.css';

function browserStore(sound: WhacSound): WhacStore {
  return createWhacStore({
    fetchTicket: fetchRunTicket,
    fetchDailyTicket,
    wallClock: () => Date.now(),
    dailyBest: dailyBestOn,
    recordDailyBest: recordDailyScore,
    now: () => performance.now(),
    requestFrame: (cb) => requestAnimationFrame(cb),
    cancelFrame: (id) => cancelAnimationFrame(id),
    localSeed: () => crypto.getRandomValues(new Uint32Array(1))[0],
    onGesture: () => sound.unlock(),
    onEvents: (events) => {
      // The 8th round's end is the game's end: one fanfare, not the round's chime on top.
      const finishing = events.some((e) => e.type === 'finished');
      for (const e of events) {
        if (e.type === 'hit') sound.whack(e.points);
        else if (e.type === 'miss') sound.play('miss');
        else if (e.type === 'timeout') sound.play('timeout');
        else if (e.type === 'beep') sound.beep(e.secondsLeft);
        else if (e.type === 'roundStarted') sound.play('round-start');
        else if (e.type === 'roundEnded' && !finishing) sound.play('round-end');
        else if (e.type === 'gameOver') sound.play('game-over');
        else if (e.type === 'finished') sound.play('finished');
      }
    },
  });
}

/** Header HUD: Whac-a-Moji's own persisted mute. */
export function MuteToggle() {
  const muted = useWhacSound((s) => s.muted);
  const toggleMuted = useWhacSound((s) => s.toggleMuted);
  return <MuteButton muted={muted} className="whac-mute" what="sounds" onToggle={toggleMuted} />;
}

/**
 * The intro's tiers come from the scoring table itself, so the text cannot drift from the
 * rules: 20 / 15 / 10 / 5 by speed (games spec §9). Each badge shows the countdown number a
 * player sees at that speed.
 */
const POINTS_TIERS = HIT_TIERS.map((t, i) => ({
  points: t.points,
  withinS: Number.isFinite(t.withinMs) ? t.withinMs / 1000 : null,
  shows: COUNTDOWN_START - Math.floor((i === 0 ? 0 : HIT_TIERS[i - 1].withinMs) / COUNTDOWN_INTERVAL_MS),
}));

function Rules() {
  const first = GRIDS[0];
  const last = GRIDS[GRIDS.length - 1];
  return (
    <div className="whac-rules">
      <p className="whac-lead">
        Emojis pop up with a countdown ({COUNTDOWN_START}, 2, 1: half a second each). Whack them before it
        runs out — the faster, the more points!
      </p>
      <ul className="whac-tiers" aria-label="Points per hit">
        {POINTS_TIERS.map((t) => (
          <li key={t.points}>
            <span className={`whac-tier__badge whac-cell__countdown--${t.shows}`} aria-hidden="true">
              {t.shows}
            </span>
            <span>
              {t.withinS === null ? (
                'Later'
              ) : (
                <>
                  Within <strong>{t.withinS} s</strong>
                </>
              )}
              : <strong>{t.points} points</strong>
            </span>
          </li>
        ))}
      </ul>
      <ul className="whac-rule-list">
        <li>
          A click on an empty hole costs <strong>1 point</strong> (never below 0).
        </li>
        <li>{MAX_MISSED_TIMEOUTS} emojis that get away end the game.</li>
        <li>
          {TOTAL_ROUNDS} rounds of {ROUND_MS / 1000} seconds; the grid grows from {first.rows}×{first.cols} to{' '}
          {last.rows}×{last.cols}.
        </li>
      </ul>
    </div>
  );
}

const MODES: { mode: WhacMode; label: string; hint: string }[] = [
  { mode: 'normal', label: 'Normal', hint: 'New moles every game' },
  { mode: 'daily', label: 'Daily', hint: 'Same moles for everyone today' },
];

/** Normal / Daily: a radio group (arrow keys move between them, as native radios do). */
function ModeSwitch({ store }: { store: WhacStore }) {
  const mode = useStore(store, (s) => s.mode);
  const setMode = useStore(store, (s) => s.setMode);
  const starting = useStore(store, (s) => s.starting);
  const name = useId();
  return (
    <fieldset className="whac-modes" disabled={starting}>
      <legend className="whac-modes__legend">Mode</legend>
      {MODES.map((m) => (
        <label key={m.mode} className="whac-modes__option">
          <input
            type="radio"
            name={name}
            value={m.mode}
            checked={mode === m.mode}
            onChange={() => setMode(m.mode)}
          />
          <span className="whac-modes__label">{m.label}</span>
          <span className="whac-modes__hint">{m.hint}</span>
        </label>
      ))}
    </fieldset>
  );
}

function DailyIntro({ store }: { store: WhacStore }) {
  const day = useStore(store, (s) => s.day);
  return (
    <p className="whac-daily-note" data-testid="whac-daily-day">
      <strong>Daily {day}</strong> (UTC): everyone gets the same moles today. Today's board keeps each
      signed-in player's best run.
    </p>
  );
}

function WaitingScreen({ store }: { store: WhacStore }) {
  const startGame = useStore(store, (s) => s.startGame);
  const starting = useStore(store, (s) => s.starting);
  const mode = useStore(store, (s) => s.mode);
  const day = useStore(store, (s) => s.day);
  const dailyBest = useStore(store, (s) => s.dailyBest);
  return (
    <div className="whac-waiting">
      <section className="whac-card whac-intro" aria-labelledby="whac-intro-title">
        <div className="whac-intro__faces" aria-hidden="true">
          <span>🐸</span>
          <span>🦊</span>
          <span>🐼</span>
          <span>👻</span>
          <span>🦄</span>
        </div>
        <h2 id="whac-intro-title" className="whac-card__title">
          How to play
        </h2>
        <ModeSwitch store={store} />
        {mode === 'daily' && <DailyIntro store={store} />}
        <Rules />
        <button
          type="button"
          className="button whac-cta"
          onClick={() => void startGame()}
          disabled={starting}
        >
          {starting ? 'Starting…' : mode === 'daily' ? 'Start Daily' : 'Start Game'}
        </button>
      </section>
      <div className="whac-card whac-board">
        {mode === 'daily' ? (
          <Leaderboard
            key={`daily-${day}`}
            gameId={GAME_ID}
            title={`Daily ${day}`}
            daily={{ day, localBest: dailyBest }}
          />
        ) : (
          <Leaderboard gameId={GAME_ID} />
        )}
      </div>
    </div>
  );
}

type CopyState = 'idle' | 'copied' | 'failed';

/** The Daily's share line and a button that copies it ("Copied" for a moment after). */
function ShareLine({ day, score }: { day: string; score: number }) {
  const line = dailyShareLine(day, score);
  const [copy, setCopy] = useState<CopyState>('idle');
  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), 2500);
    return () => clearTimeout(timer);
  }, [copy]);
  async function copyLine() {
    try {
      await navigator.clipboard.writeText(line);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }
  return (
    <div className="whac-share">
      <output className="whac-share__line" data-testid="whac-share-line">
        {line}
      </output>
      <button type="button" className="button whac-share__copy" onClick={() => void copyLine()}>
        {copy === 'copied' ? 'Copied' : 'Copy share line'}
      </button>
      <p className="whac-share__status" role="status">
        {copy === 'copied'
          ? 'Share line copied to the clipboard'
          : copy === 'failed'
            ? 'Could not copy: select the line and copy it yourself'
            : ''}
      </p>
    </div>
  );
}

function MiniGrid({ rows, cols }: { rows: number; cols: number }) {
  return (
    <div className="whac-mini" style={{ gridTemplateColumns: `repeat(${cols}, 1fr)` }} aria-hidden="true">
      {Array.from({ length: rows * cols }, (_, i) => (
        <span key={i} />
      ))}
    </div>
  );
}

function RoundStartScreen({ store }: { store: WhacStore }) {
  const round = useStore(store, (s) => s.round);
  const rows = useStore(store, (s) => s.rows);
  const cols = useStore(store, (s) => s.cols);
  const score = useStore(store, (s) => s.score);
  const missed = useStore(store, (s) => s.missedTimeouts);
  const startRound = useStore(store, (s) => s.startRound);
  const button = useFocusAfterPaint<HTMLButtonElement>();
  return (
    <section className="whac-card whac-panel" aria-labelledby="whac-round-title">
      <p className="whac-kicker">
        Round {round} of {TOTAL_ROUNDS}
      </p>
      <h2 id="whac-round-title" className="whac-card__title">
        Get ready!
      </h2>
      <MiniGrid rows={rows} cols={cols} />
      <p className="whac-muted">
        {rows}×{cols} grid · {ROUND_MS / 1000} seconds
      </p>
      {round > 1 && (
        <div className="whac-chips">
          <span className="whac-chip">Score {score}</span>
          <Lives missed={missed} />
        </div>
      )}
      <button ref={button} type="button" className="button whac-cta" onClick={startRound}>
        Start Round
      </button>
    </section>
  );
}

function StatsTable({ stats }: { stats: RoundStats }) {
  return (
    <dl className="whac-stats">
      <div>
        <dt>Hits</dt>
        <dd>
          {stats.hits}/{stats.spawned}
        </dd>
      </div>
      <div>
        <dt>Lightning hits (at 3)</dt>
        <dd>{stats.fastHits}</dd>
      </div>
      <div>
        <dt>Points earned</dt>
        <dd>+{stats.points}</dd>
      </div>
      <div>
        <dt>Missed clicks</dt>
        <dd>
          {stats.missClicks}
          {stats.pointsLost > 0 ? ` (−${stats.pointsLost})` : ''}
        </dd>
      </div>
      <div>
        <dt>Got away</dt>
        <dd>{stats.timeouts}</dd>
      </div>
    </dl>
  );
}

function RoundEndScreen({ store }: { store: WhacStore }) {
  const round = useStore(store, (s) => s.round);
  const stats = useStore(store, (s) => s.roundStats);
  const score = useStore(store, (s) => s.score);
  const missed = useStore(store, (s) => s.missedTimeouts);
  const nextRound = useStore(store, (s) => s.nextRound);
  const button = useFocusAfterPaint<HTMLButtonElement>();
  return (
    <section className="whac-card whac-panel" aria-labelledby="whac-round-end-title">
      <p className="whac-kicker">
        Round {round} of {TOTAL_ROUNDS}
      </p>
      <h2 id="whac-round-end-title" className="whac-card__title">
        Round {round} complete!
      </h2>
      <StatsTable stats={stats} />
      <div className="whac-chips">
        <span className="whac-chip whac-chip--big">Total {score}</span>
        <Lives missed={missed} />
      </div>
      <button ref={button} type="button" className="button whac-cta" onClick={nextRound}>
        Next Round
      </button>
    </section>
  );
}

function Confetti() {
  const bits = ['🎉', '⭐', '🐸', '✨', '🦄', '🎊', '🐼', '💛', '🦊', '🎉', '✨', '⭐'];
  return (
    <div className="whac-confetti" aria-hidden="true">
      {bits.map((b, i) => (
        <span key={i} style={{ left: `${(i * 83) % 100}%`, animationDelay: `${(i % 6) * 0.25}s` }}>
          {b}
        </span>
      ))}
    </div>
  );
}

function EndScreen({ store, finished }: { store: WhacStore; finished: boolean }) {
  const score = useStore(store, (s) => s.score);
  const roundsCompleted = useStore(store, (s) => s.roundsCompleted);
  const history = useStore(store, (s) => s.history);
  const submission = useStore(store, (s) => s.submission);
  const verifiable = useStore(store, (s) => s.verifiable);
  const playAgain = useStore(store, (s) => s.playAgain);
  const mode = useStore(store, (s) => s.mode);
  const day = useStore(store, (s) => s.day);
  const dailyBest = useStore(store, (s) => s.dailyBest);
  const hits = history.reduce((n, h) => n + h.hits, 0);
  const missClicks = history.reduce((n, h) => n + h.missClicks, 0);
  return (
    <div className="whac-end">
      {finished && <Confetti />}
      <section className="whac-card whac-panel" aria-labelledby="whac-end-title">
        <p className="whac-kicker">
          {mode === 'daily' ? `Daily ${day} · ` : ''}
          {finished ? 'All 8 rounds cleared' : `${MAX_MISSED_TIMEOUTS} emojis got away`}
        </p>
        <h2 id="whac-end-title" className="whac-card__title">
          {finished ? 'Game Complete!' : 'Game Over'}
        </h2>
        <p className="whac-final" data-testid="whac-final-score">
          {score}
          <span className="whac-final__unit">points</span>
        </p>
        <div className="whac-chips">
          <span className="whac-chip">
            Rounds {roundsCompleted}/{TOTAL_ROUNDS}
          </span>
          <span className="whac-chip">Hits {hits}</span>
          <span className="whac-chip">Missed clicks {missClicks}</span>
        </div>
        {mode === 'daily' && <ShareLine day={day} score={score} />}
        {!verifiable && (
          <p className="whac-muted whac-small">
            This run was played offline from the score server, so it is submitted unverified.
          </p>
        )}
        <button type="button" className="button whac-cta" onClick={playAgain}>
          Play Again
        </button>
      </section>
      <div className="whac-card whac-board">
        {mode === 'daily' ? (
          <Leaderboard
            gameId={GAME_ID}
            title={`Daily ${day}`}
            daily={{ day, localBest: dailyBest }}
            submission={submission}
          />
        ) : (
          <Leaderboard gameId={GAME_ID} submission={submission} />
        )}
      </div>
    </div>
  );
}

function Game({ store }: { store: WhacStore }) {
  const phase = useStore(store, (s) => s.phase);
  return (
    <div className="whac-screen" data-phase={phase} key={phase}>
      <Screen store={store} phase={phase} />
    </div>
  );
}

function Screen({ store, phase }: { store: WhacStore; phase: WhacView['phase'] }) {
  switch (phase) {
    case 'waiting':
      return <WaitingScreen store={store} />;
    case 'round-start':
      return <RoundStartScreen store={store} />;
    case 'playing':
      return (
        <div className="whac-play">
          <PlayingHud store={store} />
          <Grid store={store} />
        </div>
      );
    case 'round-end':
      return <RoundEndScreen store={store} />;
    case 'game-over':
      return <EndScreen store={store} finished={false} />;
    case 'finished':
      return <EndScreen store={store} finished />;
  }
}

/** /whac-a-moji */
export function WhacPage() {
  const [store, setStore] = useState<WhacStore | null>(null);
  useEffect(() => {
    const sound = new WhacSound();
    const s = browserStore(sound);
    setStore(s);
    return () => {
      s.getState().dispose();
      sound.dispose();
    };
  }, []);
  return (
    <div className="whac-page">
      <GameHeader title="Whac-a-Moji">
        <MuteToggle />
      </GameHeader>
      <main className="whac-main">{store && <Game store={store} />}</main>
    </div>
  );
}
