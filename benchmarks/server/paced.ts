/**
 * Open-loop load at a fixed offered rate, for latency below saturation.
 *
 * autocannon's `overallRate` is a per-second budget: each connection fires its share of
 * the second back to back as soon as the second starts, then waits for the next one, so
 * the server sees saturated bursts and the latency is that of saturation again. Here
 * request i is due at start + i / rate, whatever happened to the earlier ones; it goes out
 * on the next free connection (round robin over all of them) and its latency is counted
 * from when it was due, so time spent waiting for a free connection counts too (no
 * coordinated omission, as in wrk2).
 */
import net from 'node:net';
import { percentile } from '../lib/stats.ts';

export interface PacedOptions {
  /** http://host:port/path?query */
  url: string;
  /** Offered requests per second, over all connections. */
  rate: number;
  connections: number;
  /** Seconds of offered load. */
  duration: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Body of each request (called once per request). */
  body?: () => string;
  /**
   * A mixed profile instead: request i is mix[i % mix.length] (a path with its query on the
   * same host), so the order of the list is the order of the traffic.
   */
  mix?: { path: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: () => string }[];
  /** More servers (http://host:port): connection c goes to [url, ...more][c % (1 + more.length)]. */
  more?: string[];
}

export interface PacedResult {
  /** Requests due in the run, and those answered. */
  offered: number;
  completed: number;
  /** Connection errors and answers that were not 2xx. */
  errors: number;
  /** Of those, requests with no answer 10 s after the last was due (the server fell behind). */
  unanswered: number;
  /** Latency in ms from when each request was due to its complete answer. */
  p50: number;
  p99: number;
  max: number;
  /** A mixed profile's latency by request kind (method and path of each distinct mix entry). */
  byKind?: { kind: string; completed: number; p50: number; p99: number }[];
}

interface Connection {
  socket: net.Socket;
  /** When the request on this connection was due; null when the connection is free. */
  due: number | null;
  /** The mix entry of the request in flight (0 without a mix). */
  kind: number;
  buffered: Buffer;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** Bytes of one complete HTTP/1.1 response at the start of `data` and its status; null while incomplete. */
export function completeResponse(data: Buffer): { length: number; status: number } | null {
  const end = data.indexOf(HEADER_END);
  if (end < 0) return null;
  const head = data.subarray(0, end).toString('latin1');
  const status = Number(head.slice(9, 12));
  const match = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
  if (!match)
    throw new Error(`response without content-length (status ${status}): the paced client reads only those`);
  const length = end + HEADER_END.length + Number(match[1]);
  return data.length >= length ? { length, status } : null;
}

export async function pacedLoad(options: PacedOptions): Promise<PacedResult> {
  const url = new URL(options.url);
  const method = options.method ?? 'GET';
  const head = (bodyLength: number | null) =>
    `${method} ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n` +
    Object.entries(options.headers ?? {})
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    (bodyLength === null ? '' : `Content-Length: ${bodyLength}\r\n`) +
    '\r\n';
  const fixed = options.body ? null : Buffer.from(head(null), 'latin1');
  const mixed = options.mix?.map((m) => {
    const start = (length: number | null) =>
      `${m.method ?? 'GET'} ${m.path} HTTP/1.1\r\nHost: ${url.host}\r\n` +
      Object.entries(m.headers ?? {})
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      (length === null ? '' : `Content-Length: ${length}\r\n`) +
      '\r\n';
    const bare = m.body ? null : Buffer.from(start(null), 'latin1');
    return () => {
      if (bare) return bare;
      const body = Buffer.from((m.body as () => string)());
      return Buffer.concat([Buffer.from(start(body.length), 'latin1'), body]);
    };
  });
  let sent = 0;
  /** The mix entry the next request is, for its latency by kind. */
  const nextKind = () => (mixed ? sent % mixed.length : 0);
  const request = () => {
    if (mixed) return mixed[sent++ % mixed.length]();
    if (fixed) return fixed;
    const body = Buffer.from((options.body as () => string)());
    return Buffer.concat([Buffer.from(head(body.length), 'latin1'), body]);
  };
  const servers = [url, ...(options.more ?? []).map((u) => new URL(u))];

  const latencies: number[] = [];
  const kindLatencies = new Map<number, number[]>();
  let non2xx = 0;
  const waiting: number[] = [];
  const connections: Connection[] = [];
  let next = 0;
  let finish: () => void = () => {};
  let offeredAll = false;
  const settled = () => offeredAll && waiting.length === 0 && connections.every((c) => c.due === null);

  const dispatch = () => {
    for (let tried = 0; waiting.length > 0 && tried < connections.length; tried++) {
      const connection = connections[next];
      next = (next + 1) % connections.length;
      if (connection.due !== null || connection.socket.destroyed) continue;
      connection.due = waiting.shift() as number;
      connection.kind = nextKind();
      connection.socket.write(request());
      tried = -1;
    }
  };

  await Promise.all(
    Array.from(
      { length: options.connections },
      (_, c) =>
        new Promise<void>((resolve, reject) => {
          let connected = false;
          const server = servers[c % servers.length];
          const socket = net.connect(Number(server.port), server.hostname, () => {
            connected = true;
            resolve();
          });
          socket.setNoDelay(true);
          const connection: Connection = { socket, due: null, kind: 0, buffered: Buffer.alloc(0) };
          connections.push(connection);
          // A request lost with its connection stays unanswered and counts as an error.
          socket.on('error', (err) => {
            if (!connected) reject(err);
            connection.due = null;
            if (settled()) finish();
          });
          socket.on('data', (chunk: Buffer) => {
            connection.buffered = connection.buffered.length
              ? Buffer.concat([connection.buffered, chunk])
              : chunk;
            const answer = completeResponse(connection.buffered);
            if (!answer || connection.due === null) return;
            const latency = performance.now() - connection.due;
            latencies.push(latency);
            if (mixed) {
              const list = kindLatencies.get(connection.kind) ?? [];
              list.push(latency);
              kindLatencies.set(connection.kind, list);
            }
            if (answer.status < 200 || answer.status > 299) non2xx++;
            connection.buffered = connection.buffered.subarray(answer.length);
            connection.due = null;
            dispatch();
            if (settled()) finish();
          });
        }),
    ),
  );

  const total = Math.round(options.rate * options.duration);
  const interval = 1000 / options.rate;
  const start = performance.now();
  let offered = 0;
  await new Promise<void>((resolve) => {
    finish = resolve;
    const tick = () => {
      const now = performance.now();
      while (offered < total && start + offered * interval <= now) waiting.push(start + offered++ * interval);
      dispatch();
      if (offered < total) setTimeout(tick, Math.max(0, start + offered * interval - performance.now()));
      else {
        offeredAll = true;
        if (settled()) resolve();
        // Whatever is still unanswered after 10 s counts as failed.
        else setTimeout(resolve, 10_000).unref();
      }
    };
    tick();
  });
  for (const c of connections) c.socket.destroy();

  const sorted = latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  // Entries of the mix that send the same method and path are one kind.
  const byKind = new Map<string, number[]>();
  for (const [index, list] of kindLatencies) {
    const entry = options.mix?.[index];
    const kind = `${entry?.method ?? 'GET'} ${entry?.path.split('?')[0]}`;
    byKind.set(kind, [...(byKind.get(kind) ?? []), ...list]);
  }
  return {
    offered,
    completed: latencies.length,
    errors: non2xx + (offered - latencies.length),
    unanswered: offered - latencies.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
    ...(options.mix
      ? {
          byKind: [...byKind].map(([kind, list]) => {
            const ordered = list.sort((a, b) => a - b);
            return {
              kind,
              completed: ordered.length,
              p50: round(percentile(ordered, 50)),
              p99: round(percentile(ordered, 99)),
            };
          }),
        }
      : {}),
  };
}
