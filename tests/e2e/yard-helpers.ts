import { expect, type Page } from '@playwright/test';
import { createGame, step } from '../../src/games/yardcore/engine/game.ts';

/**
 * Yardcore's yards for end-to-end tests. New Game draws a random seed; Continue replays
 * the saved seed and level, so a test picks its yard by writing them to local storage
 * first (`openWithSave`). The seeds are found with the same engine the page's worker runs.
 */

/** Seconds until a player who never moves is beaten on level 1 of `seed`, or Infinity. */
export function secondsToDefeat(seed: number, limitSeconds: number): number {
  const game = createGame(seed, { level: 1, score: 0 });
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

export async function openWithSave(page: Page, seed: number) {
  await page.addInitScript((s) => {
    localStorage.setItem('yardcore:seed', JSON.stringify(s));
    localStorage.setItem('yardcore:progress', JSON.stringify({ score: 0, cutCount: 0, level: 1 }));
    localStorage.setItem(
      'yardcore:settings',
      JSON.stringify({ controlMode: 'tapMove', soundEnabled: false }),
    );
  }, seed);
  await page.goto('/yardcore');
  await expect(page.getByRole('heading', { name: 'Yardcore', level: 2 })).toBeVisible();
  await expect(page.getByTestId('yard-stage').locator('canvas')).toBeVisible({ timeout: 20_000 });
}

/** The fade is over and the yard takes input (the Pause button is enabled only while playing). */
export const playing = (page: Page) =>
  expect(page.getByRole('button', { name: 'Pause' })).toBeEnabled({ timeout: 10_000 });

/** Whether walking right for 1 s from the start cuts grass (and nothing ends the level). */
export function mowsRight(seed: number): boolean {
  const game = createGame(seed, { level: 1, score: 0 });
  for (let t = 0; t < 60; t++) step(game, { moveX: 1, moveY: 0, moveTo: null });
  return game.status === 'playing' && game.player.cutCount > 0;
}
