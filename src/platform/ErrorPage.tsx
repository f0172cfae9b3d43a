import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { trackPageView } from './pageViews.ts';

const TITLE = 'Unexpected Application Error!';
const PAGE_TITLE = `${TITLE} — Futile`;

/** The error of a path no route matches. */
export const NOT_FOUND = Symbol('not found');

function describeError(error: unknown): { headline: string; detail: string } {
  if (error === NOT_FOUND) return { headline: 'There is nothing at this address.', detail: '404 Not Found' };
  if (error instanceof Error) {
    return /dynamically imported module|Importing a module script failed/i.test(error.message)
      ? {
          headline: 'Part of the site failed to load. A new version may be out: reload the page.',
          detail: error.message,
        }
      : { headline: 'Something broke while showing this page.', detail: error.message };
  }
  return { headline: 'Something broke while showing this page.', detail: String(error) };
}

/**
 * Router-level error page (spec §2): unknown paths and errors thrown while rendering
 * a route land here. There is deliberately no separate not-found page.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  const { headline, detail } = describeError(error);

  useEffect(() => {
    window.scrollTo(0, 0);
    // The title at once; the sharing tags when their module has loaded (it may be the very
    // file that failed to load, when a new build replaced this one's).
    document.title = PAGE_TITLE;
    trackPageView(pathname, PAGE_TITLE);
    import('./metaDocument.ts').then(
      (metaDocument) => metaDocument.applyPageMeta({ title: PAGE_TITLE, description: headline }),
      () => {},
    );
  }, [pathname, headline]);

  return (
    <main className="error-page">
      <div className="error-page__card card">
        <p className="error-page__emoji" aria-hidden="true">
          🫠
        </p>
        <h1 className="error-page__title">{TITLE}</h1>
        <p className="error-page__headline">{headline}</p>
        <p className="error-page__detail">
          <code>{detail}</code>
        </p>
        <Link className="button" to="/">
          ← Home
        </Link>
      </div>
    </main>
  );
}
