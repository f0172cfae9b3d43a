import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_META, SHARING_TAGS } from '../src/platform/meta.ts';
import { routeDocument, routeDocumentMeta } from './routeDocuments.ts';

const INDEX = fs.readFileSync(path.join(import.meta.dirname, '..', 'index.html'), 'utf8');

/** The content of the head tag `key` (name or property), or the title. */
function tagIn(html: string, key: string): string | undefined {
  if (key === 'title') return /<title>([^<]*)<\/title>/.exec(html)?.[1];
  return new RegExp(`<meta\\s+(?:name|property)="${key}"\\s+content="([^"]*)"`).exec(html)?.[1];
}

describe('routeDocument', () => {
  it("writes a route's title and every sharing tag into the real index.html", () => {
    const html = routeDocument(INDEX, ROUTE_META.gravity);
    expect(tagIn(html, 'title')).toBe('Gravity Simulator — Futile');
    for (const [, key, field] of SHARING_TAGS) expect(tagIn(html, key), key).toBe(ROUTE_META.gravity[field]);
    // Nothing else changes: the same shell, the same script.
    const strip = (s: string) =>
      s
        .replace(/<title>[^<]*<\/title>/, '')
        .replace(/<meta\s+(name|property)="[^"]*"\s+content="[^"]*"\s*\/?>/g, '');
    expect(strip(html)).toBe(strip(INDEX));
    expect(html.match(/og:title/g)).toHaveLength(1);
  });

  it('escapes the texts for HTML, and $ patterns stay as written', () => {
    const html = routeDocument(INDEX, { title: 'A <b> & "c" $&', description: "it's 1 > 0 $'" });
    expect(tagIn(html, 'title')).toBe('A &lt;b&gt; &amp; &quot;c&quot; $&amp;');
    expect(tagIn(html, 'og:description')).toBe("it's 1 &gt; 0 $'");
  });

  it('throws for a document without one of the tags, so the build fails instead of sending defaults', () => {
    expect(() => routeDocument('<title>x</title>', ROUTE_META.synth)).toThrow(/description/);
    expect(() => routeDocument(INDEX.replace(/<title>[^<]*<\/title>/, ''), ROUTE_META.synth)).toThrow(
      /title/,
    );
  });

  it('covers every route of meta.ts, and the legacy paths with the meta of the game they open', () => {
    const documents = new Map(routeDocumentMeta());
    for (const [segment, meta] of Object.entries(ROUTE_META)) expect(documents.get(segment)).toBe(meta);
    expect(documents.get('wack-a-moji')).toBe(ROUTE_META['whac-a-moji']);
    expect(documents.get('gone-rogue')).toBe(ROUTE_META.yardcore);
    expect(documents.size).toBe(Object.keys(ROUTE_META).length + 2);
  });
});
