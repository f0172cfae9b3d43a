import {
  memo,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { StoppedNotice } from '../../../lib/runtime/StoppedNotice.tsx';
import { GameHeader } from '../../../platform/header/GameHeader.tsx';
import {
  advantagePair,
  DIE_TYPES,
  type DieType,
  diceCountText,
  MAX_DICE,
  physicalCount,
  trayEntries,
} from '../engine/dice.ts';
import { isClosingSwipe, isNarrow, NARROW_MAX_WIDTH, type Side } from '../engine/drawers.ts';
import type { RollMode } from '../engine/roll.ts';
import { bannerFits, bannerTop, SPOT_REACH } from './bannerPlacement.ts';
import { DieIcon } from './DieIcon.tsx';
import { History } from './History.tsx';
import { SettingsDialog } from './SettingsDialog.tsx';
import { CritSession, sessionSeed } from './session.ts';
import { type Overlay as CritOverlay, critActions, poolNotation, useCritStore } from './store.ts';
import { TablePanel, useTableRolls } from './TablePanel.tsx';
import { Tray } from './Tray.tsx';
import { tableActions } from './tableStore.ts';
import { TrayFaces } from './trayFaces.ts';
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

/**
 * A side drawer (dice on the left, tray on the right). Its content scrolls in a box of its
 * own that Chromium lays out apart from the page (crit.css, `.crit-drawer__content`).
 */
function Drawer({
  side,
  id,
  title,
  children,
}: {
  side: Side;
  id: string;
  title: string;
  children: ReactNode;
}) {
  const open = useCritStore((s) => s.drawers[side]);
  const swipe = useSwipeToClose(side);
  return (
    <aside
      id={id}
      className={`crit-drawer crit-drawer--${side}${open ? ' is-open' : ''}`}
      aria-label={title}
      hidden={!open}
      {...swipe}
    >
      <div className="crit-drawer__content">
        <div className="crit-drawer__head">
          <h2>{title}</h2>
          <button
            type="button"
            className="crit-icon-button"
            aria-label={`Close ${title.toLowerCase()} drawer`}
            onClick={() => critActions.closeDrawer(side)}
          >
            ×
          </button>
        </div>
        {children}
      </div>
    </aside>
  );
}

/*
 * The page is split into parts that each read only the store fields they show, so a change
 * re-renders only what shows it. A roll changes the store when it starts and when it ends;
 * the dice settling in between write their faces into the tray's rows without it
 * (TrayFaces). Rows of the tray and the history are memoised on plain values.
 */

const DicePicker = memo(function DicePicker({ onPick }: { onPick: (type: DieType) => void }) {
  const rolling = useCritStore((s) => s.rolling);
  const count = useCritStore((s) => s.pool.dice.length);
  return (
    <>
      <ul className="crit-picker" aria-label="Add dice">
        {DIE_TYPES.map((type) => (
          <li key={type}>
            <button
              type="button"
              className="crit-pick"
              aria-label={`Add a ${type}`}
              aria-describedby="crit-dice-count"
              disabled={rolling || count + physicalCount(type) > MAX_DICE}
              onClick={() => onPick(type)}
            >
              <DieIcon type={type} />
              <span>{type}</span>
            </button>
          </li>
        ))}
      </ul>
      <p
        id="crit-dice-count"
        className={`crit-help crit-dice-count${count >= MAX_DICE - 1 ? ' is-full' : ''}`}
        data-testid="crit-dice-count"
      >
        {diceCountText(count)}
      </p>
    </>
  );
});

const NotationForm = memo(function NotationForm() {
  const rolling = useCritStore((s) => s.rolling);
  const notationText = useCritStore((s) => s.notationText);
  const notationError = useCritStore((s) => s.notationError);
  return (
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
          kh3 keeps the highest 3, kl1 the lowest; d% is a d100. Up to {MAX_DICE} dice.
        </p>
      )}
    </form>
  );
});

const Toolbar = memo(function Toolbar() {
  const rolling = useCritStore((s) => s.rolling);
  const mode = useCritStore((s) => s.mode);
  const leftOpen = useCritStore((s) => s.drawers.left);
  const rightOpen = useCritStore((s) => s.drawers.right);
  const entryCount = useCritStore((s) => trayEntries(s.pool).length);
  // Exactly two d20, picked or typed (advantagePair's rule).
  const twoD20 = useCritStore((s) => advantagePair(s.pool) !== null);
  return (
    <div className="crit-toolbar">
      <button
        type="button"
        className="button button--ghost button--small"
        aria-expanded={leftOpen}
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
        aria-expanded={rightOpen}
        aria-controls="crit-tray-drawer"
        onClick={() => critActions.toggleDrawer('right')}
      >
        Tray ({entryCount})
      </button>
    </div>
  );
});

const Arena = memo(function Arena({
  stageRef,
  canvasBoxRef,
  sceneError,
}: {
  stageRef: RefObject<HTMLDivElement | null>;
  canvasBoxRef: RefObject<HTMLDivElement | null>;
  sceneError: string | null;
}) {
  const rolling = useCritStore((s) => s.rolling);
  const empty = useCritStore((s) => s.pool.dice.length === 0);
  const overlay = useCritStore((s) => s.overlay);
  return (
    <div
      className="crit-arena"
      ref={stageRef}
      data-testid="crit-arena"
      data-rolling={rolling ? 'true' : 'false'}
    >
      <div className="scene-box" ref={canvasBoxRef} />
      {sceneError && <p className="crit-arena__error">{sceneError}</p>}
      {empty && !sceneError && (
        <p className="crit-arena__empty">Pick dice from the Dice drawer, or type a roll like 2d6+3.</p>
      )}
      {overlay && <Overlay {...overlay} />}
    </div>
  );
});

/**
 * The natural 1 / 20 banner over the arena; it takes the focus so Enter or Space dismisses it,
 * and a click anywhere on the arena does too. The banner sits in the free band above or below
 * the dice it celebrates (ringed), so they stay in sight.
 */
function Overlay({ kind, message, spots, arena }: CritOverlay) {
  const focusRef = useRef<HTMLButtonElement>(null);
  const focused = useRef(false);
  const bannerRef = useRef<HTMLSpanElement>(null);
  const [top, setTop] = useState<number | null>(null);
  // Where the dice leave too little room for the whole banner, it drops its hint and shrinks.
  const [compact, setCompact] = useState(false);
  // Placed when the banner opens, when the dice or the arena change and when it resizes, by
  // the ResizeObserver alone, and focused at its first callback: that comes once the frame
  // that shows the banner is laid out, so the sizes it reads and the focus cost nothing.
  // Measured in the commit, or focused from a task after the frame (useFocusAfterPaint, which
  // then landed after the tray's and the history's deferred commits), they laid out the whole
  // roll's end synchronously: 9.7–14.2 ms of a task at 4× CPU. The banner stays hidden until
  // placed, a frame later.
  useLayoutEffect(() => {
    const overlay = focusRef.current;
    const banner = bannerRef.current;
    if (!overlay || !banner) return;
    const scale = (height: number) => (arena && arena.height > 0 ? height / arena.height : 1);
    const observer = new ResizeObserver(() => {
      if (!focused.current) {
        focused.current = true;
        overlay.focus({ preventScroll: true });
      }
      const k = scale(overlay.clientHeight);
      const placed = (spots ?? []).map((s) => ({ x: s.x * k, y: s.y * k, size: s.size * k }));
      if (!compact && !bannerFits(overlay.clientHeight, banner.offsetHeight, placed)) {
        setCompact(true);
        return;
      }
      setTop(bannerTop(overlay.clientHeight, banner.offsetHeight, placed));
    });
    observer.observe(overlay);
    return () => observer.disconnect();
  }, [spots, arena, compact]);
  const spotted = (spots?.length ?? 0) > 0;
  return (
    <button
      ref={focusRef}
      type="button"
      className={`crit-overlay crit-overlay--${kind}${spotted ? ' crit-overlay--spotted' : ''}`}
      onClick={() => critActions.dismissOverlay()}
    >
      {spots?.map((s) => (
        <span
          key={`${s.x},${s.y}`}
          className="crit-overlay__spot"
          data-testid="crit-spot"
          aria-hidden="true"
          style={{
            left: `${(s.x - s.size * SPOT_REACH) * (arena ? 100 / arena.width : 0)}%`,
            top: `${(s.y - s.size * SPOT_REACH) * (arena ? 100 / arena.height : 0)}%`,
            width: `${s.size * 2 * SPOT_REACH * (arena ? 100 / arena.width : 0)}%`,
            height: `${s.size * 2 * SPOT_REACH * (arena ? 100 / arena.height : 0)}%`,
          }}
        />
      ))}
      <span
        ref={bannerRef}
        className={`crit-overlay__banner${compact ? ' is-compact' : ''}`}
        data-testid="crit-banner"
        style={{ top: top ?? 0, visibility: top === null ? 'hidden' : undefined }}
      >
        <span className="crit-overlay__title">
          {kind === 'fail' ? 'Natural 1' : kind === 'double-twenty' ? 'Double 20!' : 'Natural 20'}
        </span>
        <span className="crit-overlay__message">{message}</span>
        <span className="crit-overlay__hint">Tap or click to continue</span>
      </span>
    </button>
  );
}

const Notice = memo(function Notice() {
  const notice = useCritStore((s) => s.notice);
  if (!notice) return null;
  return (
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
  );
});

/** A worker stopped: its message and a Restart that carries on with the dice and the last roll kept. */
const Stopped = memo(function Stopped({ sessionRef }: { sessionRef: RefObject<CritSession | null> }) {
  const stopped = useCritStore((s) => s.stopped);
  if (!stopped) return null;
  return (
    <StoppedNotice
      className="crit-notice crit-stopped"
      message={stopped}
      onRestart={() => {
        const session = sessionRef.current;
        if (!session) return;
        session.restart().catch((error: unknown) => {
          console.warn('Crit Happens could not restart', error);
          useCritStore.setState({ stopped: 'The dice could not restart: reload the page.' });
        });
      }}
    />
  );
});

const Actions = memo(function Actions({ onRoll }: { onRoll: () => void }) {
  const rolling = useCritStore((s) => s.rolling);
  const total = useCritStore((s) => (s.outcome ? s.outcome.total : null));
  const count = useCritStore((s) => s.pool.dice.length);
  const canRoll = !rolling && count > 0;
  return (
    <div className="crit-actions">
      <div className="crit-actions__row">
        <output className="crit-total" data-testid="crit-total">
          {rolling ? (
            'Rolling…'
          ) : total !== null ? (
            <>
              Total <strong>{total}</strong>
            </>
          ) : (
            `${count} ${count === 1 ? 'die' : 'dice'}`
          )}
        </output>
        <button
          type="button"
          className="button crit-roll"
          disabled={!canRoll}
          onClick={onRoll}
          aria-keyshortcuts="R"
        >
          Roll
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={rolling || count === 0}
          onClick={() => critActions.clear()}
        >
          Clear
        </button>
      </div>
    </div>
  );
});

const Announcer = memo(function Announcer() {
  const announcement = useCritStore((s) => s.announcement);
  return (
    <div className="visually-hidden" aria-live="polite" role="status">
      {announcement}
    </div>
  );
});

/** At a table the server rolls (everyone sees it); away from one, or when it is unreachable, this device does. */
function rollHereOrAtTable(session: CritSession | null): void {
  const { pool, formula, mode } = useCritStore.getState();
  if (!critActions.canRoll()) return;
  session?.unlockSound();
  if (tableActions.roll(poolNotation(pool, formula), mode)) return;
  session?.roll();
}

export function CritPage() {
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasBoxRef = useRef<HTMLDivElement>(null);
  const sessionRef = useRef<CritSession | null>(null);
  const [trayFaces] = useState(() => new TrayFaces());
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [sceneError, setSceneError] = useState<string | null>(null);
  const drawers = useCritStore((s) => s.drawers);
  const narrow = useCritStore((s) => s.narrow);

  useEffect(() => {
    critActions.reset(window.innerWidth, isNarrow(window.innerWidth));
    const session = new CritSession(
      stageRef.current!,
      canvasBoxRef.current!,
      sessionSeed(window.location.search),
      trayFaces,
    );
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
  }, [trayFaces]);

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
        rollHereOrAtTable(sessionRef.current);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const roll = useCallback(() => rollHereOrAtTable(sessionRef.current), []);
  useTableRolls(sessionRef);
  const pick = useCallback((type: DieType) => {
    sessionRef.current?.unlockSound();
    critActions.pick(type);
  }, []);

  return (
    <div className="crit-page">
      <GameHeader title="Crit Happens" onSettings={() => setSettingsOpen(true)} />
      <div className={`crit-body${narrow ? ' crit-body--narrow' : ''}`}>
        <Drawer side="left" id="crit-dice-drawer" title="Dice">
          <DicePicker onPick={pick} />
          <NotationForm />
        </Drawer>

        <main className="crit-center">
          <Toolbar />
          <Arena stageRef={stageRef} canvasBoxRef={canvasBoxRef} sceneError={sceneError} />
          <Stopped sessionRef={sessionRef} />
          <Notice />
          <Actions onRoll={roll} />
          <TablePanel />
        </main>

        <Drawer side="right" id="crit-tray-drawer" title="Tray">
          <Tray faces={trayFaces} />
          <h3 className="crit-history__title">History</h3>
          <History />
        </Drawer>
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
      <Announcer />
      <SettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}
