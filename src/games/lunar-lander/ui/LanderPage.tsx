import { useEffect, useRef, useState } from 'react';
import { useSoundSettings } from '../../../lib/soundSettings.ts';
import { GameHeader } from '../../../platform/header/GameHeader.tsx';
import { LanderController } from './controller.ts';
import { Hud } from './Hud.tsx';
import { CrashedModal, GameOverModal, IntroModal, LandedModal, StartingNotice } from './Modals.tsx';
import { createLanderStore } from './store.ts';
import { TouchControls } from './TouchControls.tsx';
import './lander.css';

function MuteToggle({ onToggle }: { onToggle(): void }) {
  const muted = useSoundSettings((s) => s.muted);
  const toggle = useSoundSettings((s) => s.toggleMuted);
  return (
    <button
      type="button"
      className="lander-mute"
      aria-pressed={muted}
      aria-label={muted ? 'Unmute sound' : 'Mute sound'}
      title={muted ? 'Unmute sound' : 'Mute sound'}
      onClick={() => {
        toggle();
        onToggle();
      }}
    >
      {muted ? '🔇' : '🔊'}
    </button>
  );
}

/** /lunar-lander: header, the Pixi canvas, HUD, touch controls and the game's modals. */
export function LanderPage() {
  const [store] = useState(createLanderStore);
  const [controller] = useState(() => new LanderController(store));
  const hostRef = useRef<HTMLDivElement>(null);
  const screen = store((s) => s.screen);
  const finished = store((s) => s.finished);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    void controller.mount(host);
    return () => controller.dispose();
  }, [controller]);

  return (
    <div className="lander-page">
      <GameHeader title="Lunar Lander">
        <MuteToggle onToggle={() => controller.audio.unlock()} />
      </GameHeader>
      <main className="lander-stage">
        <div ref={hostRef} className="lander-canvas" />
        {screen !== 'intro' && <Hud store={store} />}
        {screen === 'playing' && <TouchControls onInput={(bit, down) => controller.setInput(bit, down)} />}
        {screen === 'intro' && <IntroModal onStart={() => void controller.startGame()} />}
        {screen === 'starting' && <StartingNotice />}
        {screen === 'landed' && <LandedModal store={store} onNext={() => controller.continueGame()} />}
        {screen === 'crashed' && <CrashedModal store={store} onRetry={() => controller.continueGame()} />}
        {screen === 'gameover' && finished && (
          <GameOverModal finished={finished} onPlayAgain={() => void controller.startGame()} />
        )}
      </main>
    </div>
  );
}
