import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { usePageLoading } from './pageLoading.ts';
import { trackPageView } from './pageViews.ts';

// The service worker, the score outbox and their notices start after first paint anyway
// (PwaStatus): their code loads once the page has loaded, not with it.
const PwaStatus = lazy(() => import('./pwa/PwaStatus.tsx').then((m) => ({ default: m.PwaStatus })));
// After a sign-in, what a guest made here is offered to the account: also after load.
const GuestProgressOffer = lazy(() =>
  import('./guest/GuestProgressOffer.tsx').then((m) => ({ default: m.GuestProgressOffer })),
);

/**
 * Root layout (spec §2): on every path change the page scrolls to the top, the title and
 * sharing tags follow the route, and a page view is counted (when analytics is configured).
 * While the next page's chunk loads, a thin bar runs along the top.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const pageLoading = usePageLoading();
  const loaded = usePageLoaded();
  useEffect(() => {
    window.scrollTo(0, 0);
    followRouteMeta(pathname);
  }, [pathname]);
  return (
    <>
      {pageLoading && <div className="route-progress" aria-hidden="true" />}
      {/* A first visit to a lazy page shows the spinner; later navigations keep the page before. */}
      <Suspense fallback={<RouteLoading />}>
        <Outlet />
      </Suspense>
      {loaded && (
        <Suspense fallback={null}>
          <PwaStatus />
          <GuestProgressOffer />
        </Suspense>
      )}
    </>
  );
}

/**
 * The title and sharing tags for `pathname`, then its page view (which carries the title).
 * The route table loads on demand: the page's first answer already has its own tags (the
 * server sends each route's document, scripts/routeDocuments.ts), so home's critical path
 * does not carry every route's texts. Views are counted in order: every call awaits the
 * same module.
 */
function followRouteMeta(pathname: string): void {
  import('./metaDocument.ts').then(
    (metaDocument) => trackPageView(pathname, metaDocument.applyRouteMeta(pathname).title),
    // The chunk failed to load (offline without the service worker, or an old build's file
    // gone): the tags stay as they are; the view is still counted.
    () => trackPageView(pathname, document.title),
  );
}

/**
 * False until the window's load event (the page's own scripts, styles and images are in).
 * It starts false, as in home's prerendered markup: the effect catches up at once.
 */
function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (loaded) return;
    if (document.readyState === 'complete') return setLoaded(true);
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [loaded]);
  return loaded;
}

/** The first paint of a lazily loaded page: a spinner that only shows if loading is slow. */
export function RouteLoading() {
  return (
    <div className="route-loading" role="status">
      <span className="route-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
