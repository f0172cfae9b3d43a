/**
 * The page's title and sharing tags, kept in step with the route. Loaded on demand
 * (AppLayout, ErrorPage): a page's first answer already carries its own tags (home.html,
 * the route documents of scripts/routeDocuments.ts), so every route's texts stay off
 * home's critical path.
 */
import { metaForPath, type PageMeta, SHARING_TAGS } from './meta.ts';

/** Writes the title and the sharing tags into the document head (creating missing tags). */
export function applyPageMeta(meta: PageMeta, doc: Document = document): void {
  doc.title = meta.title;
  for (const [attr, key, field] of SHARING_TAGS) {
    let tag = doc.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
    if (!tag) {
      tag = doc.createElement('meta');
      tag.setAttribute(attr, key);
      doc.head.append(tag);
    }
    tag.content = meta[field];
  }
}

/** The route's meta for `pathname`, written into the document; returned for the page view. */
export function applyRouteMeta(pathname: string, doc: Document = document): PageMeta {
  const meta = metaForPath(pathname);
  applyPageMeta(meta, doc);
  return meta;
}
