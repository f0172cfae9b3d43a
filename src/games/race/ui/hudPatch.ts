/**
 * The race as the scene's HUD reports it, turned into what the UI store must change: only
 * what differs, so that React renders when something it shows changed and not on every
 * HUD (up to 10 a second). Pure: the session decides when the ranking is due and sends
 * the scene the player's car when the patch picks one.
 */
import type { Phase } from '../engine/race.ts';
import type { RaceHudStatus } from '../scene/RaceScene.ts';
import type { RaceUiState } from './store.ts';

/**
 * The store's changes for `race`: the phase and countdown, the cars (and the player's car
 * when it left or none was picked), the results when the race has just finished (gone
 * again once it is not finished), and the ranking when `rankingDue` and it moved.
 * `lastPhase` is the phase of the HUD before.
 */
export function hudPatch(
  race: RaceHudStatus,
  state: RaceUiState,
  lastPhase: Phase | null,
  rankingDue: boolean,
): Partial<RaceUiState> {
  const patch: Partial<RaceUiState> = {};
  if (race.phase !== state.phase) patch.phase = race.phase;
  if (race.countdown !== state.countdown) patch.countdown = race.countdown;
  // Not totalLaps: only setLaps changes it, and a HUD drawn from a snapshot taken before the
  // worker applied it would put the old count back for a moment (and a click then would send it).
  if (race.ids.length !== state.cars.length || race.ids.some((id, i) => state.cars[i]?.id !== id)) {
    patch.cars = race.ids.map((id, i) => ({ id, color: race.colors[i] }));
    if (state.selectedId === null || !race.ids.includes(state.selectedId))
      patch.selectedId = race.ids[0] ?? null;
  }
  if (race.phase === 'finished' && lastPhase !== 'finished') {
    patch.results = race.results;
    patch.endReason = race.endReason;
  }
  if (race.phase !== 'finished' && state.results) {
    patch.results = null;
    patch.endReason = null;
  }
  if (rankingDue) {
    const ranking = race.ranking;
    const same =
      ranking.length === state.ranking.length &&
      ranking.every((r, k) => {
        const o = state.ranking[k];
        return o.id === r.id && o.laps === r.laps && o.place === r.place && o.color === r.color;
      });
    if (!same) patch.ranking = ranking;
  }
  return patch;
}
