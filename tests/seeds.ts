/**
 * Seeds for property and fuzz tests, one way for all of them (as tldraw names its fuzz tests):
 * - the seed is in the test's name: "… with seed 123456";
 * - `SEED=123456 npx vitest run <file>` replays exactly that case (and only seeded cases with it);
 * - every seed that ever failed is pinned beside the test (`pinned: [123456]`) and runs each
 *   time as "… (regression) with seed 123456".
 */
import { it } from 'vitest';

/** Read through globalThis: engine tests are also type-checked in the browser realm, without Node's types. */
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};

/** Seeds are whole numbers that both `createRng` (32-bit) and fast-check (`seed`) take as they are. */
export const SEED_MAX = 2 ** 31 - 1;

export interface SeedCase {
  seed: number;
  /** Goes after the test's title: "with seed 12" or "(regression) with seed 12". */
  label: string;
}

export function parseSeed(text: string): number {
  const seed = /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(seed) || seed > SEED_MAX) {
    throw new Error(`SEED must be a whole number from 0 to ${SEED_MAX}, got "${text}"`);
  }
  return seed;
}

export const freshSeed = (): number => Math.floor(Math.random() * (SEED_MAX + 1));

/**
 * The cases a seeded test runs: with `replay` (the `SEED` variable) set, that seed alone; otherwise one fresh seed and
 * then every pinned seed (each once).
 */
export function seedCases(
  pinned: readonly number[],
  replay: string | undefined,
  fresh: () => number = freshSeed,
): SeedCase[] {
  if (replay !== undefined && replay !== '') {
    const seed = parseSeed(replay);
    return [{ seed, label: `with seed ${seed}` }];
  }
  const seed = fresh();
  const regressions = [...new Set(pinned)].map((pin) => ({
    seed: parseSeed(String(pin)),
    label: `(regression) with seed ${pin}`,
  }));
  return [{ seed, label: `with seed ${seed}` }, ...regressions];
}

export interface SeededOptions {
  /** Seeds that failed once: each runs every time, as a named regression case. */
  pinned?: readonly number[];
  timeout?: number;
}

/**
 * `it`, once per seed case, the seed in its name; a failure says how to replay and pin it.
 * Options go before the body (as vitest's `it(name, options, fn)`), so the body stays last.
 */
export function itSeeded(title: string, body: (seed: number) => unknown): void;
export function itSeeded(title: string, options: SeededOptions, body: (seed: number) => unknown): void;
export function itSeeded(
  title: string,
  optionsOrBody: SeededOptions | ((seed: number) => unknown),
  maybeBody?: (seed: number) => unknown,
): void {
  const { pinned = [], timeout } = typeof optionsOrBody === 'function' ? {} : optionsOrBody;
  const body = typeof optionsOrBody === 'function' ? optionsOrBody : maybeBody;
  if (!body) throw new Error(`itSeeded("${title}") needs a test body`);
  for (const { seed, label } of seedCases(pinned, env.SEED)) {
    it(`${title} ${label}`, { timeout }, async ({ onTestFailed, task }) => {
      onTestFailed(() => {
        const file = task.file?.name ?? 'its file';
        const keep = pinned.includes(seed)
          ? ''
          : `\nKeep it: add ${seed} to this test's \`pinned\` seeds so it runs as a regression case.`;
        console.error(`Failed with seed ${seed}. Replay: SEED=${seed} npx vitest run ${file}${keep}`);
      });
      await body(seed);
    });
  }
}
