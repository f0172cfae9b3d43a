import { useEffect, useRef } from 'react';
import { useSessionStore } from '../session/sessionStore.ts';
import { alertDialog } from '../ui/asyncDialogs.tsx';
import type { SaveConfig } from './saveConfig.ts';
import { loadSaveInto } from './useSaveFlow.tsx';

/** The save a page was opened with: ?loadId= (from My account) or ?loadKey=. */
export function saveLocatorFromQuery(search: string): { id?: string; key?: string } | null {
  const params = new URLSearchParams(search);
  const id = params.get('loadId')?.trim();
  const key = params.get('loadKey')?.trim();
  if (id) return { id };
  if (key) return { key };
  return null;
}

/**
 * Loads ?loadId= / ?loadKey= into the game once, after the session check settles
 * (saves belong to the signed-in user). Failures are shown in an alert (§8).
 */
export function useLoadFromQuery(config: SaveConfig, search: string = window.location.search): void {
  const status = useSessionStore((s) => s.status);
  const done = useRef(false);
  const configRef = useRef(config);
  configRef.current = config;

  useEffect(() => {
    if (done.current || status === 'loading') return;
    const locator = saveLocatorFromQuery(search);
    done.current = true;
    if (!locator) return;
    loadSaveInto(configRef.current, locator).catch((error: unknown) =>
      alertDialog(error instanceof Error && error.message ? error.message : 'Load failed', {
        title: 'Load failed',
      }),
    );
  }, [status, search]);
}
