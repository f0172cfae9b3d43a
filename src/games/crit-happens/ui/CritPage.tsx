import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { GameHeader } from '../../../platform/header/GameHeader.tsx';
import { DIE_TYPES, type DieType, entryValue, trayEntries } from '../engine/dice.ts';
import { isClosingSwipe, isNarrow, NARROW_MAX_WIDTH, type Side } from '../engine/drawers.ts';
import type { RollMode } from '../engine/roll.ts';
import { DieIcon } from './DieIcon.tsx';
import { SettingsDialog } from './SettingsDialog.tsx';
import { CritSession, sessionSeed } from './session.ts';
import { critActions, useCritStore } from './store.ts';
import './crit.css';

const MODES: { id: RollMode; label: string }[] = [
  { id: 'normal', label: 'Normal' },
  { id: 'advantage', label: 'Advantage' },
  { id: 'disadvantage', label: 'Disadvantage' },
];

const NARROW_QUERY = `(max-width: ${NARROW_MAX_WIDTH}px)`;

/** Swipe-to-close (spec §4): pointer down/up over a drawer, judged by the engine's rule. */
function useSwipeToClose(side: Side) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onPointerDown: (e: PointerEvent) => {
      start.current = { x: e.clientX, y: e.clientY };
    },
    onPointerUp: (e: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (from && isClosingSwipe(side, e.clientX - from.x, e.clientY - from.y)) critActions.closeDrawer(side);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}

export function CritPage() {
  const stageRef = useRef<HTMLDivElement>(null);
  const sessionRef = useRef<CritSession | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [sceneError, setSceneError] = useState<string | null>(null);
  const pool = useCritStore((s) => s.pool);
  const mode = useCritStore((s) => s.mode);
  const rolling = useCritStore((s) => s.rolling);
  const outcome = useCritStore((s) => s.outcome);
  const overlay = useCritStore((s) => s.overlay);
  const drawers = useCritStore((s) => s.drawers);
  const narrow = useCritStore((s) => s.narrow);
  const notice = useCritStore((s) => s.notice);
  const announcement = useCritStore((s) => s.announcement);
  const notationText = useCritStore((s) => s.notationText);
  const notationError = useCritStore((s) => s.notationError);
  const history = useCritStore((s) => s.history);
  const leftSwipe = useSwipeToClose('left');
  const rightSwipe = useSwipeToClose('right');

  useEffect(() => {
    critActions.reset(window.innerWidth, isNarrow(window.innerWidth));
    const session = new CritSession(stageRef.current!, sessionSeed(window.location.search));
    sessionRef.current = session;
    session.start().catch((error: unknown) => {
      console.warn('Crit Happens could not start its arena', error);
      setSceneError('The dice arena could not start in this browser (it needs WebGL).');
    });
    const query = window.matchMedia(NARROW_QUERY);
    const onChange = () => critActions.setNarrow(query.matches);
    query.addEventListener('change', onChange);
    return () => {
      query.removeEventListener('change', onChange);
      session.dispose();
      sessionRef.current = null;
    };
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (document.querySelector('.pf-dialog-backdrop')) return;
      if (event.key === 'Escape') {
        if (useCritStore.getState().overlay) critActions.dismissOverlay();
        else critActions.closeDrawers();
        return;
      }
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable]');
      if (!typing && (event.key === 'r' || event.key === 'R') && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        void sessionRef.current?.roll();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const entries = trayEntries(pool);
  const twoD20 =
    pool.dice.filter((d) => d.type === 'd20').length === 2 &&
    pool.dice.every((d) => d.term === undefined || d.type !== 'd20');
  const canRoll = !rolling && pool.dice.length > 0;
  const roll = () => void sessionRef.current?.roll();
  const pick = (type: DieType) => {
    sessionRef.current?.unlockSound();
    critActions.pick(type);
  };

  return (
    <div className="crit-page">
      <GameHeader title="Crit Happens">
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setSettingsOpen(true)}
        >
          ⚙️ Settings
        </button>
      </GameHeader>
      <div className={`crit-body${narrow ? ' crit-body--narrow' : ''}`}>
        <aside
          id="crit-dice-drawer"
          className={`crit-drawer crit-drawer--left${drawers.left ? ' is-open' : ''}`}
          aria-label="Dice"
          hidden={!drawers.left}
          {...leftSwipe}
        >
          <div className="crit-drawer__head">
            <h2>Dice</h2>
            <button
              type="button"
              className="crit-icon-button"
              aria-label="Close dice drawer"
              onClick={() => critActions.closeDrawer('left')}
            >
              ×
            </button>
          </div>
          <ul className="crit-picker" aria-label="Add dice">
            {DIE_TYPES.map((type) => (
              <li key={type}>
                <button
                  type="button"
                  className="crit-pick"
                  aria-label={`Add a ${type}`}
                  disabled={rolling}
                  onClick={() => pick(type)}
                >
                  <DieIcon type={type} />
                  <span>{type}</span>
                </button>
              </li>
            ))}
          </ul>
          <form
            className="crit-notation"
            onSubmit={(e) => {
              e.preventDefault();
              critActions.applyNotation();
            }}
          >
            <label htmlFor="crit-notation-input">Roll notation</label>
            <div className="crit-notation__row">
              <input
                id="crit-notation-input"
                value={notationText}
                placeholder="2d6+3, 4d6kh3, d%"
                spellCheck={false}
                autoComplete="off"
                aria-invalid={notationError ? true : undefined}
                aria-describedby={notationError ? 'crit-notation-error' : 'crit-notation-help'}
                onChange={(e) => critActions.typeNotation(e.target.value)}
              />
              <button type="submit" className="button button--small" disabled={rolling}>
                Set dice
              </button>
            </div>
            {notationError ? (
              <p id="crit-notation-error" className="crit-error" role="alert">
                {notationError}
              </p>
            ) : (
              <p id="crit-notation-help" className="crit-help">
                kh3 keeps the highest 3, kl1 the lowest; d% is a d100.
              </p>
            )}
          </form>
        </aside>

        <main className="crit-center">
          <div className="crit-toolbar">
            <button
              type="button"
              className="button button--ghost button--small"
              aria-expanded={drawers.left}
              aria-controls="crit-dice-drawer"
              onClick={() => critActions.toggleDrawer('left')}
            >
              🎲 Dice
            </button>
            {twoD20 && (
              <fieldset className="crit-modes" disabled={rolling}>
                <legend className="visually-hidden">Roll mode</legend>
                {MODES.map((m) => (
                  <label key={m.id} className={`crit-mode${mode === m.id ? ' is-active' : ''}`}>
                    <input
                      type="radio"
                      name="crit-mode"
                      value={m.id}
                      checked={mode === m.id}
                      onChange={() => critActions.setMode(m.id)}
                    />
                    {m.label}
                  </label>
                ))}
              </fieldset>
            )}
            <button
              type="button"
              className="button button--ghost button--small"
              aria-expanded={drawers.right}
              aria-controls="crit-tray-drawer"
              onClick={() => critActions.toggleDrawer('right')}
            >
              Tray ({entries.length})
            </button>
          </div>
          <div
            className="crit-arena"
            ref={stageRef}
            data-testid="crit-arena"
            data-rolling={rolling ? 'true' : 'false'}
          >
            {sceneError && <p className="crit-arena__error">{sceneError}</p>}
            {pool.dice.length === 0 && !sceneError && (
              <p className="crit-arena__empty">Pick dice from the Dice drawer, or type a roll like 2d6+3.</p>
            )}
            {overlay && (
              <button
                type="button"
                className={`crit-overlay crit-overlay--${overlay.kind}`}
                autoFocus
                onClick={() => critActions.dismissOverlay()}
              >
                <span className="crit-overlay__title">
                  {overlay.kind === 'fail'
                    ? 'Natural 1'
                    : overlay.kind === 'double-twenty'
                      ? 'Double 20!'
                      : 'Natural 20'}
                </span>
                <span className="crit-overlay__message">{overlay.message}</span>
                <span className="crit-overlay__hint">Tap or click to continue</span>
              </button>
            )}
          </div>
          {notice && (
            <p className="crit-notice" role="status">
              {notice}{' '}
              <button
                type="button"
                className="crit-icon-button"
                aria-label="Dismiss"
                onClick={() => critActions.dismissNotice()}
              >
                ×
              </button>
            </p>
          )}
          <div className="crit-actions">
            <output className="crit-total" data-testid="crit-total">
              {rolling ? (
                'Rolling…'
              ) : outcome ? (
                <>
                  Total <strong>{outcome.total}</strong>
                </>
              ) : (
                `${pool.dice.length} ${pool.dice.length === 1 ? 'die' : 'dice'}`
              )}
            </output>
            <button
              type="button"
              className="button crit-roll"
              disabled={!canRoll}
              onClick={roll}
              aria-keyshortcuts="R"
            >
              Roll
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={rolling || pool.dice.length === 0}
              onClick={() => critActions.clear()}
            >
              Clear
            </button>
          </div>
        </main>

        <aside
          id="crit-tray-drawer"
          className={`crit-drawer crit-drawer--right${drawers.right ? ' is-open' : ''}`}
          aria-label="Tray"
          hidden={!drawers.right}
          {...rightSwipe}
        >
          <div className="crit-drawer__head">
            <h2>Tray</h2>
            <button
              type="button"
              className="crit-icon-button"
              aria-label="Close tray drawer"
              onClick={() => critActions.closeDrawer('right')}
            >
              ×
            </button>
          </div>
          {entries.length === 0 ? (
            <p className="crit-help">No dice yet.</p>
          ) : (
            <ul className="crit-tray" aria-label="Selected dice">
              {entries.map((entry) => {
                const value = entryValue(entry);
                const part = outcome?.parts.find((p) => p.dieIds[0] === entry.id);
                const kept = part ? part.kept : true;
                const highlighted = entry.dice.some((d) => d.highlight);
                return (
                  <li
                    key={entry.id}
                    className={`crit-tray__item${highlighted ? ' is-kept' : ''}${kept ? '' : ' is-dropped'}`}
                  >
                    <DieIcon type={entry.type} />
                    <span className="crit-tray__type">{entry.type}</span>
                    <span className="crit-tray__value" data-testid="tray-value">
                      {entry.dice.some((d) => d.rolling) ? '…' : value === null ? '–' : value}
                      {!kept && <span className="visually-hidden"> (dropped)</span>}
                      {highlighted && <span className="crit-tray__badge">kept</span>}
                    </span>
                    <button
                      type="button"
                      className="crit-icon-button"
                      aria-label={`Remove ${entry.type}`}
                      disabled={rolling}
                      onClick={() => critActions.remove(entry.id)}
                    >
                      ×
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <h3 className="crit-history__title">History</h3>
          {history.length === 0 ? (
            <p className="crit-help">Your rolls will be listed here.</p>
          ) : (
            <ol className="crit-history" aria-label="Roll history">
              {history.map((h) => (
                <li key={h.n} className={h.crit ? `is-${h.crit}` : undefined}>
                  <span className="crit-history__head">
                    <span>
                      #{h.n} {h.notation}
                      {h.mode !== 'normal' && ` (${h.mode})`}
                    </span>
                    <strong>{h.total}</strong>
                  </span>
                  <span className="crit-history__detail">{h.detail}</span>
                </li>
              ))}
            </ol>
          )}
        </aside>
        {narrow && (drawers.left || drawers.right) && (
          <button
            type="button"
            className="crit-scrim"
            aria-label="Close drawers"
            tabIndex={-1}
            onClick={() => critActions.closeDrawers()}
          />
        )}
      </div>
      <div className="visually-hidden" aria-live="polite" role="status">
        {announcement}
      </div>
      <SettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}
