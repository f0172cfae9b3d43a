import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { completeResponse, pacedLoad } from './paced.ts';

let server: http.Server | null = null;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(null));
  server = null;
});

async function serve(handler: http.RequestListener): Promise<string> {
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('completeResponse', () => {
  it('waits for the whole body and reads the status', () => {
    const head = 'HTTP/1.1 201 Created\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\n';
    expect(completeResponse(Buffer.from(head.slice(0, 20)))).toBeNull();
    expect(completeResponse(Buffer.from(`${head}abc`))).toBeNull();
    expect(completeResponse(Buffer.from(`${head}abcde`))).toEqual({ length: head.length + 5, status: 201 });
  });

  it('refuses answers without a length (chunked)', () => {
    expect(() =>
      completeResponse(Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n')),
    ).toThrow(/content-length/);
  });
});

describe('pacedLoad', () => {
  it('offers rate × duration requests, spread over every connection, with their bodies', async () => {
    const sockets = new Set<unknown>();
    const bodies: string[] = [];
    const url = await serve((req, res) => {
      sockets.add(req.socket);
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        bodies.push(body);
        res.writeHead(200, { 'content-length': 2 }).end('ok');
      });
    });
    let n = 0;
    const result = await pacedLoad({
      url: `${url}/x?y=1`,
      rate: 200,
      connections: 5,
      duration: 0.5,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: () => JSON.stringify({ n: n++ }),
    });
    expect(result).toMatchObject({ offered: 100, completed: 100, errors: 0 });
    expect(sockets.size).toBe(5);
    expect(bodies).toHaveLength(100);
    expect(new Set(bodies).size).toBe(100);
    expect(result.p50).toBeGreaterThan(0);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
  });

  it('counts latency from when a request was due, so a slow server shows its queue', async () => {
    // One connection, a request due every 10 ms, each answered after 30 ms: the queue grows.
    const url = await serve((_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-length': 0 }).end(), 30);
    });
    const result = await pacedLoad({ url, rate: 100, connections: 1, duration: 0.5 });
    expect(result.completed).toBe(50);
    expect(result.p99).toBeGreaterThan(500);
  });

  it('counts answers that are not 2xx as errors', async () => {
    const url = await serve((_req, res) => res.writeHead(500, { 'content-length': 0 }).end());
    const result = await pacedLoad({ url, rate: 100, connections: 2, duration: 0.2 });
    expect(result).toMatchObject({ offered: 20, completed: 20, errors: 20 });
  });

  it('gives the latency of a mixed profile by kind, each kind timed by its own answers', async () => {
    // /slow answers after 40 ms, /fast at once: each kind's p50 is its own.
    const url = await serve((req, res) => {
      const answer = () => res.writeHead(200, { 'content-length': 0 }).end();
      if (req.url === '/slow') setTimeout(answer, 40);
      else answer();
    });
    const result = await pacedLoad({
      url: `${url}/`,
      rate: 100,
      connections: 4,
      duration: 0.4,
      mix: [{ path: '/fast?a=1' }, { path: '/slow' }, { path: '/fast?a=2' }, { path: '/fast?a=3' }],
    });
    const fast = result.byKind?.find((k) => k.kind === 'GET /fast');
    const slow = result.byKind?.find((k) => k.kind === 'GET /slow');
    expect(fast?.completed).toBe(30);
    expect(slow?.completed).toBe(10);
    // Every /slow answer took 40 ms or more; /fast answers counted there would pull its p50 under.
    expect(slow?.p50).toBeGreaterThanOrEqual(40);
    expect(fast?.p50).toBeLessThan(slow?.p50 ?? 0);
  });
});
