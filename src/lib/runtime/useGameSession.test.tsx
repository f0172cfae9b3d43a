// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { couldNotStart, type GameSessionSetup, useGameSession } from './useGameSession.ts';

/** A session that records what happened to it, in order, in `log`. */
class FakeSession {
  constructor(
    readonly id: number,
    private readonly log: string[],
  ) {}
  dispose(): void {
    this.log.push(`dispose ${this.id}`);
  }
}

function setupOf(
  log: string[],
  options: { start?: () => Promise<unknown>; create?: boolean } = {},
): GameSessionSetup<FakeSession> & { made: FakeSession[] } {
  const made: FakeSession[] = [];
  return {
    made,
    game: 'Test Game',
    create(signal) {
      if (options.create === false) return null;
      const session = new FakeSession(made.length + 1, log);
      made.push(session);
      log.push(`create ${session.id}`);
      signal.addEventListener('abort', () => log.push(`abort ${session.id}`));
      return session;
    },
    start(session) {
      log.push(`start ${session.id}`);
      return options.start?.() ?? Promise.resolve();
    },
    failed() {
      log.push('failed');
    },
  };
}

function Page({ setup, seen }: { setup: GameSessionSetup<FakeSession>; seen: (FakeSession | null)[] }) {
  seen.push(useGameSession(setup));
  return null;
}

afterEach(cleanup);

describe('useGameSession', () => {
  it('makes and starts one session on mount and gives it to the page; on unmount aborts the signal, then disposes it', async () => {
    const log: string[] = [];
    const setup = setupOf(log);
    const seen: (FakeSession | null)[] = [];
    const view = render(<Page setup={setup} seen={seen} />);
    await act(async () => {});
    expect(log).toEqual(['create 1', 'start 1']);
    expect(seen[0]).toBeNull();
    expect(seen.at(-1)).toBe(setup.made[0]);
    view.unmount();
    expect(log).toEqual(['create 1', 'start 1', 'abort 1', 'dispose 1']);
  });

  it('under StrictMode disposes the first session and keeps the second', async () => {
    const log: string[] = [];
    const setup = setupOf(log);
    const seen: (FakeSession | null)[] = [];
    const view = render(
      <StrictMode>
        <Page setup={setup} seen={seen} />
      </StrictMode>,
    );
    await act(async () => {});
    expect(log).toEqual(['create 1', 'start 1', 'abort 1', 'dispose 1', 'create 2', 'start 2']);
    expect(seen.at(-1)).toBe(setup.made[1]);
    view.unmount();
    expect(log.slice(6)).toEqual(['abort 2', 'dispose 2']);
  });

  it("removes the listeners the page added with the session's signal when the page goes", async () => {
    const log: string[] = [];
    const setup = setupOf(log);
    const keys: string[] = [];
    const create = setup.create;
    setup.create = (signal) => {
      window.addEventListener('keydown', (e) => keys.push(e.key), { signal });
      return create(signal);
    };
    const view = render(<Page setup={setup} seen={[]} />);
    await act(async () => {});
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    view.unmount();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'b' }));
    expect(keys).toEqual(['a']);
  });

  it('reads its setup once: a page rendered again keeps its session', async () => {
    const log: string[] = [];
    const seen: (FakeSession | null)[] = [];
    const view = render(<Page setup={setupOf(log)} seen={seen} />);
    await act(async () => {});
    view.rerender(<Page setup={setupOf(log)} seen={seen} />);
    await act(async () => {});
    expect(log).toEqual(['create 1', 'start 1']);
  });

  it('says in the console and through `failed` that the game could not start when its start rejects', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const log: string[] = [];
    const error = new Error('no WebGL');
    const seen: (FakeSession | null)[] = [];
    render(<Page setup={setupOf(log, { start: () => Promise.reject(error) })} seen={seen} />);
    await act(async () => {});
    expect(log).toEqual(['create 1', 'start 1', 'failed']);
    expect(warn).toHaveBeenCalledWith('Test Game could not start', error);
    // The session stays, for the page's Restart.
    expect(seen.at(-1)).not.toBeNull();
    warn.mockRestore();
  });

  it('does nothing while the page has no elements for it', async () => {
    const log: string[] = [];
    const seen: (FakeSession | null)[] = [];
    const view = render(<Page setup={setupOf(log, { create: false })} seen={seen} />);
    await act(async () => {});
    view.unmount();
    expect(log).toEqual([]);
    expect(seen.every((s) => s === null)).toBe(true);
  });

  it('states why a game could not start', () => {
    expect(couldNotStart('Yardcore')).toBe(
      'Yardcore could not start in this browser (it needs WebGL and module workers).',
    );
  });
});
