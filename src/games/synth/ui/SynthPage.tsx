import { useEffect, useMemo, useRef } from 'react';
import { GameHeader } from '../../../platform/header/GameHeader.tsx';
import { saveLocatorFromQuery } from '../../../platform/saves/loadFromQuery.ts';
import type { SaveConfig } from '../../../platform/saves/saveConfig.ts';
import { loadSaveInto } from '../../../platform/saves/useSaveFlow.tsx';
import { useSessionStore } from '../../../platform/session/sessionStore.ts';
import { canRedo, canUndo } from '../engine/history.ts';
import { songFromHash } from '../engine/songLink.ts';
import { auditionOff, auditionOn, enableAudio, onPageLeave, togglePlay } from './audioController.ts';
import { LoopsCard } from './LoopsCard.tsx';
import { stopMidiIn } from './midiIn.ts';
import { PatternCard } from './PatternCard.tsx';
import { KEY_MAP, keyboardStart, SoundCard } from './SoundCard.tsx';
import { startSongAddress } from './songAddress.ts';
import { editorOf, useSynthStore } from './store.ts';
import { TransportCard } from './TransportCard.tsx';
import './synth.css';

export const SYNTH_APP_ID = 'synth';
export const SYNTH_DEFAULT_KEY = 'composition';

function typingInto(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el?.tagName) return false;
  return (
    el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable
  );
}

/** Ctrl/Cmd+Z undo, Shift+Ctrl/Cmd+Z (or Ctrl+Y) redo, Space play/stop, A–K play notes. */
function useShortcuts() {
  useEffect(() => {
    const held = new Set<string>();
    const down = (e: KeyboardEvent) => {
      if (typingInto(e.target)) return;
      const s = useSynthStore.getState();
      const mod = e.ctrlKey || e.metaKey;
      const k = e.key.toLowerCase();
      if (mod && k === 'z') {
        e.preventDefault();
        if (e.shiftKey) s.redo();
        else s.undo();
        return;
      }
      if (mod && k === 'y') {
        e.preventDefault();
        s.redo();
        return;
      }
      if (mod || e.altKey) return;
      const el = e.target as HTMLElement | null;
      const onControl = el?.closest?.('button, [role="slider"], a, select');
      if (e.key === ' ' && !onControl) {
        e.preventDefault();
        togglePlay();
        return;
      }
      const i = KEY_MAP.indexOf(k);
      if (i >= 0 && !e.repeat && !held.has(k)) {
        held.add(k);
        const p = editorOf(s).params;
        void auditionOn(p.instrumentType === 'drum' ? undefined : keyboardStart(p.baseNote) + i);
      }
    };
    const up = (e: KeyboardEvent) => {
      const k = e.key.toLowerCase();
      if (held.delete(k) && held.size === 0) auditionOff();
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, []);
}

function useSynthSaveConfig(): SaveConfig {
  const saveHandle = useSynthStore((s) => s.saveHandle);
  return useMemo(
    () => ({
      appId: SYNTH_APP_ID,
      defaultKey: SYNTH_DEFAULT_KEY,
      getData: () => useSynthStore.getState().documentData(),
      onLoad: (data: unknown) => {
        useSynthStore.getState().loadDocument(data);
      },
      current: saveHandle,
      setCurrent: (h) => useSynthStore.getState().setSaveHandle(h),
    }),
    [saveHandle],
  );
}

/**
 * ?loadId= / ?loadKey= load once signed in; errors are silently ignored (games spec §8).
 * An address that also holds a song was written by this page after that load, with the
 * edits since: the song in it is the newer one, so the save is not loaded over it.
 */
function useLoadFromQuerySilently(config: SaveConfig) {
  const status = useSessionStore((s) => s.status);
  const done = useRef(songFromHash(window.location.hash) !== null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once when the session settles, with the config of that moment
  useEffect(() => {
    // Saves belong to signed-in users: signed out, there is nothing to load (and nothing to report).
    if (status !== 'signedIn' || done.current) return;
    done.current = true;
    const locator = saveLocatorFromQuery(window.location.search);
    if (!locator) return;
    loadSaveInto(config, locator).catch(() => {});
  }, [status === 'signedIn']);
}

/** A song link that could not be opened says why, until dismissed. */
function LinkNotice() {
  const notice = useSynthStore((s) => s.linkNotice);
  if (!notice) return null;
  return (
    <div className="synth-notice" role="alert">
      <p>{notice}</p>
      <button
        type="button"
        className="synth-btn synth-btn--small"
        onClick={() => useSynthStore.getState().setLinkNotice(null)}
      >
        Dismiss
      </button>
    </div>
  );
}

export function SynthPage() {
  const audio = useSynthStore((s) => s.audio);
  const undoable = useSynthStore((s) => canUndo(s.history));
  const redoable = useSynthStore((s) => canRedo(s.history));
  const { undo, redo } = useSynthStore.getState();
  const saveConfig = useSynthSaveConfig();
  useLoadFromQuerySilently(saveConfig);
  useShortcuts();
  useEffect(() => onPageLeave, []);
  useEffect(() => startSongAddress(), []);
  useEffect(() => stopMidiIn, []);

  return (
    <div className="synth-page">
      <GameHeader title="Synth Loops" backTo="/" saveConfig={saveConfig}>
        <div className="synth-hud">
          <button
            type="button"
            className="synth-btn synth-btn--ghost"
            onClick={undo}
            disabled={!undoable}
            title="Undo (Ctrl+Z)"
          >
            <span aria-hidden="true">↶</span> <span className="game-header__label">Undo</span>
          </button>
          <button
            type="button"
            className="synth-btn synth-btn--ghost"
            onClick={redo}
            disabled={!redoable}
            title="Redo (Shift+Ctrl+Z)"
          >
            <span aria-hidden="true">↷</span> <span className="game-header__label">Redo</span>
          </button>
        </div>
      </GameHeader>
      <main className="synth-main">
        <LinkNotice />
        {audio !== 'ready' && (
          <div className="synth-enable">
            <button
              type="button"
              className="synth-enable__btn"
              onClick={() => void enableAudio()}
              disabled={audio === 'starting'}
            >
              <span aria-hidden="true">🔊</span> Enable Audio
            </button>
            <p>
              {audio === 'failed'
                ? 'This browser would not start audio. Try again, or check that sound is allowed for this site.'
                : 'Browsers keep sound off until you ask. Tap once, then design, sequence and play.'}
            </p>
          </div>
        )}
        <div className="synth-grid">
          <SoundCard />
          <PatternCard />
          <TransportCard />
          <LoopsCard />
        </div>
      </main>
    </div>
  );
}
