import { useLayoutEffect, useRef, useState } from 'react';
import { writeFittedText, writeText } from '../../../lib/domText.ts';
import { StoppedNotice } from '../../../lib/runtime/StoppedNotice.tsx';
import { couldNotStart, useGameSession } from '../../../lib/runtime/useGameSession.ts';
import { GameHeader } from '../../../platform/header/GameHeader.tsx';
import { Dialog } from '../../../platform/ui/Dialog.tsx';
import { LiveStatus } from '../../../platform/ui/LiveStatus.tsx';
import { MAX_HP, MOWER_FUEL, WIN_LEVEL } from '../engine/constants.ts';
import type { ItemSlot } from '../engine/game.ts';
import { DevTools } from './DevMenu.tsx';
import { levelUpNews } from './levelText.ts';
import { YardSession } from './session.ts';
import { YardSound } from './sound.ts';
import { devEnabled, saveSettings, validZoom, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from './storage.ts';
import { type LiveHud, liveOf, useYardStore, yardLive } from './store.ts';
import './yardcore.css';

/** The food carried (the engine stacks it in one slot). */
const foodCount = (slots: ItemSlot[]): number =>
  slots.reduce((n, slot) => n + (slot.kind === 'food' ? slot.count : 0), 0);

const SLOT_ICONS: Record<ItemSlot['kind'], string> = { empty: '', food: '🥪', fuelCan: '⛽', mower: '🚜' };

function slotLabel(slot: ItemSlot, index: number): string {
  const n = index + 1;
  if (slot.kind === 'food') return `Slot ${n}: food × ${slot.count}`;
  if (slot.kind === 'fuelCan') return `Slot ${n}: fuel can`;
  if (slot.kind === 'mower') return `Slot ${n}: mower, fuel ${slot.fuel}`;
  return `Slot ${n}: empty`;
}

function Hearts({ hp }: { hp: number }) {
  return (
    <span className="yard-hearts" role="img" aria-label={`Health ${hp} of ${MAX_HP}`}>
      {Array.from({ length: MAX_HP }, (_, i) => {
        const fill = Math.max(0, Math.min(1, hp - i));
        return (
          <span key={i} className={`yard-heart${fill === 1 ? '' : fill > 0 ? ' is-half' : ' is-empty'}`}>
            ♥
          </span>
        );
      })}
    </span>
  );
}

/**
 * The score, the count mowed and the bar, written into the page from `yardLive` at each cut
 * (several a second while mowing) without a React render.
 */
function useCutFigures(): {
  score: React.RefObject<HTMLSpanElement | null>;
  cut: React.RefObject<HTMLSpanElement | null>;
  bar: React.RefObject<HTMLDivElement | null>;
  fill: React.RefObject<HTMLSpanElement | null>;
} {
  const score = useRef<HTMLSpanElement>(null);
  const cut = useRef<HTMLSpanElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const fill = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const show = (live: LiveHud) => {
      writeFittedText(score.current, `${live.score} pts`);
      writeText(cut.current, `${live.cutCount} / ${live.target} mowed`);
      const now = String(live.cutCount);
      if (bar.current && bar.current.getAttribute('aria-valuenow') !== now)
        bar.current.setAttribute('aria-valuenow', now);
      const transform = `scaleX(${Math.min(1, live.cutCount / live.target)})`;
      if (fill.current && fill.current.style.transform !== transform)
        fill.current.style.transform = transform;
    };
    show(yardLive.getState());
    return yardLive.subscribe(show);
  }, []);
  return { score, cut, bar, fill };
}

function Hud({ session }: { session: YardSession }) {
  const hp = useYardStore((s) => s.hud.hp);
  const level = useYardStore((s) => s.hud.level);
  const target = useYardStore((s) => s.hud.target);
  const phase = useYardStore((s) => s.phase);
  const figures = useCutFigures();
  return (
    <div className="yard-hud">
      <div className="yard-hud__row">
        <Hearts hp={hp} />
        <span className="yard-hud__level">Level {level}</span>
        {/* The row is a flex box: the readout box sits inside its item (global.css). */}
        <span className="yard-hud__score" data-testid="yard-score">
          <span data-readout="fit" ref={figures.score} />
        </span>
        <button
          type="button"
          className="button button--ghost button--small yard-hud__pause"
          onClick={() => session.pause()}
          disabled={phase !== 'playing'}
          aria-label="Pause"
        >
          ⏸
        </button>
      </div>
      <div
        className="yard-progress"
        role="progressbar"
        aria-label="Mowed this level"
        aria-valuemin={0}
        aria-valuemax={target}
        ref={figures.bar}
      >
        <span className="yard-progress__fill" ref={figures.fill} />
        <span className="yard-progress__text" data-testid="yard-cut" ref={figures.cut} />
      </div>
    </div>
  );
}

/** The mower's gauge, following `yardLive` at each cut without a React render. */
function MowerGauge() {
  const gauge = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const show = ({ fuel }: LiveHud) => {
      const el = gauge.current;
      if (!el || fuel === null) return;
      const transform = `scaleX(${Math.max(0, Math.min(1, fuel / MOWER_FUEL))})`;
      if (el.style.transform !== transform) el.style.transform = transform;
      const empty = String(fuel === 0);
      if (el.dataset.empty !== empty) el.dataset.empty = empty;
    };
    show(yardLive.getState());
    return yardLive.subscribe(show);
  }, []);
  return <span className="yard-slot__fuel" ref={gauge} />;
}

function Inventory({ session }: { session: YardSession }) {
  const slots = useYardStore((s) => s.hud.slots);
  const active = useYardStore((s) => s.hud.activeSlot);
  const tapMove = useYardStore((s) => s.settings.controlMode === 'tapMove');
  const food = foodCount(slots);
  return (
    <div className="yard-inventory" role="toolbar" aria-label="Inventory (keys 1–5)">
      {tapMove && food > 0 && (
        <p className="yard-hint" data-testid="yard-throw-hint">
          Double tap (or F) to throw 🥪
        </p>
      )}
      {slots.map((slot, i) => (
        <button
          key={i}
          type="button"
          className={`yard-slot${i === active ? ' is-active' : ''}`}
          aria-pressed={i === active}
          aria-label={slotLabel(slot, i)}
          title={slotLabel(slot, i)}
          onClick={() => session.command({ type: 'select', slot: i })}
        >
          <span className="yard-slot__key">{i + 1}</span>
          <span className="yard-slot__icon">{SLOT_ICONS[slot.kind]}</span>
          {slot.kind === 'food' && <span className="yard-slot__count">{slot.count}</span>}
          {slot.kind === 'mower' && <MowerGauge />}
        </button>
      ))}
      <button
        type="button"
        className="button button--small yard-use"
        onClick={() => session.command({ type: 'use' })}
        disabled={slots[active]?.kind !== 'fuelCan'}
      >
        Refuel
      </button>
    </div>
  );
}

/** The on-screen stick (joystick mode): drag from its centre; releases to rest. */
function Joystick({ session }: { session: YardSession }) {
  const [knob, setKnob] = useState({ x: 0, y: 0 });
  const food = useYardStore((s) => foodCount(s.hud.slots));
  const base = useRef<HTMLDivElement>(null);
  const move = (event: React.PointerEvent) => {
    const rect = base.current?.getBoundingClientRect();
    if (!rect) return;
    const r = rect.width / 2;
    let x = (event.clientX - rect.left - r) / r;
    let y = (event.clientY - rect.top - r) / r;
    const d = Math.hypot(x, y);
    if (d > 1) {
      x /= d;
      y /= d;
    }
    setKnob({ x, y });
    session.setJoystick(Math.abs(x) < 0.15 ? 0 : x, Math.abs(y) < 0.15 ? 0 : y);
  };
  const release = () => {
    setKnob({ x: 0, y: 0 });
    session.setJoystick(0, 0);
  };
  return (
    <div className="yard-joystick">
      <div
        ref={base}
        className="yard-joystick__base"
        role="application"
        aria-label="Joystick: drag to walk"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          move(e);
        }}
        onPointerMove={(e) => {
          if (e.buttons) move(e);
        }}
        onPointerUp={release}
        onPointerCancel={release}
      >
        <span
          className="yard-joystick__knob"
          style={{ transform: `translate(${knob.x * 36}px, ${knob.y * 36}px)` }}
        />
      </div>
      <div className="yard-joystick__throw">
        <button
          type="button"
          className="button"
          onClick={() => session.throwAhead()}
          disabled={food === 0}
          aria-describedby={food === 0 ? 'yard-throw-why' : undefined}
        >
          Throw 🥪{food > 0 ? ` × ${food}` : ''}
        </button>
        {food === 0 && (
          <span id="yard-throw-why" className="yard-joystick__why">
            No food: pick up a 🥪
          </span>
        )}
      </div>
    </div>
  );
}

function SettingsDialog() {
  const open = useYardStore((s) => s.settingsOpen);
  const settings = useYardStore((s) => s.settings);
  const update = (patch: Partial<typeof settings>) => {
    const next = { ...settings, ...patch };
    saveSettings(next);
    useYardStore.setState({ settings: next });
  };
  return (
    <Dialog open={open} onClose={() => useYardStore.setState({ settingsOpen: false })} title="Settings">
      <fieldset className="yard-settings__group">
        <legend>Controls</legend>
        <label className="yard-settings__choice">
          <input
            type="radio"
            name="yard-control"
            checked={settings.controlMode === 'tapMove'}
            onChange={() => update({ controlMode: 'tapMove' })}
          />
          Tap to move
        </label>
        <label className="yard-settings__choice">
          <input
            type="radio"
            name="yard-control"
            checked={settings.controlMode === 'joystick'}
            onChange={() => update({ controlMode: 'joystick' })}
          />
          Joystick
        </label>
      </fieldset>
      <label className="yard-settings__choice">
        <input
          type="checkbox"
          checked={settings.soundEnabled}
          onChange={(e) => update({ soundEnabled: e.target.checked })}
        />
        Sound
      </label>
      <div className="yard-settings__zoom">
        <label htmlFor="yard-zoom">
          Zoom {settings.zoom}×
          <span className="yard-settings__note">
            {' '}
            ({ZOOM_MIN}× to {ZOOM_MAX}×; 1× shows the yard's 32 px tiles)
          </span>
        </label>
        <input
          id="yard-zoom"
          type="range"
          min={ZOOM_MIN}
          max={ZOOM_MAX}
          step={ZOOM_STEP}
          value={settings.zoom}
          aria-valuetext={`${settings.zoom}×`}
          onChange={(e) => update({ zoom: validZoom(Number(e.target.value)) })}
        />
      </div>
    </Dialog>
  );
}

function InstructionsDialog() {
  const open = useYardStore((s) => s.instructionsOpen);
  return (
    <Dialog
      open={open}
      onClose={() => useYardStore.setState({ instructionsOpen: false })}
      title="How to play"
    >
      <ul className="yard-instructions">
        <li>Push the mower over tall grass to mow it: each tile is a point and costs 2 fuel.</li>
        <li>Mow the level's target to move on; finish level {WIN_LEVEL} to win the yard.</li>
        <li>Walk with the arrow keys or WASD, or tap where to go. Keys 1–5 pick an item.</li>
        <li>Fuel can: pick it up, select it and press Space (or Refuel) to fill the mower.</li>
        <li>Double tap (or F) throws a sandwich: crows, raccoons and squirrels go for it instead of you.</li>
        <li>
          Raccoons bite, squirrels too from level 2, crows peck if you walk into them. Run them over with a
          running mower for points.
        </li>
        <li>Esc pauses; R starts the level over.</li>
        <li>
          Zoom in Settings, from {ZOOM_MIN}× to {ZOOM_MAX}×; at 1× (the default) a tile of the yard is 32 px.
        </li>
      </ul>
    </Dialog>
  );
}

function Menus({ session }: { session: YardSession }) {
  const phase = useYardStore((s) => s.phase);
  const hasProgress = useYardStore((s) => s.hasProgress);
  const score = useYardStore((s) => s.hud.score);
  const level = useYardStore((s) => s.hud.level);
  const settingsButton = (
    <button
      type="button"
      className="button button--ghost"
      onClick={() => useYardStore.setState({ settingsOpen: true })}
    >
      Settings
    </button>
  );
  if (phase === 'playing') return null;
  if (phase === 'starting')
    return (
      <div className="yard-fade" aria-live="polite">
        <p className="yard-fade__text">Level {level}: mow!</p>
      </div>
    );
  const card = (title: string, body: React.ReactNode, actions: React.ReactNode, testId: string) => (
    <div className="yard-overlay">
      <section className="yard-menu" aria-labelledby={`${testId}-title`} data-testid={testId}>
        <h2 id={`${testId}-title`} className="yard-menu__title">
          {title}
        </h2>
        {body}
        <div className="yard-menu__actions">{actions}</div>
      </section>
    </div>
  );
  switch (phase) {
    case 'intro':
      return card(
        'Yardcore',
        <p className="yard-menu__text">Mow the endless yard. Mind the raccoons.</p>,
        <>
          {hasProgress && (
            <button type="button" className="button button--primary" onClick={() => session.play('continue')}>
              Continue
            </button>
          )}
          <button
            type="button"
            className={`button${hasProgress ? ' button--ghost' : ''}`}
            onClick={() => session.play('new')}
          >
            New Game
          </button>
          {settingsButton}
          <button
            type="button"
            className="button button--ghost"
            onClick={() => useYardStore.setState({ instructionsOpen: true })}
          >
            Instructions
          </button>
        </>,
        'yard-intro',
      );
    case 'paused':
      return card(
        'Paused',
        <>
          <p className="yard-menu__text">Score {score}</p>
          <p className="yard-menu__text">Esc resumes. R starts level {level} again.</p>
        </>,
        <>
          <button type="button" className="button button--primary" onClick={() => session.resume()}>
            Resume
          </button>
          {settingsButton}
          <button type="button" className="button button--ghost" onClick={() => session.exitToMenu()}>
            Exit to Menu
          </button>
        </>,
        'yard-paused',
      );
    case 'gameover':
      return card(
        'Game over',
        <p className="yard-menu__text">
          Score {score}. Press R to start level {level} again.
        </p>,
        <>
          <button type="button" className="button button--primary" onClick={() => session.restart()}>
            Try again (R)
          </button>
          <button type="button" className="button button--ghost" onClick={() => session.exitToMenu()}>
            Back to Menu
          </button>
        </>,
        'yard-gameover',
      );
    case 'win':
      return card(
        'Yard conquered!',
        <p className="yard-menu__text">
          All {WIN_LEVEL} levels mowed. Final score {score}.
        </p>,
        <>
          <button type="button" className="button button--primary" onClick={() => session.play('new')}>
            New Game
          </button>
          <button type="button" className="button button--ghost" onClick={() => session.exitToMenu()}>
            Back to Menu
          </button>
        </>,
        'yard-win',
      );
    case 'levelup':
      return card(
        `Level ${level} mowed!`,
        <p className="yard-menu__text">
          Score {score}. {levelUpNews(level)}
        </p>,
        <>
          <button type="button" className="button button--primary" onClick={() => session.nextLevel()}>
            Next Level
          </button>
          <button type="button" className="button button--ghost" onClick={() => session.openSkillTree()}>
            Skill Tree
          </button>
          <button type="button" className="button button--ghost" onClick={() => session.exitToMenu()}>
            Back to Menu
          </button>
        </>,
        'yard-levelup',
      );
    case 'skilltree':
      return card(
        'Skill Tree',
        <p className="yard-menu__text">
          Skills grow here in a later season. For now: sharper blades come with practice.
        </p>,
        <>
          <button type="button" className="button button--primary" onClick={() => session.nextLevel()}>
            Next Level
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => useYardStore.setState({ phase: 'levelup' })}
          >
            Back
          </button>
        </>,
        'yard-skilltree',
      );
  }
}

/**
 * What the canvas shows, for screen readers: level, hearts, score, mowing progress (in
 * steps of 10 tiles), mower fuel (steps of 10) and the result screens.
 */
function YardAnnouncer() {
  const phase = useYardStore((s) => s.phase);
  const hp = useYardStore((s) => s.hud.hp);
  const score = useYardStore((s) => s.hud.score);
  const level = useYardStore((s) => s.hud.level);
  const target = useYardStore((s) => s.hud.target);
  const mowed = useYardStore((s) => Math.floor(s.hud.cutCount / 10) * 10);
  const fuel = useYardStore((s) => {
    const mower = s.hud.slots.find((slot) => slot.kind === 'mower');
    return mower?.kind === 'mower' ? Math.ceil(mower.fuel / 10) * 10 : null;
  });
  let text = '';
  if (phase === 'playing' || phase === 'paused' || phase === 'starting')
    text = `${phase === 'paused' ? 'Paused. ' : ''}Level ${level}. ${hp} ${hp === 1 ? 'heart' : 'hearts'}. Score ${score}. Mowed ${mowed} of ${target}.${fuel === null ? '' : ` Mower fuel ${fuel}.`}`;
  else if (phase === 'gameover') text = `Game over. Score ${score}.`;
  else if (phase === 'levelup') text = `Level ${level} mowed! Score ${score}.`;
  else if (phase === 'win') text = `Yard conquered! Final score ${score}.`;
  return <LiveStatus text={text} testId="yard-live" />;
}

function Toasts() {
  const toasts = useYardStore((s) => s.toasts);
  return (
    <div className="yard-toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <p key={t.id} className="yard-toast">
          {t.text}
        </p>
      ))}
    </div>
  );
}

export function YardPage() {
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasBoxRef = useRef<HTMLDivElement>(null);
  const failure = useYardStore((s) => s.failure);
  const stopped = useYardStore((s) => s.stopped);
  const phase = useYardStore((s) => s.phase);
  const controlMode = useYardStore((s) => s.settings.controlMode);
  const session = useGameSession({
    game: 'Yardcore',
    create: (signal) => {
      const stage = stageRef.current;
      const canvasBox = canvasBoxRef.current;
      if (!stage || !canvasBox) return null;
      useYardStore.setState({ phase: 'intro', failure: null, stopped: null, toasts: [] });
      yardLive.setState(liveOf(useYardStore.getState().hud));
      const created = new YardSession(stage, canvasBox);
      const sound = new YardSound(() => useYardStore.getState().settings.soundEnabled);
      created.onEvents = (events) => sound.events(events);
      created.onMowing = (mowing) => sound.mowing(mowing && useYardStore.getState().phase === 'playing');
      // Browsers start audio only inside a gesture: the first key or tap on the page unlocks it.
      const unlock = () => sound.unlock();
      window.addEventListener('pointerdown', unlock, { signal });
      window.addEventListener('keydown', unlock, { signal });
      const stopMower = useYardStore.subscribe((state, before) => {
        if (state.phase !== before.phase && state.phase !== 'playing') sound.mowing(false);
      });
      signal.addEventListener('abort', () => {
        stopMower();
        sound.dispose();
      });
      return created;
    },
    start: (created) => created.start(),
    failed: () => useYardStore.setState({ failure: couldNotStart('Yardcore') }),
  });
  const [dev] = useState(devEnabled);

  const inGame = phase === 'playing' || phase === 'starting';
  return (
    <div className="yard-page">
      <GameHeader title="Yardcore" />
      <div className="yard-stage" ref={stageRef} data-testid="yard-stage">
        <div className="scene-box" ref={canvasBoxRef} />
        {session && inGame && <Hud session={session} />}
        {session && inGame && <Inventory session={session} />}
        {session && phase === 'playing' && controlMode === 'joystick' && <Joystick session={session} />}
        {session && <Menus session={session} />}
        {session && dev && <DevTools session={session} />}
        <Toasts />
        <YardAnnouncer />
        {failure && <p className="yard-failure">{failure}</p>}
        {stopped && session && (
          <StoppedNotice
            className="yard-stopped"
            message={stopped}
            onRestart={() => session.restartStopped()}
          />
        )}
      </div>
      <SettingsDialog />
      <InstructionsDialog />
    </div>
  );
}
