import { type ReactNode, useCallback, useRef, useState } from 'react';
import { alertDialog } from '../ui/asyncDialogs.tsx';
import { LoadDialog } from './LoadDialog.tsx';
import type { SaveConfig } from './saveConfig.ts';
import { save as runSave, saveAs as runSaveAs, type SaveOutcome } from './saveFlow.ts';
import { handleOf, readSave, type SaveListItem } from './savesClient.ts';

export interface SaveFlow {
  save: () => Promise<SaveOutcome>;
  saveAs: () => Promise<SaveOutcome>;
  openLoad: () => void;
  /** Render this once; it is the Load dialog when open. */
  loadDialog: ReactNode;
}

/**
 * Fetches a chosen save and hands it to the game (spec §4 'Load flow').
 * Failures: server message, else 'Load failed'; 'Not found' when it has no data.
 */
export async function loadSaveInto(config: SaveConfig, locator: { id?: string | null; key?: string | null }) {
  const item = await readSave({ appId: config.appId, ...locator });
  config.onLoad(item.data);
  config.setCurrent(handleOf(item));
  return item;
}

/** Save / Save As / Load for one game's SaveConfig (generic over appId). */
export function useSaveFlow(config: SaveConfig | undefined): SaveFlow {
  const [loadOpen, setLoadOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // The flows read the config at call time: a game re-renders with a new handle between steps.
  const configRef = useRef(config);
  configRef.current = config;

  const save = useCallback(async () => (configRef.current ? runSave(configRef.current) : 'nothing'), []);
  const saveAs = useCallback(async () => (configRef.current ? runSaveAs(configRef.current) : 'nothing'), []);
  const openLoad = useCallback(() => setLoadOpen(true), []);

  const choose = useCallback(async (item: SaveListItem) => {
    const current = configRef.current;
    if (!current) return;
    setBusy(true);
    try {
      await loadSaveInto(current, { id: item.id });
      setLoadOpen(false);
    } catch (error) {
      await alertDialog(error instanceof Error && error.message ? error.message : 'Load failed');
    } finally {
      setBusy(false);
    }
  }, []);

  const loadDialog = config ? (
    <LoadDialog
      open={loadOpen}
      appId={config.appId}
      onClose={() => setLoadOpen(false)}
      onChoose={(item) => void choose(item)}
      busy={busy}
    />
  ) : null;

  return { save, saveAs, openLoad, loadDialog };
}
