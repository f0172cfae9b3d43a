import { SITE_LINKS } from '../siteLinks.ts';

/** One card of the home page's list (platform spec §1), in the spec's order. */
export type HomeCard =
  | { kind: 'game'; to: string; emoji: string; title: string; description: string; accent: string }
  | { kind: 'support'; href: string; emoji: string; title: string; description: string; accent: string }
  | { kind: 'soon'; emoji: string; title: string; description: string; accent: string };

/** The cards for a build whose support page is `supportUrl`: without one, no coffee card. */
export function homeCardsFor(supportUrl: string | null): readonly HomeCard[] {
  return ALL_CARDS(supportUrl ?? '').filter((card) => card.kind !== 'support' || supportUrl !== null);
}

const ALL_CARDS = (supportUrl: string): HomeCard[] => [
  {
    kind: 'game',
    to: '/crit-happens',
    emoji: '🎲',
    title: 'Crit Happens',
    description: 'Digital dice from D2 to D100.',
    accent: '#ff6f91',
  },
  {
    kind: 'game',
    to: '/race',
    emoji: '🏎️',
    title: 'Draw & Race',
    description: 'Draw a track, add cars, physics driving.',
    accent: '#ff9f5a',
  },
  {
    kind: 'game',
    to: '/lunar-lander',
    emoji: '🚀',
    title: 'Lunar Lander',
    description: 'Land gently with limited fuel.',
    accent: '#8fd3ff',
  },
  {
    kind: 'game',
    to: '/synth',
    emoji: '🎹',
    title: 'Synth Loops',
    description: 'Tap notes, shape tone, loop.',
    accent: '#b69cff',
  },
  {
    kind: 'game',
    to: '/whac-a-moji',
    emoji: '🔨',
    title: 'Whac-a-Moji',
    description: 'Whack-a-mole with emojis.',
    accent: '#ffcf4a',
  },
  {
    kind: 'game',
    to: '/gravity',
    emoji: '🪐',
    title: 'Gravity Simulator',
    description: 'Build solar systems, orbital mechanics.',
    accent: '#6ee7b7',
  },
  {
    kind: 'support',
    href: supportUrl,
    emoji: '☕',
    title: 'Buy me a coffee',
    description: 'Enjoying these? Keep the servers warm and the ideas coming.',
    accent: '#ffb347',
  },
  {
    kind: 'soon',
    emoji: '🏡',
    title: 'Yardcore',
    description: 'Mow, toss snacks, survive.',
    accent: '#9be15d',
  },
];

export const HOME_CARDS: readonly HomeCard[] = homeCardsFor(SITE_LINKS.support);
