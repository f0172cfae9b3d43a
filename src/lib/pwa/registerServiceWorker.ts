import { Workbox } from 'workbox-window';
import { create } from 'zustand';

interface PwaState {
  /** A new build is installed and waiting: calling this activates it and reloads. */
  reload: (() => void) | null;
}

export const usePwaStore = create<PwaState>(() => ({ reload: null }));

/** After the page has painted and the main thread has gone idle (or 3 s at most). */
function whenIdleAfterPaint(run: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(run, { timeout: 3000 })
      : setTimeout(run, 1000);
  if (document.readyState === 'complete') requestAnimationFrame(() => setTimeout(idle, 0));
  else
    window.addEventListener('load', () => requestAnimationFrame(() => setTimeout(idle, 0)), { once: true });
}

let started = false;

/**
 * Registers the build's service worker (vite-plugin-pwa, pwa.config.ts) once the page has
 * painted and gone idle, so the precache of every game downloads in the background and
 * not in the home page's budget. A later build installs and waits; the player sees
 * 'A new version is available — Reload' and chooses when.
 */
export function registerServiceWorker(): void {
  if (started || import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  started = true;
  whenIdleAfterPaint(() => {
    const wb = new Workbox('/sw.js', { scope: '/' });
    wb.addEventListener('waiting', () => {
      usePwaStore.setState({
        reload: () => {
          wb.addEventListener('controlling', () => window.location.reload());
          wb.messageSkipWaiting();
        },
      });
    });
    wb.register().catch((error: unknown) => console.warn('Service worker registration failed', error));
  });
}
