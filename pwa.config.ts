import type { VitePWAOptions } from 'vite-plugin-pwa';

/** Brand colours (src/platform/ui/global.css: --bg and --accent). */
export const THEME_COLOR = '#1b1030';

/**
 * The installable app: manifest and a Workbox service worker generated at build time.
 *
 * - Precache: the whole build (every game's code, workers, sounds, fonts, icons), so after
 *   one visit every game opens and plays with the network off. The page registers the
 *   worker only after home has painted and gone idle, so the home budget is not spent on it.
 * - `/` opens the precached home.html (home prerendered); other navigations fall back to
 *   the precached index.html (the router takes it from there), except /api.
 * - API: public reads (boards, shared tracks) are network-first, falling back to the last
 *   answer; everything else under /api (sessions, saves, every write) goes to the network
 *   only and is never cached. Workbox routes match GET only unless told otherwise, and
 *   no route here names another method.
 * - registerType 'prompt': a new build waits until the player chooses 'Reload'.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
  manifest: {
    id: '/',
    name: 'Futile — small browser games and toys',
    short_name: 'Futile',
    description:
      'Roll dice, race doodles, land on the moon, loop a tune and build a solar system. Small browser games you can play right away, even offline.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: THEME_COLOR,
    theme_color: THEME_COLOR,
    categories: ['games', 'entertainment'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2,wav,mp3,ogg,webm,json,webmanifest}'],
    // Source maps stay out of the cache, and so do the route documents: they differ from
    // index.html only in the sharing tags that link previews read from the network
    // (scripts/routeDocuments.ts), and the app sets those itself.
    globIgnores: ['**/*.map', '**/*.br', '**/*.gz', 'pages/**'],
    maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
    // `/` is answered with the prerendered home (scripts/prerenderHome.ts), every other
    // navigation with the empty shell, as the server does.
    directoryIndex: 'home.html',
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//],
    cleanupOutdatedCaches: true,
    // The first install takes the open page at once, so a game opened from it next works
    // offline; later builds wait for the player's Reload (registerType 'prompt').
    clientsClaim: true,
    runtimeCaching: [
      {
        urlPattern: ({ url }) =>
          url.pathname === '/api/scores/get.php' || url.pathname === '/api/tracks/get.php',
        handler: 'NetworkFirst',
        method: 'GET',
        options: {
          cacheName: 'api-public-reads',
          networkTimeoutSeconds: 4,
          expiration: { maxEntries: 60, maxAgeSeconds: 24 * 3600 },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        urlPattern: ({ url }) => url.pathname.startsWith('/api/'),
        handler: 'NetworkOnly',
      },
    ],
  },
};
