/**
 * "Roll together": the button that opens a table, the name form to join one, and the
 * table's bar (who is there, the connection, "to me only", the invite link and the rolls).
 * useTableRolls plays the table's live rolls in the dice arena.
 */
import { type RefObject, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TableRoll } from '../../../api/schemas/tables.ts';
import { useSessionStore } from '../../../platform/session/sessionStore.ts';
import { tableCritMessage } from '../engine/tableRoll.ts';
import type { CritSession } from './session.ts';
import { useCritStore } from './store.ts';
import { storedName, tableActions, tableFromSearch, useTableStore } from './tableStore.ts';
import './table.css';

/** Plays each live table roll in the arena, one after another, as each local roll ends. */
export function useTableRolls(sessionRef: RefObject<CritSession | null>): void {
  useEffect(() => {
    let busy = false;
    const pump = async () => {
      const session = sessionRef.current;
      if (busy || !session || useCritStore.getState().rolling) return;
      const next = tableActions.takeQueued();
      if (!next) return;
      busy = true;
      try {
        // Not playable (no arena in this browser): it is still listed with the table's rolls.
        await session.playTableRoll(next);
      } finally {
        busy = false;
      }
      if (!useCritStore.getState().rolling) await pump();
    };
    // A table roll that could not be played is still listed with the table's rolls.
    const playNext = () => {
      pump().catch((error: unknown) => console.warn('Crit Happens could not play a table roll', error));
    };
    const offTable = useTableStore.subscribe((s, prev) => {
      if (s.queue !== prev.queue && s.queue.length > 0) playNext();
    });
    const offCrit = useCritStore.subscribe((s, prev) => {
      if (prev.rolling && !s.rolling) playNext();
    });
    return () => {
      offTable();
      offCrit();
    };
  }, [sessionRef]);
}

/** One line per roll: "Ana rolled 2d20 (advantage): 17", or "Ana rolled (to themselves)". */
export function describeTableRoll(roll: TableRoll): string {
  if (!roll.notation || roll.total === undefined) return `${roll.by.name} rolled (only they see it)`;
  const mode = roll.mode && roll.mode !== 'normal' ? ` (${roll.mode})` : '';
  const crit =
    roll.crit && roll.seed && roll.faces
      ? ` ${tableCritMessage(roll.crit, roll.seed, roll.faces.length)}`
      : '';
  const mine = roll.private ? ' (to me only)' : '';
  return `${roll.by.name} rolled ${roll.notation}${mode}${mine}: ${roll.total}.${crit}`;
}

function inviteLink(tableId: string): string {
  return `${window.location.origin}/crit-happens?table=${tableId}`;
}

export function TablePanel() {
  const [params, setParams] = useSearchParams();
  const tableId = tableFromSearch(`?${params.toString()}`);
  const status = useTableStore((s) => s.status);
  const message = useTableStore((s) => s.message);

  useEffect(() => tableActions.setTable(tableId), [tableId]);
  useEffect(() => () => tableActions.setTable(null), []);

  const leave = () => {
    tableActions.leave();
    const next = new URLSearchParams(params);
    next.delete('table');
    setParams(next);
  };

  if (!tableId) {
    return (
      <section className="crit-table crit-table--closed" aria-label="Roll together">
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={status === 'opening'}
          onClick={async () => {
            const id = await tableActions.open();
            if (id) setParams((p) => ({ ...Object.fromEntries(p), table: id }));
          }}
        >
          {status === 'opening' ? 'Opening a table…' : '👥 Roll together'}
        </button>
        {message && (
          <p className="crit-table__message" role="alert">
            {message}
          </p>
        )}
      </section>
    );
  }
  if (status === 'idle') return <JoinForm onCancel={leave} message={message} />;
  return <TableBar tableId={tableId} onLeave={leave} />;
}

function JoinForm({ onCancel, message }: { onCancel: () => void; message: string | null }) {
  const signedInName = useSessionStore((s) => s.user?.displayName ?? '');
  const [name, setName] = useState(() => storedName());
  const shown = name || signedInName;
  const inputId = useId();
  return (
    <section className="crit-table" aria-label="Roll together">
      <form
        className="crit-table__join"
        onSubmit={(e) => {
          e.preventDefault();
          tableActions.join(shown);
        }}
      >
        <label htmlFor={inputId}>Your name at the table</label>
        <input
          id={inputId}
          className="pf-input"
          value={shown}
          maxLength={32}
          required
          autoComplete="nickname"
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="button button--small" disabled={!shown.trim()}>
          Join table
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onCancel}>
          Not now
        </button>
      </form>
      {message && (
        <p className="crit-table__message" role="alert">
          {message}
        </p>
      )}
    </section>
  );
}

const STATUS_TEXT: Record<string, string> = {
  connecting: 'Joining the table…',
  reconnecting: 'Reconnecting to the table…',
  closed: 'Not at the table',
};

function TableBar({ tableId, onLeave }: { tableId: string; onLeave: () => void }) {
  const status = useTableStore((s) => s.status);
  const message = useTableStore((s) => s.message);
  const members = useTableStore((s) => s.members);
  const rolls = useTableStore((s) => s.rolls);
  const onlyMe = useTableStore((s) => s.onlyMe);
  const you = useTableStore((s) => s.you);
  const [copied, setCopied] = useState(false);
  const linkId = useId();
  const last = rolls.at(-1);
  const unreachable = status === 'reconnecting' && message !== null;
  return (
    <section className="crit-table" aria-label="Roll together" data-testid="crit-table">
      <div className="crit-table__bar">
        <p className={`crit-table__status${unreachable ? ' is-warning' : ''}`} role="status">
          {status === 'joined'
            ? `At the table: ${members.length} ${members.length === 1 ? 'player' : 'players'}`
            : unreachable
              ? 'Table unreachable'
              : STATUS_TEXT[status]}
        </p>
        <label className="crit-table__switch">
          <input
            type="checkbox"
            checked={onlyMe}
            onChange={(e) => tableActions.setOnlyMe(e.target.checked)}
          />
          To me only
        </label>
        <button type="button" className="button button--ghost button--small" onClick={onLeave}>
          Leave
        </button>
      </div>
      {message && (
        <p className="crit-table__message" role="alert">
          {message}
        </p>
      )}
      {/* Always there, so the arena does not shrink under a tumble when the first roll comes. */}
      <p className="crit-table__last" data-testid="crit-table-last" aria-live="polite">
        {last ? describeTableRoll(last) : 'No rolls yet: Roll now rolls for everyone here.'}
      </p>
      <details className="crit-table__details">
        <summary>Invite, players and rolls</summary>
        <div className="crit-table__invite">
          <label htmlFor={linkId}>Invite link</label>
          <input
            id={linkId}
            className="pf-input"
            readOnly
            value={inviteLink(tableId)}
            onFocus={(e) => e.target.select()}
          />
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              void navigator.clipboard?.writeText(inviteLink(tableId)).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
        <h3 className="crit-table__title">At the table</h3>
        <ul className="crit-table__members" aria-label="Players at the table">
          {members.map((m) => (
            <li key={m.id}>
              {m.name}
              {m.id === you?.id ? ' (you)' : ''}
            </li>
          ))}
        </ul>
        <h3 className="crit-table__title">Table rolls</h3>
        {rolls.length === 0 ? (
          <p className="crit-help">No rolls at this table yet.</p>
        ) : (
          <ol className="crit-table__rolls" aria-label="Table rolls">
            {rolls
              .slice(-30)
              .reverse()
              .map((r) => (
                <li key={r.seq} className={r.crit ? `is-${r.crit}` : undefined}>
                  {describeTableRoll(r)}
                </li>
              ))}
          </ol>
        )}
      </details>
    </section>
  );
}
