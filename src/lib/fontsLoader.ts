/**
 * Loads display fonts from the font service without blocking: a <link> per font, then
 * FontFaceSet to confirm the face arrived. Never rejects: on failure it logs a warning
 * and answers 'fallback' (the fallback stack of fonts.ts keeps showing).
 */
import { fontStylesheetUrl } from './fonts.ts';

/** What the loader needs from the browser; injectable so the fallback path is unit-tested. */
export interface FontLoaderEnv {
  /** Adds the stylesheet; resolves when it loaded, rejects when it failed. */
  loadStylesheet(url: string): Promise<void>;
  /** True when the face is usable after its stylesheet loaded (FontFaceSet.load found it). */
  faceAvailable(font: string): Promise<boolean>;
  warn(message: string): void;
  /** Gives up on a font that takes longer than this (ms). */
  timeoutMs: number;
}

export type FontLoadResult = 'loaded' | 'fallback';

export interface FontLoader {
  /** Never rejects: 'fallback' means a warning was logged and the fallback font shows. */
  load(font: string): Promise<FontLoadResult>;
}

export function createFontLoader(env: FontLoaderEnv): FontLoader {
  const pending = new Map<string, Promise<FontLoadResult>>();
  // After one network failure the service is taken as unreachable for this page's life:
  // later picks fall back at once instead of piling up failed requests.
  let serviceUnreachable = false;

  const attempt = async (font: string): Promise<FontLoadResult> => {
    if (serviceUnreachable) {
      env.warn(
        `Display font "${font}" not loaded: the font service is unreachable. Using the fallback font.`,
      );
      return 'fallback';
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), env.timeoutMs);
    });
    try {
      const outcome = await Promise.race([
        env.loadStylesheet(fontStylesheetUrl(font)).then(
          () => env.faceAvailable(font),
          () => {
            serviceUnreachable = true;
            return 'unreachable' as const;
          },
        ),
        timeout,
      ]);
      if (outcome === true) return 'loaded';
      const why =
        outcome === 'unreachable'
          ? 'the font service is unreachable'
          : outcome === 'timeout'
            ? `it took longer than ${env.timeoutMs} ms`
            : 'the font service did not provide it';
      env.warn(`Display font "${font}" not loaded: ${why}. Using the fallback font.`);
      return 'fallback';
    } catch (err) {
      env.warn(`Display font "${font}" not loaded: ${String(err)}. Using the fallback font.`);
      return 'fallback';
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    load(font) {
      let result = pending.get(font);
      if (!result) {
        result = attempt(font);
        pending.set(font, result);
        // A failed font may be retried on a later pick (unless the service is down).
        result.then((r) => r === 'fallback' && pending.delete(font));
      }
      return result;
    },
  };
}

/** The browser's implementation: a <link> per font, FontFaceSet to confirm the face. */
export function browserFontLoaderEnv(): FontLoaderEnv {
  return {
    loadStylesheet: (url) =>
      new Promise<void>((resolve, reject) => {
        const existing = document.head.querySelector<HTMLLinkElement>(`link[data-display-font="${url}"]`);
        existing?.remove();
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = url;
        link.dataset.displayFont = url;
        link.onload = () => resolve();
        link.onerror = () => {
          link.remove();
          reject(new Error(`stylesheet failed: ${url}`));
        };
        document.head.append(link);
      }),
    faceAvailable: async (font) => {
      if (!('fonts' in document)) return true;
      const faces = await document.fonts.load(`1em '${font}'`);
      return faces.length > 0;
    },
    warn: (message) => console.warn(message),
    timeoutMs: 8000,
  };
}

let sharedLoader: FontLoader | null = null;

/** Loads a display font for the page (one shared loader, created on first use). */
export function loadDisplayFont(font: string): Promise<FontLoadResult> {
  sharedLoader ??= createFontLoader(browserFontLoaderEnv());
  return sharedLoader.load(font);
}
