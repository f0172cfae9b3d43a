import { useSyncExternalStore } from 'react';

/** The browser's idea of whether there is a network (navigator.onLine and its events). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** True while the browser says it is online; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** The wording every offline-disabled control uses. */
export const OFFLINE_TEXT = {
  leaderboard: 'High scores are unavailable offline. They will be back when you reconnect.',
  saveLoad: 'Save and Load need the network. You are offline.',
  signIn: 'Sign-in needs the network. You are offline.',
  queued:
    'You are offline. Your score is kept on this device and will be submitted when the network returns.',
} as const;
