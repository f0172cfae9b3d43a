import { useCallback, useEffect, useState } from 'react';
import { fontFamilyFor, pickDisplayFont } from '../../lib/fonts.ts';
import type { FontLoadResult } from '../../lib/fontsLoader.ts';

export type DisplayFontStatus = 'none' | 'loading' | FontLoadResult;

export interface DisplayFontState {
  /** The picked font's name, or null before any pick. */
  font: string | null;
  /** CSS font-family: the picked font, then the fallback stack (shown while it loads). */
  fontFamily: string;
  status: DisplayFontStatus;
  /** Picks another random font (never the current one) and loads it. */
  change(): void;
}

/**
 * A random display font for a piece of text. `initial: 'random'` picks one at mount
 * (game header titles); `initial: null` starts with the fallback and waits for change().
 * `random` is injectable for tests.
 */
export function useDisplayFont(
  initial: 'random' | null = 'random',
  random: () => number = Math.random,
): DisplayFontState {
  const [font, setFont] = useState<string | null>(() =>
    initial === 'random' ? pickDisplayFont(random) : null,
  );
  const [status, setStatus] = useState<DisplayFontStatus>(font ? 'loading' : 'none');

  useEffect(() => {
    if (!font) return;
    let current = true;
    setStatus('loading');
    // The loader is its own small chunk: the home page only needs it after a click.
    import('../../lib/fontsLoader.ts')
      .then((m) => m.loadDisplayFont(font))
      .then(
        (result) => current && setStatus(result),
        () => current && setStatus('fallback'),
      );
    return () => {
      current = false;
    };
  }, [font]);

  const change = useCallback(() => setFont((f) => pickDisplayFont(random, f)), [random]);
  return { font, fontFamily: fontFamilyFor(font), status, change };
}
