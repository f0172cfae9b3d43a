import type { PageMeta } from './meta.ts';

/** Tags kept in step with the route: [attribute, key, which field of PageMeta]. */
const TAGS: readonly [attr: 'name' | 'property', key: string, field: keyof PageMeta][] = [
  ['name', 'description', 'description'],
  ['property', 'og:title', 'title'],
  ['property', 'og:description', 'description'],
  ['name', 'twitter:title', 'title'],
  ['name', 'twitter:description', 'description'],
];

/** Writes the title and the sharing tags into the document head (creating missing tags). */
export function applyPageMeta(meta: PageMeta, doc: Document = document): void {
  doc.title = meta.title;
  for (const [attr, key, field] of TAGS) {
    let tag = doc.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
    if (!tag) {
      tag = doc.createElement('meta');
      tag.setAttribute(attr, key);
      doc.head.append(tag);
    }
    tag.content = meta[field];
  }
}
