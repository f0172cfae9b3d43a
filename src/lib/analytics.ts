/**
 * Page-view analytics (platform spec §2). Configured at build time:
 *   VITE_ANALYTICS_ENDPOINT  URL that receives one POST per page view (unset: nothing is sent)
 *   VITE_ANALYTICS_ID        optional measurement id copied into every event
 * Each view is a small JSON text body sent with navigator.sendBeacon: no cookies, no
 * user id, no query string (it can carry codes, e.g. the deletion confirmation).
 * Visitors whose browser sends Do Not Track or Global Privacy Control are not counted.
 */

export interface AnalyticsConfig {
  endpoint: string | null;
  measurementId: string | null;
}

export interface PageViewEvent {
  type: 'page_view';
  /** Path only, never the query or hash. */
  path: string;
  title: string;
  /** Origin of the referring site on the first view of a visit, else null. */
  referrer: string | null;
  /** Measurement id, when configured. */
  id: string | null;
  /** Milliseconds since the epoch. */
  ts: number;
}

export interface AnalyticsEnv {
  send(endpoint: string, body: string): void;
  /** True when the visitor asked not to be tracked. */
  optedOut(): boolean;
  /** The document.referrer of the first page of the visit. */
  referrer(): string;
  now(): number;
}

export function analyticsConfigFrom(env: Record<string, string | boolean | undefined>): AnalyticsConfig {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  return { endpoint: text(env.VITE_ANALYTICS_ENDPOINT), measurementId: text(env.VITE_ANALYTICS_ID) };
}

export type PageViewTracker = (path: string, title: string) => PageViewEvent | null;

/** Returns a function to call on every navigation; it answers the event it sent, or null. */
export function createPageViewTracker(config: AnalyticsConfig, env: AnalyticsEnv): PageViewTracker {
  let lastPath: string | null = null;
  let first = true;
  return (path, title) => {
    if (!config.endpoint || env.optedOut()) return null;
    // React may run an effect twice for one navigation (StrictMode, re-renders): count it once.
    if (path === lastPath) return null;
    lastPath = path;
    let referrer: string | null = null;
    if (first) {
      first = false;
      try {
        referrer = env.referrer() ? new URL(env.referrer()).origin : null;
      } catch {
        referrer = null;
      }
    }
    const event: PageViewEvent = {
      type: 'page_view',
      path,
      title,
      referrer,
      id: config.measurementId,
      ts: env.now(),
    };
    try {
      env.send(config.endpoint, JSON.stringify(event));
    } catch {
      // Analytics must never break the page.
    }
    return event;
  };
}

function browserEnv(): AnalyticsEnv {
  return {
    send(endpoint, body) {
      // A text/plain body keeps it a "simple" cross-origin request (no preflight).
      if (navigator.sendBeacon?.(endpoint, body)) return;
      void fetch(endpoint, {
        method: 'POST',
        body,
        keepalive: true,
        mode: 'no-cors',
        credentials: 'omit',
      }).catch(() => {});
    },
    optedOut() {
      const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
      return nav.globalPrivacyControl === true || nav.doNotTrack === '1';
    },
    referrer: () => document.referrer,
    now: () => Date.now(),
  };
}

let tracker: PageViewTracker = () => null;

/** Called once by the entry with the build's configuration (main.tsx). */
export function startAnalytics(config: AnalyticsConfig): void {
  tracker = createPageViewTracker(config, browserEnv());
}

/** Records a page view (a no-op until started with an endpoint). */
export function trackPageView(path: string, title: string): void {
  tracker(path, title);
}
