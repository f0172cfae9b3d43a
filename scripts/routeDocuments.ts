/**
 * Build step: a page document per route with sharing tags of its own (platform spec §2).
 * Link previews (chat apps, social sites) read the first HTML answer's head and run no
 * script, so the tags the app sets after load (src/platform/metaDocument.ts) never reach
 * them: a shared /gravity link would show the site's default title. For each route of
 * src/platform/meta.ts this writes `pages/<segment>.html`, the built index.html with that
 * route's title, description and Open Graph/Twitter tags, and the server answers the
 * route's paths with it (server/app.ts). In the browser the page is the same empty shell.
 */
import type { Plugin } from 'vite';
import { type PageMeta, ROUTE_META, SHARING_TAGS } from '../src/platform/meta.ts';
import { REDIRECTS } from '../src/routeTable.ts';

/** Where the documents go in the build, beside index.html. */
export const ROUTE_DOCUMENT_DIR = 'pages';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * index.html with `meta` in its <title> and sharing tags. Throws when the document lacks
 * one of them: a build that would send a route's default tags fails instead.
 */
export function routeDocument(indexHtml: string, meta: PageMeta): string {
  const replace = (html: string, pattern: RegExp, what: string, by: string) => {
    if (!pattern.test(html)) throw new Error(`index.html has no ${what}`);
    // A function replacer: the text may contain `$` patterns.
    return html.replace(pattern, () => by);
  };
  let html = replace(
    indexHtml,
    /<title>[^<]*<\/title>/,
    '<title>',
    `<title>${escapeHtml(meta.title)}</title>`,
  );
  for (const [attr, key, field] of SHARING_TAGS) {
    const pattern = new RegExp(`<meta\\s+${attr}="${key}"\\s+content="[^"]*"\\s*/?>`);
    const tag = `<meta ${attr}="${key}" content="${escapeHtml(meta[field])}" />`;
    html = replace(html, pattern, `<meta ${attr}="${key}">`, tag);
  }
  return html;
}

/**
 * Each first path segment with a document, and its meta: every route of meta.ts, and the
 * legacy paths (routeTable.ts' REDIRECTS) with their game's, so an old link previews as the
 * game it opens.
 */
export function routeDocumentMeta(): [segment: string, meta: PageMeta][] {
  return [
    ...Object.entries(ROUTE_META),
    ...Object.entries(REDIRECTS).map(([from, to]): [string, PageMeta] => [from, ROUTE_META[to]]),
  ];
}

/** The Vite plugin: emits pages/<segment>.html for every route with sharing tags of its own. */
export function routeDocuments(): Plugin {
  return {
    name: 'futile:route-documents',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      for (const [segment, meta] of routeDocumentMeta()) {
        this.emitFile({
          type: 'asset',
          fileName: `${ROUTE_DOCUMENT_DIR}/${segment}.html`,
          source: routeDocument(String(index.source), meta),
        });
      }
    },
  };
}
