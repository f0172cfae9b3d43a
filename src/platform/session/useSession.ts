import { useEffect } from 'react';
import { ensureSessionWatch, type SessionState, useSessionStore } from './sessionStore.ts';

/** The session, with the app-wide re-check (load, focus, visibility) running. */
export function useSession(): SessionState {
  useEffect(ensureSessionWatch, []);
  return useSessionStore();
}
