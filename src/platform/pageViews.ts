/**
 * Page views for the layout to report on every path change. The analytics module is loaded
 * only when the build has an endpoint (VITE_ANALYTICS_ENDPOINT), and then on the first view
 * rather than with the page: a build without one carries no analytics code at all, and one
 * with it keeps it off the home page's first paint. Views before it loads are queued.
 */
type Track = (path: string, title: string) => void;

let track: Track | null = null;
let loading = false;
const queued: [path: string, title: string][] = [];

export function trackPageView(path: string, title: string): void {
  // Replaced at build time: without an endpoint the rest is dead code and drops out.
  if (!import.meta.env.VITE_ANALYTICS_ENDPOINT) return;
  if (track) {
    track(path, title);
    return;
  }
  queued.push([path, title]);
  if (loading) return;
  loading = true;
  void import('../lib/analytics.ts').then((analytics) => {
    analytics.startAnalytics(analytics.analyticsConfigFrom(import.meta.env));
    track = analytics.trackPageView;
    for (const [queuedPath, queuedTitle] of queued.splice(0))
      analytics.trackPageView(queuedPath, queuedTitle);
  });
}
