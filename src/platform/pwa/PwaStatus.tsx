import { useEffect, useState } from 'react';
import { registerServiceWorker, usePwaStore } from '../../lib/pwa/registerServiceWorker.ts';
import { onOutboxFlushed, startOutbox } from '../scores/scoreOutbox.ts';
import './pwa.css';

/**
 * App-wide offline pieces: registers the service worker after first paint,
 * sends queued scores when the network returns (and says so), and offers a new build
 * with 'A new version is available — Reload' instead of switching under a player.
 */
export function PwaStatus() {
  const reload = usePwaStore((s) => s.reload);
  const [sent, setSent] = useState<string | null>(null);

  useEffect(() => {
    registerServiceWorker();
    const stopOutbox = startOutbox();
    const stopListening = onOutboxFlushed(({ submitted, rejected }) => {
      const parts: string[] = [];
      if (submitted.length)
        parts.push(
          submitted.length === 1
            ? `Your saved score was submitted (rank #${submitted[0]!.rank}).`
            : `${submitted.length} saved scores were submitted.`,
        );
      if (rejected.length)
        parts.push(
          `${rejected.length === 1 ? 'A saved score was' : `${rejected.length} saved scores were`} refused: ${rejected[0]!.message}`,
        );
      setSent(parts.join(' '));
    });
    return () => {
      stopOutbox();
      stopListening();
    };
  }, []);

  return (
    <div className="pwa-status">
      {/* A bare polite live region, present before it has words so screen readers announce
          them; no role="status", which would make every page carry an empty status. */}
      <div aria-live="polite" aria-atomic="true" className={sent ? 'pwa-toast' : 'visually-hidden'}>
        {sent && (
          <>
            <span>{sent}</span>
            <button
              type="button"
              className="pwa-toast__close"
              onClick={() => setSent(null)}
              aria-label="Dismiss"
            >
              ×
            </button>
          </>
        )}
      </div>
      {reload && (
        <div className="pwa-toast pwa-toast--update" role="alert">
          <span>A new version is available —</span>
          <button type="button" className="button" onClick={reload}>
            Reload
          </button>
        </div>
      )}
    </div>
  );
}
