/**
 * The signed-in user (platform spec §4 'Session'): loading at start, then signed in
 * (user set) or signed out (user null). Re-checked on app load, window focus and when
 * the tab becomes visible; see `watchSession`.
 */
import { create } from 'zustand';
import type { SessionUser, ValidateResponse } from '../../api/types.ts';
import { apiGet, apiSend } from '../../lib/api.ts';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** Why the last check failed (network, unreadable answer); the user is then treated as signed out. */
  error: string | null;
  /** GET /api/account/validate.php and settle on signed in or signed out. */
  check: () => Promise<void>;
  /** POST /api/account/logout.php; the user is cleared even when the call fails. */
  signOut: () => Promise<void>;
  /** Merges a partial user (e.g. a new displayName) into the signed-in user. */
  updateUser: (patch: Partial<SessionUser>) => void;
}

// Each check or sign-out takes a ticket; an answer arriving after a newer one started is dropped,
// so a slow check cannot sign the user back in after Sign out.
let latestTicket = 0;
let inFlight: Promise<void> | null = null;

export const useSessionStore = create<SessionState>()((set, get) => ({
  status: 'loading',
  user: null,
  error: null,

  check: () => {
    // Focus and visibility often fire together: share one request.
    if (inFlight) return inFlight;
    const ticket = ++latestTicket;
    const run: Promise<void> = (async () => {
      try {
        const answer = await apiGet<ValidateResponse>('/api/account/validate.php');
        if (ticket !== latestTicket) return;
        if (answer.success && answer.user) set({ status: 'signedIn', user: answer.user, error: null });
        else set({ status: 'signedOut', user: null, error: null });
      } catch (error) {
        if (ticket !== latestTicket) return;
        set({
          status: 'signedOut',
          user: null,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    })().finally(() => {
      if (inFlight === run) inFlight = null;
    });
    inFlight = run;
    return run;
  },

  signOut: async () => {
    latestTicket++;
    inFlight = null;
    try {
      await apiSend('POST', '/api/account/logout.php');
    } catch {
      // Spec §7: errors ignored — the user is signed out locally either way.
    }
    set({ status: 'signedOut', user: null, error: null });
  },

  updateUser: (patch) => {
    const user = get().user;
    if (user) set({ user: { ...user, ...patch } });
  },
}));

/**
 * Checks now and again whenever the window gains focus or the tab becomes visible.
 * Returns the function that stops watching.
 */
export function watchSession(target: Window = window): () => void {
  const recheck = () => void useSessionStore.getState().check();
  const onVisibility = () => {
    if (target.document.visibilityState === 'visible') recheck();
  };
  recheck();
  target.addEventListener('focus', recheck);
  target.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    target.removeEventListener('focus', recheck);
    target.document.removeEventListener('visibilitychange', onVisibility);
  };
}

let appWatch: (() => void) | null = null;

/** Starts the app-wide watch once (first component that needs the session does it). */
export function ensureSessionWatch(): void {
  if (!appWatch) appWatch = watchSession();
}

/** Test helper: back to the initial state with no watch running. */
export function resetSessionForTests(): void {
  appWatch?.();
  appWatch = null;
  latestTicket++;
  inFlight = null;
  useSessionStore.setState({ status: 'loading', user: null, error: null });
}
