import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Site-wide mute and volume, persisted (design: "mute and volume that persist"). */
export interface SoundSettings {
  muted: boolean;
  /** 0..1 */
  volume: number;
  setMuted(muted: boolean): void;
  toggleMuted(): void;
  setVolume(volume: number): void;
}

export const useSoundSettings = create<SoundSettings>()(
  persist(
    (set) => ({
      muted: false,
      volume: 0.8,
      setMuted: (muted) => set({ muted }),
      toggleMuted: () => set((s) => ({ muted: !s.muted })),
      setVolume: (volume) => set({ volume: Math.min(1, Math.max(0, Number.isFinite(volume) ? volume : 0)) }),
    }),
    { name: 'futile:sound', version: 1 },
  ),
);

/** The gain a sound should play at right now (0 when muted). Safe to call per event, outside React. */
export function effectiveVolume(): number {
  const { muted, volume } = useSoundSettings.getState();
  return muted ? 0 : volume;
}
