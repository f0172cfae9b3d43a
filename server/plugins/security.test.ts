import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test/harness.ts';

describe('security headers (sqlite)', () => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'futile-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Futile</title>');
    t = await createTestApp('sqlite', { clientDir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('pages get a CSP fit for fonts, workers and data images, and the document headers', async () => {
    for (const url of ['/', '/saves']) {
      const res = await call(t.app, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain('https://fonts.googleapis.com');
      expect(csp).toContain('font-src');
      expect(csp).toContain('https://fonts.gstatic.com');
      expect(csp).toMatch(/worker-src 'self' blob:/);
      expect(csp).toMatch(/img-src [^;]*data:/);
      // WebAssembly may compile (the Gravity worker's tree code); JavaScript eval may not.
      expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
      expect(csp).not.toContain("'unsafe-eval'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('API answers get the headers of a non-document: a CSP that allows nothing, nosniff, no framing', async () => {
    for (const url of ['/api/account/validate.php', '/api/scores/get.php?game_id=whac-a-moji', '/api/nope']) {
      const res = await call(t.app, 'GET', url);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cross-origin-resource-policy': 'same-origin',
      });
      expect(res.headers).not.toHaveProperty('cross-origin-opener-policy');
      expect(res.headers).not.toHaveProperty('strict-transport-security');
    }
  });

  it('HSTS goes on pages and API answers alike behind HTTPS in production', async () => {
    const prod = await createTestApp('sqlite', {
      production: true,
      publicUrl: 'https://futile.example',
      clientDir,
    });
    try {
      for (const url of ['/', '/api/account/validate.php']) {
        const res = await call(prod.app, 'GET', url);
        expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      }
    } finally {
      await prod.close();
    }
  });
});
