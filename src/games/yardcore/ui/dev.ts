/**
 * The developer menu (spec §6), behind the local flag (storage.ts `devEnabled`): six
 * switches and four buttons. The buttons' toasts are decided here from the inventory the
 * HUD shows, before anything is sent to the engine; the switches live in a small store,
 * the scene reads them (SceneDevOptions) and the overlay shows the debug text.
 */
import { create } from 'zustand';
import type { ItemSlot } from '../engine/game.ts';
import type { SceneDevOptions } from '../scene/YardScene.ts';

export interface DevSwitches extends SceneDevOptions {
  /** The debug text over the yard: fps, things, chunks, position, state. */
  showDebugText: boolean;
}

export const DEV_SWITCHES: readonly { key: keyof DevSwitches; label: string }[] = [
  { key: 'showDebugText', label: 'Show debug text' },
  { key: 'autoOffsets', label: 'Sprite auto offsets' },
  { key: 'forceSimple', label: 'Force simple' },
  { key: 'swapLR', label: 'Swap L/R' },
  { key: 'scaleAnimByVelocity', label: 'Scale animation by velocity' },
  { key: 'spriteLogs', label: 'Sprite debug logs' },
];

export const DEFAULT_DEV_SWITCHES: DevSwitches = {
  showDebugText: true,
  autoOffsets: false,
  forceSimple: false,
  swapLR: false,
  scaleAnimByVelocity: false,
  spriteLogs: false,
};

interface DevState {
  open: boolean;
  switches: DevSwitches;
}

export const useYardDev = create<DevState>(() => ({ open: false, switches: DEFAULT_DEV_SWITCHES }));

export type DevGift = 'food5' | 'fuelCan' | 'mower';

/**
 * What a developer button does with this inventory: the toast to show, and whether to send
 * the gift to the engine. Food joins a stack the player has or takes an empty slot; one fuel
 * can at a time; a mower needs an empty slot.
 */
export function devGive(slots: readonly ItemSlot[], gift: DevGift): { toast: string; send: boolean } {
  const hasEmpty = slots.some((s) => s.kind === 'empty');
  if (gift === 'food5') {
    const ok = hasEmpty || slots.some((s) => s.kind === 'food');
    return ok ? { toast: 'Spawned food x5', send: true } : { toast: 'No empty slot', send: false };
  }
  if (gift === 'fuelCan') {
    if (slots.some((s) => s.kind === 'fuelCan')) return { toast: 'Already have a fuel can', send: false };
    return hasEmpty ? { toast: 'Spawned fuel can', send: true } : { toast: 'No empty slot', send: false };
  }
  return hasEmpty ? { toast: 'Spawned mower', send: true } : { toast: 'No empty slot', send: false };
}
