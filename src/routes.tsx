import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { AppLayout, RouteLoading } from './platform/AppLayout';
import { ErrorPage } from './platform/ErrorPage';
import { HomePage } from './platform/home/HomePage';
import { GAME_SLUGS, gameSlugsWithPages, REDIRECTS } from './routeTable';

// One lazy chunk per game: Vite splits each folder's index.tsx into its own bundle.
const gamePages = import.meta.glob<{ default: ComponentType }>('./games/*/index.tsx');

function lazyPage(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

const gameRoutes: RouteObject[] = gameSlugsWithPages(Object.keys(gamePages)).map((slug) => ({
  path: slug,
  lazy: lazyPage(gamePages[`./games/${slug}/index.tsx`]),
}));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <ErrorPage />,
    // Shown while the first page's lazy chunk loads (a direct visit to /about, a game…).
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'about', lazy: lazyPage(() => import('./platform/about/AboutPage')) },
      { path: 'privacy', lazy: lazyPage(() => import('./platform/privacy/PrivacyPage')) },
      { path: 'account', lazy: lazyPage(() => import('./platform/account/AccountPage')) },
      { path: 'admin', lazy: lazyPage(() => import('./platform/admin/AdminPage')) },
      ...gameRoutes,
      ...Object.entries(REDIRECTS).map(([from, to]) => ({
        path: from,
        element: <Navigate to={`/${to}`} replace />,
      })),
    ],
  },
];

export { GAME_SLUGS };
