/**
 * Display fonts (platform spec §2, "Shared game page header"): 36 display fonts from
 * the public font stylesheet service, picked at random. Loading never blocks the page:
 * text shows in the fallback stack at once and swaps when the font arrives; a failure
 * logs a warning and the fallback stays. The loader is in fontsLoader.ts, imported on
 * first use so pages that never show a display font don't download it.
 */

/** The 36 display fonts, by their family name on the font service. */
export const DISPLAY_FONTS = [
  'Abril Fatface',
  'Alfa Slab One',
  'Bangers',
  'Black Ops One',
  'Bowlby One SC',
  'Bungee',
  'Chewy',
  'Creepster',
  'Fascinate',
  'Faster One',
  'Fredoka',
  'Frijole',
  'Henny Penny',
  'Lobster',
  'Londrina Solid',
  'Luckiest Guy',
  'Monofett',
  'Monoton',
  'Nosifer',
  'Orbitron',
  'Pacifico',
  'Permanent Marker',
  'Pirata One',
  'Press Start 2P',
  'Rampart One',
  'Righteous',
  'Rubik Mono One',
  'Rye',
  'Sancreek',
  'Shrikhand',
  'Silkscreen',
  'Special Elite',
  'Titan One',
  'Ultra',
  'Vast Shadow',
  'Lilita One',
] as const;
export type DisplayFont = (typeof DISPLAY_FONTS)[number];

export const FONT_SERVICE_ORIGIN = 'https://fonts.googleapis.com';

/**
 * What shows while a font loads, or for good when it fails: the brand's own display
 * face (self-hosted under /fonts, so it works offline), then whatever the system has.
 */
export const FALLBACK_FONT_STACK = "'Lilita One Local', 'Arial Rounded MT Bold', system-ui, sans-serif";

/** The font service's css2 stylesheet for one family. */
export function fontStylesheetUrl(font: string): string {
  return `${FONT_SERVICE_ORIGIN}/css2?family=${encodeURIComponent(font).replace(/%20/g, '+')}&display=swap`;
}

/** CSS font-family value: the display font first, the fallback stack after it. */
export function fontFamilyFor(font: string | null): string {
  return font ? `'${font}', ${FALLBACK_FONT_STACK}` : FALLBACK_FONT_STACK;
}

/**
 * A random display font. `random` returns floats in [0, 1) (Math.random, or a seeded
 * generator's `next` in tests); `avoid` (the current font) is never picked again, so a
 * click always changes the font.
 */
export function pickDisplayFont(random: () => number = Math.random, avoid?: string | null): DisplayFont {
  const choices = avoid ? DISPLAY_FONTS.filter((f) => f !== avoid) : DISPLAY_FONTS;
  const index = Math.min(choices.length - 1, Math.max(0, Math.floor(random() * choices.length)));
  return choices[index];
}
