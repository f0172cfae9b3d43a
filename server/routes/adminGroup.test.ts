import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, devSignIn, type TestApp, testDialects } from '../test/harness.ts';

interface Operation {
  security?: Record<string, unknown>[];
}

/** Every route the app registered, from Fastify's own table: [method, path]. */
function registeredRoutes(t: TestApp): [string, string][] {
  const routes: [string, string][] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = line.match(/(\/\S*) \(([^)]*)\)/);
    if (!match) continue;
    for (const method of match[2].split(', ')) if (method !== 'HEAD') routes.push([method, match[1]]);
  }
  return routes;
}

describe.each(testDialects)('every admin call sits behind the admin group (%s)', (dialect) => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  let adminCalls: ['GET' | 'POST' | 'DELETE', string][];
  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimits: false });
    paths = (await call(t.app, 'GET', '/api/openapi.json')).json().paths;
    adminCalls = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.security?.some((s) => 'adminSession' in s))
        .map(([method]): ['GET' | 'POST' | 'DELETE', string] => [
          method.toUpperCase() as 'GET' | 'POST' | 'DELETE',
          path,
        ]),
    );
  });
  afterAll(async () => t?.close());

  it('the document lists every registered route (none hides from this test)', () => {
    const listed = new Set(Object.entries(paths).flatMap(([p, m]) => Object.keys(m).map((x) => `${x} ${p}`)));
    // The document itself, and the tables' WebSocket upgrade (OpenAPI cannot describe a socket;
    // its messages are the schemas in src/api/schemas/tables.ts).
    const hiddenOnPurpose = ['get /api/openapi.json', 'get /api/tables/socket.php'];
    const missing = registeredRoutes(t)
      .map(([method, path]) => `${method.toLowerCase()} ${path}`)
      .filter((route) => !listed.has(route) && !hiddenOnPurpose.includes(route));
    expect(registeredRoutes(t).length).toBeGreaterThanOrEqual(35);
    expect(missing).toEqual([]);
  });

  it('every console call (admin, manage, audit paths) is in the group', () => {
    const consolePaths = Object.entries(paths).flatMap(([path, methods]) =>
      /admin|manage|audit/.test(path) && !path.startsWith('/api/auth/')
        ? Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`)
        : [],
    );
    expect(consolePaths.length).toBeGreaterThanOrEqual(10);
    expect(adminCalls.map(([method, path]) => `${method} ${path}`).sort()).toEqual(consolePaths.sort());
  });

  it('refuses anonymous callers (401) and ordinary users (403) on each, and lets an admin through', async () => {
    const user = await devSignIn(t.app, 'user');
    const admin = await devSignIn(t.app, 'admin');
    for (const [method, path] of adminCalls) {
      const body = method === 'POST' ? {} : undefined;
      const anonymous = await call(t.app, method, path, { body });
      expect([path, anonymous.statusCode, anonymous.json()]).toEqual([
        path,
        401,
        { success: false, error: 'Not signed in' },
      ]);
      const ordinary = await call(t.app, method, path, { body, cookie: user });
      expect([path, ordinary.statusCode, ordinary.json()]).toEqual([
        path,
        403,
        { success: false, error: 'Admin access required' },
      ]);
      const allowed = await call(t.app, method, path, { body, cookie: admin });
      expect([401, 403], path).not.toContain(allowed.statusCode);
    }
  });
});
