/**
 * Each game page's scripted scene, in one place: the URL, the clicks and keys that get it
 * going, and the input repeated while frames or memory are recorded. A step whose
 * element is missing fails the page unless it is marked optional (games change; a
 * scene should still run their main loop).
 *
 * Loop steps tap elements found by CSS class (`tap`), not Playwright clicks: Playwright
 * resolves a role selector by computing roles and names across the page, and waits for a
 * click's target to stand still, both in the page, on the main thread the frames part
 * measures (an optional click polls for its whole timeout); at 4× CPU that is tens of ms a
 * lookup charged to the game.
 */
import type { GameSlug } from '../src/routeTable.ts';

export type SceneStep =
  /** Click the first element matching a Playwright selector (role=…, text=…, CSS). */
  | { click: string; optional?: boolean; timeoutMs?: number }
  /** Press a key (keyboard.press). */
  | { press: string }
  /** Hold a key down for a while (thrust, walk). */
  | { hold: string; ms: number }
  /** Drag the mouse along a closed circle on the page (draws a loop track). */
  | { drawCircle: { cx: number; cy: number; r: number } }
  /**
   * Tap the first visible element matching a CSS selector (and, when given, whose text
   * matches `text`, a case-insensitive regular expression), as a player does: its centre is
   * read with one CDP evaluate (a driver command, left out of the frame figures) and a real
   * click goes through the browser's input pipeline. No element: nothing. For loop steps:
   * Playwright's click first waits for the element to stand still by reading its box in the
   * page's animation frames and checks the hit target in the page, work a player's device
   * never does, charged to the game's frames.
   */
  | { tap: string; text?: string }
  /** A short mouse stroke between two page points (a few moves, button held). */
  | { stroke: { from: { x: number; y: number }; to: { x: number; y: number } } }
  /** Click at page coordinates (a canvas has no elements to aim at). */
  | { clickAt: { x: number; y: number } }
  | { waitMs: number };

/**
 * Where a game on the runtime draws (src/lib/runtime): its render worker, the default, or the
 * page's thread (`?render=main`, the fallback).
 */
export type RenderPath = 'worker' | 'main';

/** Draw & Race: a loop drawn, 16 cars on the grid, the race started. */
const raceOnLoop: SceneStep[] = [
  { drawCircle: { cx: 640, cy: 420, r: 250 } },
  ...Array.from(
    { length: 16 },
    (): SceneStep => ({ click: 'role=button[name=/add car/i]', optional: true, timeoutMs: 2000 }),
  ),
  { click: 'role=button[name=/^start/i]', optional: true, timeoutMs: 2000 },
];

export interface Scene {
  slug: GameSlug;
  /** Path and query, e.g. "/gravity?preset=proto-disk". */
  path: string;
  /** What the scene shows while recording. */
  description: string;
  /** Run once after the page loads. */
  start: SceneStep[];
  /** Run over and over while recording (keeps the game in play, e.g. restarts after a crash). */
  loop?: SceneStep[];
  /**
   * Input to screen (pointer or key down to the first frame showing it): the player's input whose effect the page marks
   * (`markInput(kind)`, src/lib/runtime/inputMarks.ts), repeated for a few seconds after each
   * frame recording, with the scene's loop paused; `inputKind` names what the page marks.
   */
  inputs?: SceneStep[];
  inputKind?: string;
  /**
   * Run once before the input window, where the input has no effect in the scene the loop
   * keeps going (Draw & Race takes strokes only while no track is drawn), and once after it
   * (`inputRestore`), to bring the loop's scene back.
   */
  inputSetup?: SceneStep[];
  inputRestore?: SceneStep[];
  /**
   * For a game on the runtime: each render path is measured as a variant of the scene (the
   * default path under the scene's own figure ids). Without it the game draws on the page only.
   */
  renderPaths?: RenderPath[];
  /**
   * The loop clicks several times a second (Whac-a-Moji's holes, Crit Happens' roll): its
   * figures are also set beside a blank page the bench clicks as often (floor.ts), so that a
   * click's cost in Chromium itself (input dispatch, hit test, focus and :active styles, the
   * CDP round trips) is not counted as the page's work.
   */
  clicked?: boolean;
}

/** The page's URL for one render path: the fallback asks for it with `render=main`. */
export function renderPathUrl(path: string, render: RenderPath | undefined): string {
  if (render !== 'main') return path;
  return `${path}${path.includes('?') ? '&' : '?'}render=main`;
}

export const SCENES: Scene[] = [
  {
    slug: 'gravity',
    path: '/gravity?preset=proto-disk',
    description: 'Proto Disk preset running (the largest body count)',
    start: [{ waitMs: 500 }],
    renderPaths: ['worker', 'main'],
    // The keyboard's way to a double tap: a planet in view (the page marks 'add-body').
    inputs: [{ tap: '.gravity-button', text: '^\\+ planet$' }, { waitMs: 400 }],
    inputKind: 'add-body',
  },
  {
    slug: 'lunar-lander',
    path: '/lunar-lander',
    description: 'a level in play: thrust and steer, then next level / try again / play again',
    renderPaths: ['worker', 'main'],
    start: [{ click: 'role=button[name=/start mission/i]', timeoutMs: 15_000 }],
    loop: [
      { hold: 'ArrowUp', ms: 400 },
      { hold: 'ArrowLeft', ms: 150 },
      { hold: 'ArrowRight', ms: 150 },
      { waitMs: 300 },
      { tap: 'button.lander-btn', text: '^(next level|try again|play again|start mission)' },
    ],
    inputs: [
      { hold: 'ArrowUp', ms: 120 },
      { waitMs: 300 },
      { tap: 'button.lander-btn', text: '^(next level|try again|play again|start mission)' },
    ],
    inputKind: 'thrust',
  },
  {
    slug: 'whac-a-moji',
    path: '/whac-a-moji',
    description: 'rounds in play: emojis spawning, hits on live ones, next round when one ends',
    start: [
      { click: 'role=button[name=/^start game/i]', timeoutMs: 15_000 },
      { click: 'role=button[name=/^start round/i]', timeoutMs: 10_000 },
    ],
    loop: [
      { tap: '.whac-cell[data-state="up"]' },
      { waitMs: 200 },
      // Start game, Start round, Next round, See final score, Play again.
      { tap: 'button.whac-cta' },
    ],
    clicked: true,
  },
  {
    slug: 'synth',
    path: '/synth',
    description: 'audio enabled, transport playing the default loops',
    start: [
      { click: 'role=button[name=/enable audio/i]', optional: true, timeoutMs: 10_000 },
      { click: 'role=button[name="Play"]', timeoutMs: 10_000 },
    ],
  },
  {
    slug: 'yardcore',
    path: '/yardcore',
    description: 'a new game: walking and mowing',
    renderPaths: ['worker', 'main'],
    start: [{ click: 'role=button[name=/new game/i]', optional: true, timeoutMs: 3000 }, { waitMs: 1500 }],
    loop: [
      { hold: 'ArrowRight', ms: 600 },
      { hold: 'ArrowDown', ms: 600 },
      { hold: 'ArrowLeft', ms: 600 },
      { hold: 'ArrowUp', ms: 600 },
      { press: 'r' },
    ],
    inputs: [{ press: 'ArrowRight' }, { waitMs: 250 }, { press: 'ArrowLeft' }, { waitMs: 250 }],
    inputKind: 'move',
  },
  {
    slug: 'race',
    path: '/race?seed=1',
    description: 'a drawn loop track with 16 cars racing (a new race as soon as one ends)',
    renderPaths: ['worker', 'main'],
    start: [{ click: 'role=button[name=/^start/i]', optional: true, timeoutMs: 3000 }, ...raceOnLoop],
    loop: [
      { waitMs: 3000 },
      { tap: '.race-results__actions button', text: '^race again$' },
      { tap: 'button:not([disabled])', text: '(^|\\s)start$' },
    ],
    // A short stroke on the empty lawn (the page marks 'stroke' where it draws one); too short
    // to close a loop, so the lawn stays empty for the next. A drawn track takes no stroke: the
    // race is stopped and the track cleared first, and drawn and raced again after.
    inputSetup: [
      { click: 'role=button[name="Reset"]', optional: true, timeoutMs: 2000 },
      { click: 'role=button[name="Clear Track"]' },
      { waitMs: 500 },
    ],
    inputs: [{ stroke: { from: { x: 560, y: 420 }, to: { x: 720, y: 420 } } }, { waitMs: 400 }],
    inputKind: 'stroke',
    inputRestore: raceOnLoop,
  },
  {
    slug: 'crit-happens',
    path: '/crit-happens?seed=1',
    description: '20 dice in the pool, rolled again as soon as each roll settles',
    renderPaths: ['worker', 'main'],
    start: [
      ...Array.from(
        { length: 20 },
        (_, i): SceneStep => ({
          click: `role=button[name="Add a ${['d6', 'd20', 'd8', 'd12', 'd4'][i % 5]}"]`,
          timeoutMs: 15_000,
        }),
      ),
    ],
    loop: [{ tap: 'button.crit-roll' }, { tap: '.crit-overlay' }, { waitMs: 200 }],
    clicked: true,
  },
];
