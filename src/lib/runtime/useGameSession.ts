import { useEffect, useState } from 'react';

/** What a game page needs of its session: it goes when the page goes. */
export interface PageSession {
  dispose(): void;
}

/** How a game page makes and starts its session (read once, when the page mounts). */
export interface GameSessionSetup<S extends PageSession> {
  /** The game's name in the console's "<game> could not start". */
  game: string;
  /**
   * Makes the session, or null when the page's elements are not there. `signal` is aborted
   * when the page goes, just before the session is disposed: what the page sets up beside
   * its session (listeners with `{ signal }`, an `abort` listener) goes with it.
   */
  create(signal: AbortSignal): S | null;
  /** Starts it; a session's start does not reject once it is disposed. */
  start(session: S): Promise<unknown>;
  /** Says in the page's store why the game could not start (`couldNotStart`'s sentence). */
  failed(): void;
}

/** The sentence a game page shows when its session could not start: "<what> could not start in this browser …". */
export function couldNotStart(what: string): string {
  return `${what} could not start in this browser (it needs WebGL and module workers).`;
}

/**
 * A canvas game page's session for as long as the page is mounted: made and started when
 * it mounts (its start's failure reported through `failed`), disposed when it unmounts.
 * StrictMode's mount, unmount and mount again makes a second session and disposes the first.
 * The session is null until it is made, and again once the page is gone.
 */
export function useGameSession<S extends PageSession>(setup: GameSessionSetup<S>): S | null {
  const [once] = useState(() => setup);
  const [session, setSession] = useState<S | null>(null);
  useEffect(() => {
    const page = new AbortController();
    const created = once.create(page.signal);
    if (!created) return;
    setSession(created);
    once.start(created).catch((error: unknown) => {
      console.warn(`${once.game} could not start`, error);
      once.failed();
    });
    return () => {
      page.abort();
      created.dispose();
      setSession(null);
    };
  }, [once]);
  return session;
}
