import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';

/** An app on an in-memory database serving `clientDir`, built before the suite's tests and closed after. */
function serveClient(clientDir: string): { readonly app: Awaited<ReturnType<typeof buildApp>> } {
  const database = connectDatabase(':memory:');
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  beforeAll(async () => {
    app = await buildApp({ config: { ...loadConfig({ NODE_ENV: 'test' }), clientDir }, database });
  });
  afterAll(async () => {
    await app?.close();
    await database.db.destroy();
  });
  return {
    get app() {
      if (!app) throw new Error('the app is built in beforeAll');
      return app;
    },
  };
}

describe('static serving and health', () => {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'futile-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Futile</title>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  // What the build's compression plugin writes beside each asset.
  fs.writeFileSync(
    path.join(clientDir, 'assets', 'app-abc123.js.br'),
    zlib.brotliCompressSync('console.log(1)'),
  );
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.gz'), zlib.gzipSync('console.log(1)'));
  const served = serveClient(clientDir);

  it('answers the health check', async () => {
    const res = await served.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, status: 'ok' });
  });

  it('serves the page at / and falls back to it for client routes', async () => {
    for (const url of ['/', '/gravity', '/account?x=1']) {
      const res = await served.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Futile</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const res = await served.app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed asset the client accepts, and the original to others', async () => {
    const br = await served.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await served.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await served.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers unknown API paths with JSON 404, not the page', async () => {
    const res = await served.app.inject('/api/nope.php');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'Not found' });
  });
});

describe('home prerendered', () => {
  // A build with home.html (scripts/prerenderHome.ts) beside the empty index.html.
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'futile-client-'));
  const shell = '<!doctype html><title>Futile</title><div id="root"></div>';
  const home = '<!doctype html><title>Futile</title><div id="root"><h1>Futile</h1></div>';
  fs.writeFileSync(path.join(clientDir, 'index.html'), shell);
  fs.writeFileSync(path.join(clientDir, 'home.html'), home);
  fs.writeFileSync(path.join(clientDir, 'home.html.br'), zlib.brotliCompressSync(home));
  const served = serveClient(clientDir);

  it('answers / with home.html, precompressed when accepted, always revalidated', async () => {
    const br = await served.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toContain('text/html');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(home);
    const plain = await served.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.body).toBe(home);
  });

  it("answers every other page path with the empty shell, never home's content", async () => {
    for (const url of ['/gravity', '/about', '/account?x=1', '/index.html', '/no-such-page']) {
      const res = await served.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(shell);
    }
  });
});

describe('route documents', () => {
  // A build with pages/<route>.html (scripts/routeDocuments.ts): the shell with a route's sharing tags.
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'futile-client-'));
  const shell = '<!doctype html><title>Futile</title><div id="root"></div>';
  const gravity = '<!doctype html><title>Gravity Simulator — Futile</title><div id="root"></div>';
  const about = '<!doctype html><title>About Futile</title><div id="root"></div>';
  fs.writeFileSync(path.join(clientDir, 'index.html'), shell);
  fs.mkdirSync(path.join(clientDir, 'pages'));
  fs.writeFileSync(path.join(clientDir, 'pages', 'gravity.html'), gravity);
  fs.writeFileSync(path.join(clientDir, 'pages', 'gravity.html.br'), zlib.brotliCompressSync(gravity));
  fs.writeFileSync(path.join(clientDir, 'pages', 'about.html'), about);
  const served = serveClient(clientDir);

  it("answers a route's paths with its document (precompressed when accepted), whatever follows the segment", async () => {
    for (const url of ['/gravity', '/gravity/', '/gravity?loadId=3&loadKey=k', '/gravity/deeper']) {
      const res = await served.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(gravity);
    }
    const br = await served.app.inject({ url: '/gravity', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(gravity);
    expect((await served.app.inject('/about')).body).toBe(about);
  });

  it('answers paths of no route document with the shell, and never reads outside the documents', async () => {
    for (const url of [
      '/account',
      '/pages',
      '/gravityx',
      '/%2e%2e',
      '/..%2Findex',
      '/about.html',
      '/no-such-page?gravity',
    ]) {
      const res = await served.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(shell);
    }
  });
});
