import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * Sound settings belong to each game (design: "mute and volume that persist"; games spec:
 * Crit Happens' and Draw & Race's settings list their own volume and mute). There is no
 * site-wide volume or mute: a game's sound is its mix level × its own volume, 0 when that
 * game is muted, and nothing another game sets changes it.
 */

/** What a sample bank needs to know about a game's settings: the gain now, and when it changes. */
export interface GainSource {
  /** 0..1; 0 when muted. Safe to call per event, outside React. */
  gain(): number;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** A game's own persisted volume and mute. */
export interface GameSound {
  muted: boolean;
  /** 0..1 */
  volume: number;
  setMuted(muted: boolean): void;
  toggleMuted(): void;
  setVolume(volume: number): void;
}

export type GameSoundStore = UseBoundStore<StoreApi<GameSound>>;

export const clampVolume = (volume: number): number =>
  Math.min(1, Math.max(0, Number.isFinite(volume) ? volume : 0));

/** The store key of a game's sound settings. */
export const soundStorageKey = (game: string): string => `futile:sound:${game}`;

/** One game's volume (default `defaultVolume`) and mute, kept in localStorage under its own key. */
export function createGameSound(game: string, defaultVolume: number): GameSoundStore {
  return create<GameSound>()(
    persist(
      (set) => ({
        muted: false,
        volume: clampVolume(defaultVolume),
        setMuted: (muted) => set({ muted }),
        toggleMuted: () => set((s) => ({ muted: !s.muted })),
        setVolume: (volume) => set({ volume: clampVolume(volume) }),
      }),
      {
        name: soundStorageKey(game),
        version: 1,
        merge: (stored, current) => {
          const s = (stored ?? {}) as Partial<GameSound>;
          return {
            ...current,
            muted: typeof s.muted === 'boolean' ? s.muted : current.muted,
            volume: typeof s.volume === 'number' ? clampVolume(s.volume) : current.volume,
          };
        },
      },
    ),
  );
}

/** The gain of a `{muted, volume}` settings store (a game's own). */
export function gainOf<S extends { muted: boolean; volume: number }>(store: {
  getState(): S;
  subscribe(listener: (state: S, prev: S) => void): () => void;
}): GainSource {
  return {
    gain: () => {
      const { muted, volume } = store.getState();
      return muted ? 0 : clampVolume(volume);
    },
    subscribe: (listener) => store.subscribe(() => listener()),
  };
}

/** A fixed level, for a game whose only sound setting is an on/off it checks itself. */
export function fixedGain(level: number): GainSource {
  return { gain: () => level, subscribe: () => () => {} };
}
