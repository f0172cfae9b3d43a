/**
 * Build step: home prerendered. The home route's React tree is rendered to HTML
 * (src/entry-prerender.tsx, through Vite's module runner so its CSS imports and globs
 * resolve as in the app) and written as `home.html`: the built index.html with that markup
 * in #root and the entry stylesheet inlined, so home paints from its first response,
 * before any script and without a second round trip for CSS. Only `/` is answered with it
 * (server/app.ts, the service worker's directoryIndex in pwa.config.ts); every other route
 * keeps the empty index.html, so none shows home's content first.
 */
import path from 'node:path';
import { createServer, type Plugin } from 'vite';

export const HOME_FILE = 'home.html';
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * home.html from the built index.html: `markup` inside #root, and each stylesheet link
 * whose file `stylesheet` knows replaced by a <style> with its text.
 */
export function homeDocument(
  indexHtml: string,
  markup: string,
  stylesheet: (href: string) => string | null,
): string {
  if (!indexHtml.includes(ROOT_ELEMENT)) throw new Error(`index.html has no empty ${ROOT_ELEMENT}`);
  // Function replacers: the markup and the CSS may contain `$` patterns.
  const withMarkup = indexHtml.replace(ROOT_ELEMENT, () => `<div id="root">${markup}</div>`);
  return withMarkup.replace(/<link\b[^>]*\brel="stylesheet"[^>]*>/g, (tag) => {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    const css = href ? stylesheet(href) : null;
    // `</style` inside the CSS would end the element early; `<\/style` means the same in CSS.
    return css === null ? tag : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/** Loads src/entry-prerender.tsx in a Vite server of its own (no listening, no config file) and renders. */
async function renderWithVite(root: string, mode: string): Promise<string> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    // The build's mode, so the page reads the same .env.[mode] variables as the bundle.
    mode,
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const entry = (await server.ssrLoadModule(path.join(root, 'src/entry-prerender.tsx'))) as {
      renderHome: () => string;
    };
    return entry.renderHome();
  } finally {
    await server.close();
  }
}

/** The Vite plugin: emits home.html beside index.html in a client build. */
export function prerenderHome(): Plugin {
  let root = process.cwd();
  let mode = 'production';
  return {
    name: 'futile:prerender-home',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      mode = config.mode;
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const markup = await renderWithVite(root, mode);
      const stylesheet = (href: string) => {
        const file = bundle[href.replace(/^\//, '')];
        return file?.type === 'asset' ? String(file.source) : null;
      };
      this.emitFile({
        type: 'asset',
        fileName: HOME_FILE,
        source: homeDocument(String(index.source), markup, stylesheet),
      });
    },
  };
}
