/**
 * Per-route social-sharing titles and descriptions (platform spec §2). Plain data with no
 * DOM: the app writes them into the page as the route changes (metaDocument.ts) and the
 * build into each route's document for link previews (scripts/routeDocuments.ts).
 */

export interface PageMeta {
  title: string;
  description: string;
}

/**
 * The head tags that carry a page's meta, beside its <title>: [attribute, key, which field
 * of PageMeta]. The app keeps them in step with the route (metaDocument.ts) and the build
 * writes them into each route's document for link previews (scripts/routeDocuments.ts).
 */
export const SHARING_TAGS: readonly [attr: 'name' | 'property', key: string, field: keyof PageMeta][] = [
  ['name', 'description', 'description'],
  ['property', 'og:title', 'title'],
  ['property', 'og:description', 'description'],
  ['name', 'twitter:title', 'title'],
  ['name', 'twitter:description', 'description'],
];

export const DEFAULT_META: PageMeta = {
  title: 'Futile — small browser games and toys',
  description:
    'Roll dice, race doodles, land on the moon, loop a tune and build a solar system. Small browser games you can play right away, no sign-in needed.',
};

/** Keyed by the first path segment. Paths without an entry get DEFAULT_META. */
export const ROUTE_META: Readonly<Record<string, PageMeta>> = {
  about: {
    title: 'About Futile',
    description:
      'Why a collection of tiny, slightly pointless browser games exists, how it is built, and who made it.',
  },
  privacy: {
    title: 'Privacy policy — Futile',
    description:
      'What Futile stores about you (not much), why, for how long, and how to delete your account and everything in it.',
  },
  gravity: {
    title: 'Gravity Simulator — Futile',
    description:
      'Fling planets, build solar systems and watch orbital mechanics do its thing. Collisions merge; momentum is conserved.',
  },
  'whac-a-moji': {
    title: 'Whac-a-Moji — Futile',
    description: 'Whack-a-mole with emojis. Hit them fast for more points and chase the top of the board.',
  },
  'lunar-lander': {
    title: 'Lunar Lander — Futile',
    description: 'Land gently on the Moon with limited fuel. Too fast and it is a very short mission.',
  },
  yardcore: {
    title: 'Yardcore — Futile',
    description: 'Mow the lawn, toss snacks and survive the neighbourhood critters. Coming soon.',
  },
  'crit-happens': {
    title: 'Crit Happens — Futile',
    description:
      'Digital dice from D2 to D100 for your tabletop nights. Roll for initiative, hope for a crit.',
  },
  race: {
    title: 'Draw & Race — Futile',
    description:
      'Draw a race track with your finger, drop some cars on it and watch the physics do the driving.',
  },
  synth: {
    title: 'Synth Loops — Futile',
    description: 'Tap notes into a grid, shape the tone and let it loop. A pocket synth in your browser.',
  },
};

/** The sharing title and description for a location's path. */
export function metaForPath(pathname: string): PageMeta {
  const segment = pathname.split('/').find((s) => s.length > 0) ?? '';
  return Object.hasOwn(ROUTE_META, segment) ? ROUTE_META[segment] : DEFAULT_META;
}
