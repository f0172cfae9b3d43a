import { memo } from 'react';
import { useFields } from '../../../lib/useFields.ts';
import { MESSAGES } from '../engine/constants.ts';
import { colorHex } from '../engine/palette.ts';
import { lapLabel, ordinal, useRaceStore } from './store.ts';

/** The interface the panel needs of the session: picking a car as the player's. */
export interface CarPicker {
  select(id: number): void;
}

export function carName(id: number): string {
  return `Car ${id}`;
}

export function CarDot({ color }: { color: number }) {
  return <span className="race-dot" style={{ background: colorHex(color) }} aria-hidden="true" />;
}

/** One row of the rank panel, memoised on what it shows: of 16 rows a ranking update changes few. */
const RankRow = memo(function RankRow({
  picker,
  id,
  position,
  color,
  lap,
  finished,
  dnf,
  isPlayer,
}: {
  picker: CarPicker | null;
  id: number;
  position: number;
  color: number;
  lap: string;
  finished: boolean;
  /** The race is over and this car is short of the lap count (games spec §4). */
  dnf: boolean;
  isPlayer: boolean;
}) {
  return (
    <li>
      <button
        type="button"
        className={`race-rank${isPlayer ? ' is-player' : ''}${dnf ? ' is-dnf' : ''}`}
        onClick={() => picker?.select(id)}
        aria-label={`${ordinal(position)} ${carName(id)}, lap ${lap}${dnf ? ', did not finish' : ''}${isPlayer ? ' (your car)' : ''}`}
      >
        <span className="race-rank__pos">{ordinal(position)}</span>
        <CarDot color={color} />
        <span className="race-rank__name">{isPlayer ? 'You' : carName(id)}</span>
        <span className="race-rank__laps">
          {finished ? '🏁 ' : ''}
          {lap}
          {dnf && <span className="race-rank__dnf"> (DNF)</span>}
        </span>
      </button>
    </li>
  );
});

/**
 * The rank panel: ordinal, car and laps as current/total; a row picks that car as the
 * player's. Once the race is over, cars short of the lap count are marked (DNF), and a
 * timeout says '⏱️ Race ended due to timeout' (games spec §4). On a small screen (`strip`)
 * it is a row of its own between the track and the toolbar, never over the track.
 * Re-renders alone, a few times a second.
 */
export function RankPanel({ picker, strip = false }: { picker: CarPicker | null; strip?: boolean }) {
  const s = useFields(useRaceStore, ['ranking', 'selectedId', 'totalLaps', 'phase', 'endReason']);
  const over = s.phase === 'finished';
  if (s.ranking.length === 0) {
    // On a small screen the strip keeps its place from the start, so the track does not
    // shrink under the player's finger when the first car arrives.
    return strip ? (
      <section className="race-ranks race-ranks--strip" aria-label="Ranking" data-testid="race-ranks">
        <p className="race-ranks__empty">No cars yet</p>
      </section>
    ) : null;
  }
  return (
    <section
      className={`race-ranks${strip ? ' race-ranks--strip' : ''}`}
      aria-label="Ranking"
      data-testid="race-ranks"
    >
      <ol>
        {s.ranking.map((r, i) => (
          <RankRow
            key={r.id}
            picker={picker}
            id={r.id}
            position={i + 1}
            color={r.color}
            lap={lapLabel(r.laps, r.place, s.totalLaps, s.phase)}
            finished={r.place > 0}
            dnf={over && r.place === 0}
            isPlayer={r.id === s.selectedId}
          />
        ))}
      </ol>
      {over && s.endReason === 'celebration_timeout' && (
        <p className="race-ranks__timeout">{MESSAGES.timeout}</p>
      )}
    </section>
  );
}
