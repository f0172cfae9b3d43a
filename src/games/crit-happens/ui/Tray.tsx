/**
 * The tray: the dice picked for the next roll, one row per die (or group), each with its
 * value, whether it was kept, and a button to remove it. The values are written by
 * `TrayFaces` as the dice settle, not rendered (see TrayItem).
 */
import { memo, useCallback, useDeferredValue, useLayoutEffect } from 'react';
import { type DieType, trayEntries, trayValueText } from '../engine/dice.ts';
import { DieIcon } from './DieIcon.tsx';
import { critActions, useCritStore } from './store.ts';
import type { TrayFaces } from './trayFaces.ts';

const TrayItem = memo(function TrayItem({
  id,
  type,
  value,
  kept,
  highlighted,
  rolling,
  faces,
}: {
  id: string;
  type: DieType;
  /** What the row shows: '…' while the die tumbles, '–' before the first roll, else the value. */
  value: string;
  kept: boolean;
  highlighted: boolean;
  rolling: boolean;
  faces: TrayFaces;
}) {
  // The value's text is written, not rendered: mid-roll the session writes each face as its
  // die settles (TrayFaces), and a render writes only a text that differs from the shown one,
  // so the end of a roll, whose values the cells already show, changes none of them.
  const attach = useCallback((element: HTMLSpanElement) => faces.attach(id, element), [faces, id]);
  useLayoutEffect(() => faces.show(id, value), [faces, id, value]);
  return (
    <li className={`crit-tray__item${highlighted ? ' is-kept' : ''}${kept ? '' : ' is-dropped'}`}>
      <DieIcon type={type} />
      <span className="crit-tray__type">{type}</span>
      <span className="crit-tray__value" data-testid="tray-value">
        <span data-readout="face" ref={attach} />
        {!kept && <span className="visually-hidden"> (dropped)</span>}
        {highlighted && <span className="crit-tray__badge">kept</span>}
      </span>
      <button
        type="button"
        className="crit-icon-button"
        aria-label={`Remove ${type}`}
        disabled={rolling}
        onClick={() => critActions.remove(id)}
      >
        ×
      </button>
    </li>
  );
});

/*
 * The tray and the history follow a roll a task later than the arena, the total and the
 * crit overlay (useDeferredValue: React renders them in slices that yield). Rendered and
 * laid out in the same task as the roll's start or end, their 20 rows and 25 entries made
 * it a task over 50 ms at 4× CPU.
 */
export const Tray = memo(function Tray({ faces }: { faces: TrayFaces }) {
  const pool = useDeferredValue(useCritStore((s) => s.pool));
  const outcome = useDeferredValue(useCritStore((s) => s.outcome));
  const rolling = useDeferredValue(useCritStore((s) => s.rolling));
  const entries = trayEntries(pool);
  if (entries.length === 0) return <p className="crit-help">No dice yet.</p>;
  return (
    <ul className="crit-tray" aria-label="Selected dice">
      {entries.map((entry) => {
        const part = outcome?.parts.find((p) => p.dieIds[0] === entry.id);
        return (
          <TrayItem
            key={entry.id}
            id={entry.id}
            type={entry.type}
            value={trayValueText(entry)}
            kept={part ? part.kept : true}
            highlighted={entry.dice.some((d) => d.highlight)}
            rolling={rolling}
            faces={faces}
          />
        );
      })}
    </ul>
  );
});
