import { Component, type ComponentType, lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { AppLayout } from './platform/AppLayout';
import { ErrorPage, NOT_FOUND } from './platform/ErrorPage';
import { HomePage } from './platform/home/HomePage';
import { trackPageLoad } from './platform/pageLoading';
import { GAME_SLUGS, gameSlugsWithPages, REDIRECTS } from './routeTable';

// One lazy chunk per game: Vite splits each folder's index.tsx into its own bundle.
const gamePages = import.meta.glob<{ default: ComponentType }>('./games/*/index.tsx');

/**
 * A page loaded on first visit (React.lazy). While it loads, the page before stays (the
 * router navigates in a transition) under the progress bar; on a first visit AppLayout's
 * Suspense shows the loading spinner.
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>): ReactNode {
  const Page = lazy(() => trackPageLoad(load()));
  return <Page />;
}

const gameRoutes: RouteObject[] = gameSlugsWithPages(Object.keys(gamePages)).map((slug) => ({
  path: slug,
  element: lazyPage(gamePages[`./games/${slug}/index.tsx`]),
}));

/**
 * The route table, rendered by <App> with the router's declarative API (useRoutes): the
 * data router (createBrowserRouter) would add 16 KB gzip to every page for loaders and
 * actions the site does not use (README, "Home page size").
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'about', element: lazyPage(() => import('./platform/about/AboutPage')) },
      { path: 'privacy', element: lazyPage(() => import('./platform/privacy/PrivacyPage')) },
      { path: 'account', element: lazyPage(() => import('./platform/account/AccountPage')) },
      { path: 'admin', element: lazyPage(() => import('./platform/admin/AdminPage')) },
      ...gameRoutes,
      ...Object.entries(REDIRECTS).map(([from, to]) => ({
        path: from,
        element: <Navigate to={`/${to}`} replace />,
      })),
    ],
  },
];

/**
 * Errors thrown while showing a page (a chunk that failed to load included) replace the
 * whole layout with the error page, until the path changes.
 */
class RouteErrorBoundary extends Component<
  { pathname: string; children: ReactNode },
  { pathname: string; failed: boolean; error: unknown }
> {
  override state = { pathname: this.props.pathname, failed: false, error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: { pathname: string },
    state: { pathname: string; failed: boolean; error: unknown },
  ) {
    return props.pathname === state.pathname
      ? null
      : { pathname: props.pathname, failed: false, error: null };
  }

  override render() {
    return this.state.failed ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}

/** The site: the route for the location, or the error page (404) for a path that has none. */
export function App() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return (
    <RouteErrorBoundary pathname={pathname}>{element ?? <ErrorPage error={NOT_FOUND} />}</RouteErrorBoundary>
  );
}

export { GAME_SLUGS };
