import type client from 'prom-client';

/**
 * The per-request counter and latency histogram of /metrics, kept in plain numbers found by
 * one Map lookup and made into prom-client's values only when scraped. prom-client's own
 * Counter and Histogram hash and validate a labels object on every inc and observe (bound
 * children too): on a cached read that was a measurable share of the request's CPU.
 * Registered in a prom-client Registry beside its own metrics; the text is the same.
 */
export class RequestMetrics {
  private readonly counts = new Map<string, { labels: Record<string, string>; n: number }>();
  private readonly timings = new Map<
    string,
    { labels: Record<string, string>; buckets: number[]; sum: number; count: number }
  >();

  constructor(
    registry: client.Registry,
    names: {
      counter: string;
      counterHelp: string;
      histogram: string;
      histogramHelp: string;
    },
    /** Upper bounds of the histogram's buckets, seconds, ascending. */
    private readonly bounds: readonly number[],
  ) {
    const counts = this.counts;
    const timings = this.timings;
    registry.registerMetric({
      name: names.counter,
      get: async () => ({
        name: names.counter,
        help: names.counterHelp,
        type: 'counter',
        aggregator: 'sum',
        values: [...counts.values()].map(({ labels, n }) => ({ labels, value: n })),
      }),
      reset: () => counts.clear(),
    } as unknown as client.Metric);
    registry.registerMetric({
      name: names.histogram,
      get: async () => ({
        name: names.histogram,
        help: names.histogramHelp,
        type: 'histogram',
        aggregator: 'sum',
        values: [...timings.values()].flatMap(({ labels, buckets, sum, count }) => {
          let cumulative = 0;
          return [
            ...bounds.map((le, i) => {
              cumulative += buckets[i];
              return {
                labels: { le, ...labels },
                value: cumulative,
                metricName: `${names.histogram}_bucket`,
              };
            }),
            { labels: { le: '+Inf', ...labels }, value: count, metricName: `${names.histogram}_bucket` },
            { labels, value: sum, metricName: `${names.histogram}_sum` },
            { labels, value: count, metricName: `${names.histogram}_count` },
          ];
        }),
      }),
      reset: () => timings.clear(),
    } as unknown as client.Metric);
  }

  /** One answered request: counted by method, route and status, timed by method and route. */
  record(method: string, route: string, statusCode: number, seconds: number): void {
    const countKey = `${statusCode} ${method} ${route}`;
    const counted = this.counts.get(countKey);
    if (counted) counted.n++;
    else {
      // Routes are the app's own patterns (or 'unmatched'): a bounded set of keys.
      if (this.counts.size >= 5000) this.counts.clear();
      this.counts.set(countKey, { labels: { method, route, status_code: String(statusCode) }, n: 1 });
    }
    const timeKey = `${method} ${route}`;
    let timed = this.timings.get(timeKey);
    if (!timed) {
      if (this.timings.size >= 5000) this.timings.clear();
      timed = { labels: { method, route }, buckets: this.bounds.map(() => 0), sum: 0, count: 0 };
      this.timings.set(timeKey, timed);
    }
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && seconds > bounds[i]) i++;
    if (i < bounds.length) timed.buckets[i]++;
    timed.sum += seconds;
    timed.count++;
  }
}
