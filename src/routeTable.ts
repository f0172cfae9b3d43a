/**
 * The route table of platform spec §2, as data (tested in routeTable.test.ts).
 * Games register themselves by folder: `src/games/<slug>/index.tsx` default-exports
 * the page component, and `<slug>` is its path. No shared file to edit per game.
 */

/** Every path of spec §2 except `/` and the redirects, in the spec's order. */
export const PLATFORM_PATHS = ['about', 'account', 'privacy', 'admin'] as const;

export const GAME_SLUGS = [
  'whac-a-moji',
  'lunar-lander',
  'yardcore',
  'crit-happens',
  'race',
  'synth',
  'gravity',
] as const;
export type GameSlug = (typeof GAME_SLUGS)[number];

/** Legacy paths kept working: spec §2. */
export const REDIRECTS: Readonly<Record<string, GameSlug>> = {
  'wack-a-moji': 'whac-a-moji',
  'gone-rogue': 'yardcore',
};

/** Picks the games that have a page module, given the module paths Vite found. */
export function gameSlugsWithPages(modulePaths: readonly string[]): GameSlug[] {
  const present = new Set(
    modulePaths.map((p) => /\/games\/([^/]+)\/index\.tsx$/.exec(p)?.[1]).filter((s): s is string => !!s),
  );
  return GAME_SLUGS.filter((slug) => present.has(slug));
}
