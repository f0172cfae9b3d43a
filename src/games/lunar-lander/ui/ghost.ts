import type { GhostRef, GhostsResponse, RunResponse, StoredRun } from '../../../api/schemas/runs.ts';
import type { LanderInputLog } from '../engine/index.ts';
import type { GhostKind, GhostRun } from '../host/ghosts.ts';

/** The ghosts themselves fly in the engine host (host/ghosts.ts); the page fetches their runs. */
export {
  GHOST_LABELS,
  type GhostInfo,
  type GhostKind,
  type GhostRun,
  type GhostView,
  LanderGhosts,
  tickWithGhosts,
} from '../host/ghosts.ts';

// ---- where the runs come from

const GAME_ID = 'lunar-lander';
/** This device's best finished run (guests have no verified runs on the server). */
const LOCAL_RUN_KEY = 'lunar-lander:ghost-run';
/** A kept run larger than this (JSON) is not kept: localStorage is small. */
const MAX_LOCAL_RUN_CHARS = 256 * 1024;

interface LocalRun extends GhostRun {
  levelsCleared: number;
}

/** The device's kept run, or null (none, unreadable, storage blocked). */
export function localRun(): LocalRun | null {
  try {
    const raw = localStorage.getItem(LOCAL_RUN_KEY);
    if (!raw) return null;
    const run = JSON.parse(raw) as Partial<LocalRun>;
    if (
      typeof run.seed !== 'number' ||
      typeof run.score !== 'number' ||
      typeof run.levelsCleared !== 'number'
    )
      return null;
    return {
      seed: run.seed,
      score: run.score,
      levelsCleared: run.levelsCleared,
      inputs: run.inputs,
      playerName: 'You',
    };
  } catch {
    return null;
  }
}

/** Keeps a finished game as the device's best run when it beats the kept one. */
export function keepLocalRun(
  seed: number,
  inputs: LanderInputLog,
  score: number,
  levelsCleared: number,
): void {
  if (levelsCleared < 1) return;
  const kept = localRun();
  if (kept && kept.score >= score) return;
  const json = JSON.stringify({ seed, inputs, score, levelsCleared });
  if (json.length > MAX_LOCAL_RUN_CHARS) return;
  try {
    localStorage.setItem(LOCAL_RUN_KEY, json);
  } catch {
    // Storage full or blocked: the run simply flies as no ghost.
  }
}

async function getJson<T>(url: string, signal: AbortSignal): Promise<T | null> {
  const res = await fetch(url, { credentials: 'include', headers: { accept: 'application/json' }, signal });
  if (!res.ok) return null;
  return (await res.json()) as T;
}

const toGhostRun = (run: StoredRun): GhostRun => ({
  seed: run.seed,
  inputs: run.inputs,
  playerName: run.player_name,
  score: run.score,
});

/**
 * The runs to fly on `level`: the player's best verified run (or, with none on the server,
 * this device's own best) and the board's best. Offline or on any failure: what is known
 * locally, never an error.
 */
export async function fetchGhostRuns(
  level: number,
  cache: Map<number, GhostRun>,
  signal: AbortSignal,
): Promise<Partial<Record<GhostKind, GhostRun>>> {
  const local = localRun();
  const out: Partial<Record<GhostKind, GhostRun>> = {};
  if (local && local.levelsCleared >= level) out.best = local;
  if (!navigator.onLine) return out;
  try {
    const refs = await getJson<GhostsResponse>(
      `/api/scores/ghosts.php?game_id=${GAME_ID}&level=${level}`,
      signal,
    );
    const load = async (ref: GhostRef | null): Promise<GhostRun | null> => {
      if (!ref) return null;
      const cached = cache.get(ref.id);
      if (cached) return cached;
      const body = await getJson<RunResponse>(`/api/scores/run.php?id=${ref.id}`, signal);
      if (!body?.run) return null;
      const run = toGhostRun(body.run);
      if (cache.size > 16) cache.clear();
      cache.set(ref.id, run);
      return run;
    };
    const [best, top] = await Promise.all([load(refs?.best ?? null), load(refs?.top ?? null)]);
    if (best) out.best = best;
    if (top) out.top = top;
  } catch {
    // Offline, or the server is away: the ghosts known locally fly, the others do not.
  }
  return out;
}
