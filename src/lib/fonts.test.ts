import { describe, expect, it, vi } from 'vitest';
import {
  DISPLAY_FONTS,
  FALLBACK_FONT_STACK,
  fontFamilyFor,
  fontStylesheetUrl,
  pickDisplayFont,
} from './fonts.ts';
import { createFontLoader, type FontLoaderEnv } from './fontsLoader.ts';
import { createRng } from './pure/rng.ts';

function env(overrides: Partial<FontLoaderEnv> = {}): FontLoaderEnv & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    loadStylesheet: vi.fn(async () => {}),
    faceAvailable: vi.fn(async () => true),
    warn: (m: string) => warnings.push(m),
    timeoutMs: 50,
    warnings,
    ...overrides,
  };
}

describe('display font list', () => {
  it('has 36 distinct fonts', () => {
    expect(DISPLAY_FONTS).toHaveLength(36);
    expect(new Set(DISPLAY_FONTS).size).toBe(36);
  });

  it('builds css2 stylesheet URLs of the font service', () => {
    expect(fontStylesheetUrl('Press Start 2P')).toBe(
      'https://fonts.googleapis.com/css2?family=Press+Start+2P&display=swap',
    );
    expect(fontStylesheetUrl('Bungee')).toBe('https://fonts.googleapis.com/css2?family=Bungee&display=swap');
  });

  it('puts the chosen font before the fallback stack', () => {
    expect(fontFamilyFor('Bungee')).toBe(`'Bungee', ${FALLBACK_FONT_STACK}`);
    expect(fontFamilyFor(null)).toBe(FALLBACK_FONT_STACK);
  });
});

describe('pickDisplayFont', () => {
  it('maps the random number onto the list', () => {
    expect(pickDisplayFont(() => 0)).toBe(DISPLAY_FONTS[0]);
    expect(pickDisplayFont(() => 0.999999)).toBe(DISPLAY_FONTS[35]);
  });

  it('is reproducible from a seed and reaches every font', () => {
    const a = createRng(7);
    const b = createRng(7);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const font = pickDisplayFont(a.next);
      expect(pickDisplayFont(b.next)).toBe(font);
      seen.add(font);
    }
    expect(seen.size).toBe(36);
  });

  it('never picks the current font again, so a click always changes it', () => {
    const rng = createRng(3);
    let current: string = pickDisplayFont(rng.next);
    for (let i = 0; i < 500; i++) {
      const next = pickDisplayFont(rng.next, current);
      expect(next).not.toBe(current);
      current = next;
    }
    // Even when the random number lands exactly on the current font's slot.
    expect(pickDisplayFont(() => 0, DISPLAY_FONTS[0])).toBe(DISPLAY_FONTS[1]);
  });
});

describe('font loader', () => {
  it('loads the stylesheet once per font and reports success', async () => {
    const e = env();
    const loader = createFontLoader(e);
    expect(await loader.load('Bungee')).toBe('loaded');
    expect(await loader.load('Bungee')).toBe('loaded');
    expect(e.loadStylesheet).toHaveBeenCalledTimes(1);
    expect(e.loadStylesheet).toHaveBeenCalledWith(fontStylesheetUrl('Bungee'));
    expect(e.warnings).toEqual([]);
  });

  it('falls back with a warning when the service is unreachable, and stops asking it', async () => {
    const e = env({ loadStylesheet: vi.fn(async () => Promise.reject(new Error('offline'))) });
    const loader = createFontLoader(e);
    expect(await loader.load('Bungee')).toBe('fallback');
    expect(e.warnings).toHaveLength(1);
    expect(e.warnings[0]).toMatch(/Bungee.*unreachable.*fallback/);
    expect(await loader.load('Lobster')).toBe('fallback');
    expect(e.loadStylesheet).toHaveBeenCalledTimes(1);
    expect(e.warnings).toHaveLength(2);
  });

  it('falls back when the stylesheet loads but the face is missing', async () => {
    const e = env({ faceAvailable: vi.fn(async () => false) });
    const loader = createFontLoader(e);
    expect(await loader.load('Rye')).toBe('fallback');
    expect(e.warnings[0]).toMatch(/"Rye" not loaded/);
    // Not cached as a failure: a later pick may try again.
    expect(await loader.load('Rye')).toBe('fallback');
    expect(e.loadStylesheet).toHaveBeenCalledTimes(2);
  });

  it('falls back when loading takes too long', async () => {
    const e = env({ loadStylesheet: () => new Promise(() => {}), timeoutMs: 20 });
    const loader = createFontLoader(e);
    expect(await loader.load('Ultra')).toBe('fallback');
    expect(e.warnings[0]).toMatch(/longer than 20 ms/);
  });

  it('turns an unexpected exception into a fallback, never a rejection', async () => {
    const e = env({
      faceAvailable: () => {
        throw new Error('boom');
      },
    });
    await expect(createFontLoader(e).load('Chewy')).resolves.toBe('fallback');
    expect(e.warnings[0]).toMatch(/boom/);
  });
});
