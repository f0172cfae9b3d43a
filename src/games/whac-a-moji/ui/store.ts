/**
 * The page's game controller as a zustand store: named user actions (startGame,
 * startRound, whack, nextRound, playAgain) drive the recorded engine; a frame loop feeds
 * it real time in fixed ticks. The view state changes only when the grid, the whole
 * seconds or the phase change, so React does not re-render per frame; the timer bar
 * animates on the compositor from the exact time (`exactMsLeft`) at each whole second.
 */
import { shallow } from 'zustand/shallow';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LeaderboardSubmission } from '../../../platform/scores/Leaderboard.tsx';
import { ROUND_MS, TICK_MS } from '../engine/constants.ts';
import { dailySeed, utcDayOf } from '../engine/daily.ts';
import {
  msLeft,
  type Phase,
  playedSeconds,
  type RoundStats,
  scoreMetadata,
  type WhacEvent,
} from '../engine/engine.ts';
import { RecordedWhacGame } from '../engine/replay.ts';

export const GAME_ID = 'whac-a-moji';
/** The longest real-time gap one frame may feed the engine (a hidden tab or a stall pauses play). */
export const MAX_FRAME_MS = 250;
/** The server's body limit is 64 KiB: a longer log is submitted without the run (unverified). */
export const MAX_RUN_JSON_CHARS = 56_000;
/** How long Start Game waits for a pending run ticket before playing with a local seed. */
export const TICKET_WAIT_MS = 4_000;

export interface SlotView {
  emoji: string | null;
  isHit: boolean;
  countdown: number;
  points: number;
  cross: boolean;
  serial: number;
}

export type TicketState =
  | { status: 'pending' }
  | { status: 'ready'; ticket: string; seed: number; day?: string }
  | { status: 'failed' };

/** Normal: a fresh random sequence each game. Daily: the UTC day's sequence, the same for everyone. */
export type WhacMode = 'normal' | 'daily';

export type SoundCue = WhacEvent['type'];

export interface WhacDeps {
  fetchTicket(gameId: string): Promise<{ ticket: string; seed: number }>;
  now(): number;
  requestFrame(cb: (now: number) => void): number;
  cancelFrame(id: number): void;
  localSeed(): number;
  /** Sound (and any other side effect) for engine events. */
  onEvents?(events: WhacEvent[]): void;
  /** Called from the Start Game gesture, so audio can start. */
  onGesture?(): void;
  /** Today's Daily ticket (its seed is the day's); without it Daily runs play unverified. */
  fetchDailyTicket?(gameId: string): Promise<{ ticket: string; seed: number; day: string }>;
  /** Wall-clock time (ms since the epoch): what decides the Daily's UTC day. */
  wallClock?(): number;
  /** This device's best Daily score of a day, and recording a finished Daily run's score. */
  dailyBest?(day: string): number | null;
  recordDailyBest?(day: string, score: number): void;
}

export interface WhacView {
  phase: Phase;
  round: number;
  rows: number;
  cols: number;
  score: number;
  missedTimeouts: number;
  roundsCompleted: number;
  secondsLeft: number;
  slots: SlotView[];
  roundStats: RoundStats;
  history: RoundStats[];
  ticket: TicketState;
  /** True once Start Game was pressed and the page waits for the ticket. */
  starting: boolean;
  /** Whether the current game is recorded under a server ticket (verifiable). */
  verifiable: boolean;
  /** Set once when the game ends (game-over/finished); stable identity for the Leaderboard. */
  submission: LeaderboardSubmission | null;
  /** Bumps on each hit, so the HUD score can pop. */
  hits: number;
  mode: WhacMode;
  /** Daily: the UTC day shown on the start screen, then the day of the run being played. */
  day: string;
  /** Daily: this device's best score of `day`. */
  dailyBest: number | null;
}

export interface WhacActions {
  startGame(): Promise<void>;
  /** Normal or Daily, chosen on the start screen. */
  setMode(mode: WhacMode): void;
  startRound(): void;
  whack(slot: number): void;
  nextRound(): void;
  playAgain(): void;
  /** Exact ms left in the round, for per-frame visuals outside React. */
  exactMsLeft(): number;
  subscribeFrame(cb: (msLeft: number) => void): () => void;
  dispose(): void;
}

export type WhacStore = StoreApi<WhacView & WhacActions>;

/** The grid as the view shows it; unchanged cells keep their object so memoised cells skip rendering. */
function slotViews(game: RecordedWhacGame, prev: readonly SlotView[] = []): SlotView[] {
  return game.state.slots.map((c, i) => {
    const next: SlotView = {
      emoji: c.emoji,
      isHit: c.isHit,
      countdown: c.countdown,
      points: c.points,
      cross: c.crossUntil >= 0,
      serial: c.serial,
    };
    const p = prev[i];
    return p && shallow(p, next) ? p : next;
  });
}

export function createWhacStore(deps: WhacDeps): WhacStore {
  let game = new RecordedWhacGame(0);
  let seenVersion = -1;
  let frameId: number | null = null;
  let lastTime = 0;
  let acc = 0;
  let ticketRequest = 0;
  let disposed = false;
  let currentTicket: { ticket: string; seed: number } | null = null;
  const wallClock = () => (deps.wallClock ? deps.wallClock() : Date.now());
  const frameListeners = new Set<(msLeft: number) => void>();

  const store = createStore<WhacView & WhacActions>()((set, get) => {
    /** Copies what the view shows from the engine; slots only when the grid changed. */
    function sync(events: WhacEvent[] = []) {
      const s = game.state;
      const patch: Partial<WhacView> = {
        phase: s.phase,
        round: s.round,
        rows: s.rows,
        cols: s.cols,
        score: s.score,
        missedTimeouts: s.missedTimeouts,
        roundsCompleted: s.roundsCompleted,
        secondsLeft: Math.ceil(msLeft(s) / 1000),
      };
      // Every change to the grid or the round's stats bumps the engine's version.
      if (s.version !== seenVersion || s.phase !== get().phase) {
        seenVersion = s.version;
        patch.slots = slotViews(game, get().slots);
        patch.roundStats = { ...s.roundStats };
        patch.history = s.history.map((h) => ({ ...h }));
      }
      const hits = events.filter((e) => e.type === 'hit').length;
      if (hits) patch.hits = get().hits + hits;
      if ((s.phase === 'game-over' || s.phase === 'finished') && !get().submission) {
        patch.submission = makeSubmission();
      }
      // Only notify subscribers when something they can see changed.
      const current = get();
      const changed = (Object.keys(patch) as (keyof WhacView)[]).some((k) => current[k] !== patch[k]);
      if (changed) set(patch);
    }

    function makeSubmission(): LeaderboardSubmission {
      const s = game.state;
      const submission: LeaderboardSubmission = {
        score: s.score,
        duration: playedSeconds(s),
        metadata: scoreMetadata(s),
      };
      if (get().mode === 'daily') {
        // The Daily board replays every run on the day's seed: the log always goes (its body limit is 2 MiB).
        submission.dailyRun = {
          seed: game.engine.seedValue,
          inputs: game.inputs,
          ...(currentTicket ? { ticket: currentTicket.ticket } : {}),
        };
        const day = get().day;
        deps.recordDailyBest?.(day, s.score);
        set({ dailyBest: deps.dailyBest?.(day) ?? Math.max(s.score, get().dailyBest ?? s.score) });
      } else if (currentTicket && JSON.stringify(game.inputs).length <= MAX_RUN_JSON_CHARS) {
        submission.run = { ticket: currentTicket.ticket, inputs: game.inputs };
      }
      return submission;
    }

    function emit(events: WhacEvent[] | null) {
      if (events?.length) deps.onEvents?.(events);
    }

    /** Feeds the engine the real time passed since the last call, in whole ticks. */
    function advance(now: number): WhacEvent[] {
      const dt = Math.min(MAX_FRAME_MS, Math.max(0, now - lastTime));
      lastTime = now;
      acc += dt;
      const events: WhacEvent[] = [];
      while (acc >= TICK_MS && game.state.phase === 'playing') {
        acc -= TICK_MS;
        for (const e of game.step()) events.push(e);
      }
      if (game.state.phase !== 'playing') acc = 0;
      return events;
    }

    function frame(now: number) {
      frameId = null;
      if (disposed) return;
      const events = advance(now);
      emit(events);
      sync(events);
      const left = msLeft(game.state);
      for (const cb of frameListeners) cb(left);
      if (game.state.phase === 'playing') frameId = deps.requestFrame(frame);
    }

    function startLoop() {
      lastTime = deps.now();
      acc = 0;
      if (frameId === null) frameId = deps.requestFrame(frame);
    }

    function stopLoop() {
      if (frameId !== null) deps.cancelFrame(frameId);
      frameId = null;
    }

    /**
     * A new ticket: pending at once (Start waits for it), fetched now or, for a click's
     * request (`inOwnTask`), in a task of its own: at 4× CPU, fetch() itself cost Play
     * again's click 12.6 ms and made it a long task (50 ms).
     */
    function requestTicket(inOwnTask = false) {
      const request = ++ticketRequest;
      set({ ticket: { status: 'pending' } });
      const fetchTicket = () => {
        if (request !== ticketRequest || disposed) return;
        const fetchDaily = deps.fetchDailyTicket;
        const fetching =
          get().mode === 'daily'
            ? fetchDaily
              ? fetchDaily(GAME_ID)
              : Promise.reject(new Error('No Daily tickets'))
            : deps.fetchTicket(GAME_ID);
        fetching.then(
          (t) => {
            if (request === ticketRequest && !disposed) set({ ticket: { status: 'ready', ...t } });
          },
          () => {
            if (request === ticketRequest && !disposed) set({ ticket: { status: 'failed' } });
          },
        );
      };
      if (inOwnTask) setTimeout(fetchTicket, 0);
      else fetchTicket();
    }

    function waitForTicket(): Promise<void> {
      if (get().ticket.status !== 'pending') return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(done, TICKET_WAIT_MS);
        const unsub = store.subscribe((v) => {
          if (v.ticket.status !== 'pending') done();
        });
        function done() {
          clearTimeout(timer);
          unsub();
          resolve();
        }
      });
    }

    queueMicrotask(() => {
      if (!disposed) requestTicket();
    });

    return {
      phase: 'waiting',
      round: 0,
      rows: game.state.rows,
      cols: game.state.cols,
      score: 0,
      missedTimeouts: 0,
      roundsCompleted: 0,
      secondsLeft: ROUND_MS / 1000,
      slots: slotViews(game),
      roundStats: { ...game.state.roundStats },
      history: [],
      ticket: { status: 'pending' },
      starting: false,
      verifiable: false,
      submission: null,
      hits: 0,
      mode: 'normal',
      day: utcDayOf(wallClock()),
      dailyBest: null,

      setMode(mode) {
        if (get().phase !== 'waiting' || get().starting || get().mode === mode) return;
        const day = utcDayOf(wallClock());
        set({ mode, day, dailyBest: deps.dailyBest?.(day) ?? null });
        requestTicket();
      },

      async startGame() {
        if (get().phase !== 'waiting' || get().starting) return;
        deps.onGesture?.();
        set({ starting: true });
        const daily = get().mode === 'daily';
        const day = utcDayOf(wallClock());
        if (daily) {
          // Midnight (UTC) passed on the start screen: today's ticket, today's moles.
          const t = get().ticket;
          if (day !== get().day || (t.status === 'ready' && t.day !== day)) requestTicket();
          set({ day, dailyBest: deps.dailyBest?.(day) ?? null });
        }
        await waitForTicket();
        if (disposed || get().phase !== 'waiting') return;
        const t = get().ticket;
        currentTicket = t.status === 'ready' ? { ticket: t.ticket, seed: t.seed } : null;
        let seed = currentTicket ? currentTicket.seed : deps.localSeed();
        if (daily) {
          // The day's seed whatever happens; a ticket counts only if it is that day's.
          seed = dailySeed(day);
          if (t.status !== 'ready' || t.day !== day || t.seed !== seed) currentTicket = null;
        }
        game = new RecordedWhacGame(seed);
        seenVersion = -1;
        emit(game.dispatch({ type: 'startGame' }));
        set({ starting: false, verifiable: currentTicket !== null, submission: null, hits: 0 });
        sync();
      },

      startRound() {
        const events = game.dispatch({ type: 'startRound' });
        if (!events) return;
        emit(events);
        sync(events);
        startLoop();
      },

      whack(slot) {
        if (game.state.phase !== 'playing') return;
        // Catch the engine up to this instant first, so the hit lands on the right tick.
        const before = advance(deps.now());
        emit(before);
        const events = game.dispatch({ type: 'whack', slot }) ?? [];
        emit(events);
        sync([...before, ...events]);
        if (game.state.phase !== 'playing') stopLoop();
      },

      nextRound() {
        const events = game.dispatch({ type: 'nextRound' });
        if (!events) return;
        emit(events);
        sync(events);
      },

      playAgain() {
        const events = game.dispatch({ type: 'playAgain' });
        if (!events) return;
        stopLoop();
        currentTicket = null;
        set({ submission: null, verifiable: false, hits: 0 });
        if (get().mode === 'daily') {
          const day = utcDayOf(wallClock());
          set({ day, dailyBest: deps.dailyBest?.(day) ?? null });
        }
        sync();
        // A new game needs a new single-use ticket.
        requestTicket(true);
      },

      exactMsLeft: () => msLeft(game.state),

      subscribeFrame(cb) {
        frameListeners.add(cb);
        return () => frameListeners.delete(cb);
      },

      dispose() {
        disposed = true;
        stopLoop();
        frameListeners.clear();
      },
    };
  });
  return store;
}
