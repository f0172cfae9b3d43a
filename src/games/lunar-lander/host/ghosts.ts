import {
  type GhostFlight,
  GhostReplay,
  type GhostSnapshot,
  ghostFlight,
  INPUT_THRUST,
  type InputBits,
  type LanderSession,
  type Terrain,
} from '../engine/index.ts';

export type GhostKind = 'best' | 'top';

/** Small labels over each ghost. */
export const GHOST_LABELS: Record<GhostKind, string> = { best: 'Best', top: '#1' };

/** A recorded run a ghost can fly: the server's verified run, or this device's own. */
export interface GhostRun {
  seed: number;
  inputs: unknown;
  playerName: string;
  score: number;
}

/** A ghost as the scene draws it at one tick. */
export type GhostView = GhostSnapshot;

/** What the HUD says about the ghosts flying now. */
export interface GhostInfo {
  kind: GhostKind;
  label: string;
  playerName: string;
  score: number;
}

/**
 * The ghost landers beside the live game: each a second engine flying a recorded run's
 * landing of the current level, one tick per live tick. They read nothing of the live
 * session and it reads nothing of them (see tickWithGhosts).
 */
export class LanderGhosts {
  private readonly runs: Partial<Record<GhostKind, GhostRun>> = {};
  private readonly flights = new Map<string, GhostFlight | null>();
  private readonly active = new Map<GhostKind, GhostReplay>();
  private level = 0;

  /** Sets (or clears) the run a ghost flies; takes effect at the next attempt, or now via `catchUp`. */
  setRun(kind: GhostKind, run: GhostRun | null): void {
    if (run) this.runs[kind] = run;
    else delete this.runs[kind];
    this.active.delete(kind);
  }

  /** A new live attempt at `level` starts: every ghost flies that level from its top. */
  beginAttempt(level: number): void {
    this.level = level;
    this.active.clear();
    for (const kind of Object.keys(this.runs) as GhostKind[]) {
      const flight = this.flightOf(kind, level);
      if (flight) this.active.set(kind, new GhostReplay(flight));
    }
  }

  /**
   * Starts ghosts set after the attempt began (their run arrived late) and steps them the
   * live attempt's ticks so far, so they fly in step with it.
   */
  catchUp(attemptTicks: number): void {
    for (const kind of Object.keys(this.runs) as GhostKind[]) {
      if (this.active.has(kind)) continue;
      const flight = this.flightOf(kind, this.level);
      if (!flight) continue;
      const ghost = new GhostReplay(flight);
      for (let i = 0; i < attemptTicks; i++) ghost.step();
      this.active.set(kind, ghost);
    }
  }

  private flightOf(kind: GhostKind, level: number): GhostFlight | null {
    const run = this.runs[kind];
    if (!run) return null;
    const key = `${kind} ${run.seed} ${run.score} ${level}`;
    if (!this.flights.has(key)) {
      if (this.flights.size > 64) this.flights.clear();
      this.flights.set(key, ghostFlight(run.seed, run.inputs, level));
    }
    return this.flights.get(key) ?? null;
  }

  /** One tick of every ghost. */
  tick(): void {
    for (const ghost of this.active.values()) ghost.step();
  }

  /**
   * Where to draw each ghost (`show` filters the kinds), between its last two ticks. A
   * ghost flew over its own run's moonscape; it is drawn relative to the live platform
   * (the pad is as wide on a given level in every run), so it touches down on the live
   * pad exactly where it touched down on its own.
   */
  views(terrain: Terrain, alpha: number, show: (kind: GhostKind) => boolean): GhostView[] {
    const views: GhostView[] = [];
    const live = terrain.platform;
    // The player's best may be the board's #1 itself: one ghost, both labels.
    const same = show('best') && show('top') && this.sameRun();
    for (const [kind, ghost] of this.active) {
      if (!show(kind) || (same && kind === 'top')) continue;
      const own = ghost.state.terrain.platform;
      const dx = (live.x0 + live.x1) / 2 - (own.x0 + own.x1) / 2;
      const dy = live.y - own.y;
      const a = ghost.previous.lander;
      const b = ghost.state.lander;
      const t = ghost.done ? 1 : alpha;
      views.push({
        kind,
        label: same ? `${GHOST_LABELS.best} · ${GHOST_LABELS.top}` : GHOST_LABELS[kind],
        x: a.x + (b.x - a.x) * t + dx,
        y: a.y + (b.y - a.y) * t + dy,
        thrust: ghost.state.phase === 'playing' && (b.firing & INPUT_THRUST) !== 0,
      });
    }
    return views;
  }

  private sameRun(): boolean {
    const { best, top } = this.runs;
    return !!best && !!top && best.seed === top.seed && best.score === top.score;
  }

  /** The ghosts flying this attempt, for the HUD. */
  info(show: (kind: GhostKind) => boolean): GhostInfo[] {
    const out: GhostInfo[] = [];
    for (const kind of ['best', 'top'] as const) {
      const run = this.runs[kind];
      if (run && show(kind) && this.active.has(kind))
        out.push({ kind, label: GHOST_LABELS[kind], playerName: run.playerName, score: run.score });
    }
    return out;
  }
}

/** One live tick and, in step with it, one tick of each ghost. Only the live session gets the input. */
export function tickWithGhosts(session: LanderSession, ghosts: LanderGhosts, bits: InputBits): void {
  session.tick(bits);
  ghosts.tick();
}
