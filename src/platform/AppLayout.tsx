import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { trackPageView } from '../lib/analytics.ts';
import { metaForPath } from './meta.ts';
import { applyPageMeta } from './metaDocument.ts';
import { PwaStatus } from './pwa/PwaStatus.tsx';

/**
 * Root layout (spec §2): on every path change the page scrolls to the top, the title and
 * sharing tags follow the route, and a page view is counted (when analytics is configured).
 * While the next page's chunk loads, a thin bar runs along the top.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  useEffect(() => {
    window.scrollTo(0, 0);
    const meta = metaForPath(pathname);
    applyPageMeta(meta);
    trackPageView(pathname, meta.title);
  }, [pathname]);
  return (
    <>
      {navigation.state === 'loading' && <div className="route-progress" aria-hidden="true" />}
      <Outlet />
      <PwaStatus />
    </>
  );
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
