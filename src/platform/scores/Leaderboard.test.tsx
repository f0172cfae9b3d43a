// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScoreEntry } from '../../api/types.ts';
import { resetSessionForTests, useSessionStore } from '../session/sessionStore.ts';
import { installFakeFetch } from '../ui/fakeFetch.testutil.ts';
import { formatScore, Leaderboard } from './Leaderboard.tsx';

function entry(rank: number, score: number, extra: Partial<ScoreEntry> = {}): ScoreEntry {
  return {
    id: rank,
    user_id: null,
    player_name: `P${rank}`,
    score,
    duration: null,
    created_at: '2026-01-01T00:00:00Z',
    verified: false,
    rank,
    level_or_mode: null,
    metadata: null,
    ...extra,
  };
}
const config = {
  game_id: 'whac-a-moji',
  display_name: 'Whac-a-Moji',
  score_type: 'points',
  sort_order: 'DESC',
};
const fullBoard = Array.from({ length: 10 }, (_, i) => entry(i + 1, 100 - i * 10)); // 100 … 10

let board: ScoreEntry[];
let api: ReturnType<typeof installFakeFetch>;

beforeEach(() => {
  resetSessionForTests();
  board = [];
  api = installFakeFetch({
    '/api/account/validate.php': { json: { success: false, user: null } },
    '/api/scores/get.php': () => ({ json: { success: true, scores: board, game_config: config } }),
    'POST /api/scores/submit.php': { json: { success: true, id: 99, rank: 3, verified: true } },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Leaderboard', () => {
  it('asks for the top 10 of the game and level, and shows the empty text', async () => {
    render(<Leaderboard gameId="lunar-lander" levelOrMode="hard" />);
    expect(await screen.findByText('No scores yet. Be the first to play!')).toBeTruthy();
    const query = api.callsTo('/api/scores/get.php')[0].query;
    expect([query.get('game_id'), query.get('limit'), query.get('level_or_mode')]).toEqual([
      'lunar-lander',
      '10',
      'hard',
    ]);
  });

  it("marks the signed-in user's rows 'You' and verified scores with a check", async () => {
    useSessionStore.setState({
      status: 'signedIn',
      user: { id: 'u7', displayName: 'Ann', avatarUrl: null, isAdmin: false, email: null },
    });
    api.setRoute('/api/account/validate.php', {
      json: {
        success: true,
        user: { id: 'u7', displayName: 'Ann', avatarUrl: null, isAdmin: false, email: null },
      },
    });
    board = [
      entry(1, 50, { user_id: 'u7', verified: true, player_name: 'Ann' }),
      entry(2, 40, { user_id: 'u8' }),
    ];
    render(<Leaderboard gameId="whac-a-moji" />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows[0].textContent).toContain('You');
    expect(rows[0].querySelector('[aria-label="Verified"]')).not.toBeNull();
    expect(rows[1].textContent).not.toContain('You');
    expect(rows[1].querySelector('[aria-label="Verified"]')).toBeNull();
  });

  it('shows no form when the score would not make a full board', async () => {
    board = fullBoard;
    render(<Leaderboard gameId="whac-a-moji" submission={{ score: 10 }} />);
    await screen.findAllByRole('listitem');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('offers the form when the score beats an entry; prefilled from the display name; submits and shows the rank', async () => {
    useSessionStore.setState({
      status: 'signedIn',
      user: { id: 'u7', displayName: 'Ann', avatarUrl: null, isAdmin: false, email: null },
    });
    api.setRoute('/api/account/validate.php', {
      json: {
        success: true,
        user: { id: 'u7', displayName: 'Ann', avatarUrl: null, isAdmin: false, email: null },
      },
    });
    board = fullBoard;
    const onSubmitted = vi.fn();
    render(
      <Leaderboard gameId="whac-a-moji" submission={{ score: 75, duration: 30 }} onSubmitted={onSubmitted} />,
    );
    const name = (await screen.findByRole('textbox', { name: 'Your name' })) as HTMLInputElement;
    expect(name.value).toBe('Ann');
    expect(name.maxLength).toBe(50);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/You placed #3!/)).toBeTruthy();
    expect(onSubmitted).toHaveBeenCalledWith({ rank: 3, verified: true });
    const sent = api.callsTo('/api/scores/submit.php', 'POST')[0].body;
    expect(sent).toEqual({
      game_id: 'whac-a-moji',
      player_name: 'Ann',
      score: 75,
      level_or_mode: null,
      duration: 30,
      metadata: null,
      // The outbox's key: a repeat of this submit answers the same score.
      idempotency_key: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/),
    });
    expect(sent).not.toHaveProperty('user_id');
    expect(api.callsTo('/api/scores/get.php')).toHaveLength(2); // reloaded after submit
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('on an ASC board a lower time places', async () => {
    board = Array.from({ length: 10 }, (_, i) => entry(i + 1, 10 + i));
    api.setRoute('/api/scores/get.php', () => ({
      json: {
        success: true,
        scores: board,
        game_config: { ...config, score_type: 'time', sort_order: 'ASC' },
      },
    }));
    render(<Leaderboard gameId="race" submission={{ score: 12.5 }} />);
    expect(await screen.findByRole('textbox', { name: 'Your name' })).toBeTruthy();
  });

  it("disables Submit while the name is blank and says 'Please enter your name'", async () => {
    render(<Leaderboard gameId="whac-a-moji" submission={{ score: 5 }} />);
    const name = await screen.findByRole('textbox', { name: 'Your name' });
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.setup().type(name, 'a{Backspace}');
    expect(screen.getByText('Please enter your name')).toBeTruthy();
    fireEvent.submit(name.closest('form')!);
    expect(api.callsTo('/api/scores/submit.php')).toHaveLength(0);
    await userEvent.setup().type(name, 'Bo');
    expect(submit.disabled).toBe(false);
  });

  it('rejects HTML tags in the name before sending', async () => {
    render(<Leaderboard gameId="whac-a-moji" submission={{ score: 5 }} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Your name' }), '<b>x</b>');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Player name cannot contain HTML tags')).toBeTruthy();
    expect(api.callsTo('/api/scores/submit.php')).toHaveLength(0);
  });

  it("says 'No score to submit' when the run has no score", async () => {
    render(<Leaderboard gameId="whac-a-moji" submission={{ score: Number.NaN }} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Your name' }), 'Bo');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getAllByText('No score to submit').length).toBeGreaterThan(0);
    expect(api.callsTo('/api/scores/submit.php')).toHaveLength(0);
  });

  it("shows 'Failed to submit score: {message}' with the server's error or HTTP status", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.setRoute('POST /api/scores/submit.php', {
      status: 429,
      json: { success: false, error: 'Too many submissions' },
    });
    render(<Leaderboard gameId="whac-a-moji" submission={{ score: 5 }} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Your name' }), 'Bo');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Failed to submit score: Too many submissions')).toBeTruthy();
    api.setRoute('POST /api/scores/submit.php', { status: 503, text: '' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Failed to submit score: Server returned 503 with no content'),
    ).toBeTruthy();
  });

  it("load failure: submit mode says 'Failed to load scores: …'; otherwise the unavailable texts", async () => {
    api.setRoute('/api/scores/get.php', { status: 500, text: '<h1>Bad gateway</h1>' });
    render(<Leaderboard gameId="whac-a-moji" submission={{ score: 5 }} />);
    expect(await screen.findByText('Failed to load scores: Server error: <h1>Bad gateway</h1>')).toBeTruthy();
    cleanup();
    render(<Leaderboard gameId="whac-a-moji" />);
    expect(
      await screen.findByText('High scores are temporarily unavailable. Please try again later.'),
    ).toBeTruthy();
    expect(screen.getByText('In the meantime, keep playing to improve your skills!')).toBeTruthy();
  });

  it('an OK answer that is not JSON is reported as invalid JSON', async () => {
    api.setRoute('/api/scores/get.php', { status: 200, text: 'oops' });
    render(<Leaderboard gameId="whac-a-moji" submission={{ score: 5 }} />);
    expect(
      await screen.findByText('Failed to load scores: Invalid JSON response from server: oops'),
    ).toBeTruthy();
  });

  it('a new submission brings the form back after a submit', async () => {
    const { rerender } = render(<Leaderboard gameId="whac-a-moji" submission={{ score: 5 }} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Your name' }), 'Bo');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText(/You placed/);
    rerender(<Leaderboard gameId="whac-a-moji" submission={{ score: 7 }} />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your name' })).toBeTruthy());
  });
});

describe('formatScore', () => {
  it('groups thousands in points and shows times in seconds with two decimals', () => {
    expect(formatScore(1234567, null)).toBe('1,234,567');
    expect(formatScore(-42, null)).toBe('-42');
    expect(formatScore(12.3456, { score_type: 'time' } as never)).toBe('12.35 s');
  });
});
