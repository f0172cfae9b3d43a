import { expect, type Page } from '@playwright/test';
import { createGame, step } from '../../src/games/yardcore/engine/game.ts';

/**
 * Yardcore's yards for end-to-end tests. New Game draws a random seed; Continue replays
 * the saved seed and level, so a test picks its yard by writing them to local storage
 * first (`openWithSave`). The seeds are found with the same engine the page's worker runs.
 */

/** Seconds until a player who never moves is beaten on `level` of `seed`, or Infinity. */
export function secondsToDefeat(seed: number, limitSeconds: number, level = 1): number {
  const game = createGame(seed, { level, score: 0 });
  for (let t = 0; t < limitSeconds * 60; t++) {
    step(game);
    if (game.status === 'gameover') return t / 60;
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * Whether walking down for 3 s after walking right (for anything from 0.5 to 4 s: a busy
 * machine holds the key longer than asked) keeps cutting fresh grass.
 */
export function mowsRightThenDown(seed: number): boolean {
  for (const rightSteps of [30, 90, 180, 240]) {
    const game = createGame(seed, { level: 1, score: 0 });
    for (let t = 0; t < rightSteps; t++) step(game, { moveX: 1, moveY: 0, moveTo: null });
    const right = game.player.cutCount;
    for (let t = 0; t < 180; t++) step(game, { moveX: 0, moveY: 1, moveTo: null });
    if (game.status !== 'playing' || game.player.cutCount - right < 10) return false;
  }
  return true;
}

export function findSeed(
  want: (seconds: number) => boolean,
  limitSeconds: number,
  also: (seed: number) => boolean = () => true,
): number {
  for (let seed = 1; seed < 2000; seed++)
    if (also(seed) && want(secondsToDefeat(seed, limitSeconds))) return seed;
  throw new Error('no seed found');
}

export interface SaveOptions {
  /** The saved progress (default: level 1 from the start). */
  progress?: { score: number; cutCount: number; level: number; cut?: number[] };
  controlMode?: 'tapMove' | 'joystick';
  /** The developer flag: the Dev menu and the debug text (position, tile). */
  dev?: boolean;
  /** The page's address (default /yardcore; `/yardcore?render=main` draws on the page). */
  path?: string;
}

export async function openWithSave(page: Page, seed: number, options: SaveOptions = {}) {
  await page.addInitScript(
    ({ s, progress, controlMode, dev }) => {
      // Once per test, not on every load: a reload (or Exit then Continue) keeps what the game saved.
      if (sessionStorage.getItem('yard-test-saved')) return;
      sessionStorage.setItem('yard-test-saved', '1');
      localStorage.setItem('yardcore:seed', JSON.stringify(s));
      localStorage.setItem('yardcore:progress', JSON.stringify(progress));
      localStorage.setItem('yardcore:settings', JSON.stringify({ controlMode, soundEnabled: false }));
      if (dev) localStorage.setItem('yardcore:dev', '1');
    },
    {
      s: seed,
      progress: options.progress ?? { score: 0, cutCount: 0, level: 1 },
      controlMode: options.controlMode ?? 'tapMove',
      dev: options.dev ?? false,
    },
  );
  await page.goto(options.path ?? '/yardcore');
  await expect(page.getByRole('heading', { name: 'Yardcore', level: 2 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('yard-stage').locator('canvas')).toBeVisible({ timeout: 20_000 });
}

/** The fade is over and the yard takes input (the Pause button is enabled only while playing). */
export const playing = (page: Page) =>
  expect(page.getByRole('button', { name: 'Pause' })).toBeEnabled({ timeout: 30_000 });

/** Whether walking right for 1 s from the start cuts grass (and nothing ends the level). */
export function mowsRight(seed: number, level = 1): boolean {
  const game = createGame(seed, { level, score: 0 });
  for (let t = 0; t < 60; t++) step(game, { moveX: 1, moveY: 0, moveTo: null });
  return game.status === 'playing' && game.player.cutCount > 0;
}

/** Clicks (or taps) the yard `tiles` tiles right of the gardener (who is drawn at the stage's centre). */
export async function goRight(page: Page, tiles: number, tilePx = 32) {
  const box = await page.getByTestId('yard-stage').boundingBox();
  if (!box) throw new Error('no stage');
  await page.mouse.click(box.x + box.width / 2 + tiles * tilePx, box.y + box.height / 2);
}

/** Score and mowed count as the HUD shows them, once they have stopped changing (the walk is over). */
export async function settledHud(page: Page): Promise<{ score: string; cut: string }> {
  const read = async () => ({
    score: (await page.getByTestId('yard-score').textContent()) ?? '',
    cut: (await page.getByTestId('yard-cut').textContent()) ?? '',
  });
  let last = await read();
  for (;;) {
    await page.waitForTimeout(700);
    const now = await read();
    if (now.score === last.score && now.cut === last.cut) return now;
    last = now;
  }
}
