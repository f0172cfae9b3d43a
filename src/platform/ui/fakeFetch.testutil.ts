/** A scripted `fetch` for component tests: routes by method + path, records every call. */
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type Reply = { status?: number; json?: unknown; text?: string } | Error;
export type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

export function installFakeFetch(routes: Record<string, Handler | Reply>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`] ?? routes[url.pathname];
    if (!route) throw new Error(`No fake route for ${method} ${url.pathname}`);
    const reply = typeof route === 'function' ? await route(call) : route;
    if (reply instanceof Error) throw reply;
    const text = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
    return new Response(text, {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (path: string, method?: string) =>
      calls.filter((c) => c.path === path && (method === undefined || c.method === method)),
    setRoute(key: string, handler: Handler | Reply) {
      routes[key] = handler;
    },
  };
}
