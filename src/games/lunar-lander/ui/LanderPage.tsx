import { useDeferredValue, useRef, useState } from 'react';
import { StoppedNotice } from '../../../lib/runtime/StoppedNotice.tsx';
import { couldNotStart, useGameSession } from '../../../lib/runtime/useGameSession.ts';
import { GameHeader } from '../../../platform/header/GameHeader.tsx';
import { LiveStatus } from '../../../platform/ui/LiveStatus.tsx';
import { MuteButton } from '../../../platform/ui/MuteButton.tsx';
import { useLanderSound } from './audio.ts';
import { Hud } from './Hud.tsx';
import { CrashedModal, GameOverModal, IntroModal, LandedModal, StartingNotice } from './Modals.tsx';
import { LanderGame } from './session.ts';
import { createLanderStore, type LanderStore, useGhostSettings } from './store.ts';
import { TouchControls } from './TouchControls.tsx';
import './lander.css';

function MuteToggle({ onToggle }: { onToggle(): void }) {
  const muted = useLanderSound((s) => s.muted);
  const toggle = useLanderSound((s) => s.toggleMuted);
  return (
    <MuteButton
      muted={muted}
      className="lander-mute"
      what="sound"
      onToggle={() => {
        toggle();
        onToggle();
      }}
    />
  );
}

/** Whether the board's #1 run flies as a second ghost (the player's best always does). */
function TopGhostToggle() {
  const showTop = useGhostSettings((s) => s.showTop);
  const toggle = useGhostSettings((s) => s.toggleTop);
  return (
    <button
      type="button"
      className="lander-mute lander-ghost-toggle"
      aria-pressed={showTop}
      title={showTop ? "Hide the #1 run's ghost" : "Show the #1 run's ghost"}
      onClick={toggle}
    >
      <span aria-hidden="true">👻</span> #1<span className="visually-hidden"> ghost</span>
    </button>
  );
}

/** Who the ghosts on the canvas are (the canvas itself is hidden from screen readers). */
function GhostLegend({ store }: { store: LanderStore }) {
  const ghosts = store((s) => s.ghosts);
  const showTop = useGhostSettings((s) => s.showTop);
  const shown = ghosts.filter((g) => g.kind === 'best' || showTop);
  if (!shown.length) return null;
  return (
    <ul className="lander-ghosts" aria-label="Ghosts" data-testid="lander-ghosts">
      {shown.map((g) => (
        <li key={g.kind} className={`lander-ghosts__item lander-ghosts__item--${g.kind}`}>
          <strong>{g.label}</strong> ghost: {g.playerName}, {g.score}
        </li>
      ))}
    </ul>
  );
}

/**
 * What the canvas shows, for screen readers: level, score, lives, fuel (in steps of 10,
 * so it is not read out continuously) and each landing's result.
 */
function LanderAnnouncer({ store }: { store: LanderStore }) {
  const screen = store((s) => s.screen);
  const level = store((s) => s.level);
  const score = store((s) => s.score);
  const lives = store((s) => s.lives);
  const fuel = store((s) => Math.max(0, Math.ceil(s.telemetry.fuel / 10) * 10));
  const finalScore = store((s) => s.finished?.score);
  const clearedLevel = store((s) => s.touchdown?.level);
  if (screen === 'intro' || screen === 'starting') return <LiveStatus text="" testId="lander-live" />;
  const state = `Level ${level}. Score ${score}. ${lives} ${lives === 1 ? 'life' : 'lives'} left. Fuel ${fuel}.`;
  const result =
    screen === 'landed'
      ? `Touchdown! Level ${clearedLevel ?? level - 1} cleared. `
      : screen === 'crashed'
        ? 'Crashed! '
        : screen === 'gameover'
          ? `Game over. Final score ${finalScore ?? score}. `
          : '';
  return <LiveStatus text={result + state} testId="lander-live" />;
}

/** /lunar-lander: header, the Pixi canvas, HUD, touch controls and the game's modals. */
export function LanderPage() {
  const [store] = useState(createLanderStore);
  const stageRef = useRef<HTMLElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const screen = store((s) => s.screen);
  const finished = store((s) => s.finished);
  const stopped = store((s) => s.stopped);
  // A touchdown's modal renders in a later task than the touchdown frame itself (the last
  // ticks, the burst of particles, the HUD): together they made a task over 50 ms at 4× CPU.
  // It shows once the deferred screen catches up, and goes at once.
  const deferredScreen = useDeferredValue(screen);
  const modal = screen === deferredScreen ? screen : null;
  const game = useGameSession({
    game: 'Lunar Lander',
    create: () => {
      const stage = stageRef.current;
      const host = hostRef.current;
      return stage && host ? new LanderGame(store, stage, host) : null;
    },
    start: (created) => created.start(),
    failed: () => store.setState({ stopped: couldNotStart('The game') }),
  });

  const restart = () => {
    game?.restart().catch((error: unknown) => {
      console.error('Lunar Lander could not restart', error);
      store.setState({ stopped: 'The game could not restart: reload the page.' });
    });
  };
  const report = (error: unknown) => console.error('Lunar Lander:', error);

  return (
    <div className="lander-page">
      <GameHeader title="Lunar Lander">
        <TopGhostToggle />
        <MuteToggle onToggle={() => game?.audio.unlock()} />
      </GameHeader>
      <main className="lander-stage" ref={stageRef} data-testid="lander-stage">
        <div ref={hostRef} className="scene-box" />
        {screen !== 'intro' && <Hud store={store} />}
        {screen === 'playing' && <GhostLegend store={store} />}
        <LanderAnnouncer store={store} />
        {screen === 'playing' && <TouchControls onInput={(bit, down) => game?.setInput(bit, down)} />}
        {screen === 'intro' && <IntroModal onStart={() => game?.startGame().catch(report)} />}
        {screen === 'starting' && <StartingNotice />}
        {modal === 'landed' && (
          <LandedModal store={store} onNext={() => game?.continueGame().catch(report)} />
        )}
        {modal === 'crashed' && (
          <CrashedModal store={store} onRetry={() => game?.continueGame().catch(report)} />
        )}
        {modal === 'gameover' && finished && (
          <GameOverModal finished={finished} onPlayAgain={() => game?.startGame().catch(report)} />
        )}
        {stopped && game && (
          <StoppedNotice className="lander-stopped" message={stopped} onRestart={restart} />
        )}
      </main>
    </div>
  );
}
