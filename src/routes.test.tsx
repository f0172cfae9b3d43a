// @vitest-environment jsdom
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ErrorPage } from './platform/ErrorPage.tsx';
import { HomePage } from './platform/home/HomePage.tsx';
import { routes } from './routes.tsx';
import { PLATFORM_PATHS, REDIRECTS } from './routeTable.ts';

const root = routes[0];
const children = root.children ?? [];
const byPath = (path: string) => children.find((r) => r.path === path);

describe('route objects (platform spec §2)', () => {
  it('has one root at / with the router error page and the home page as index', () => {
    expect(routes).toHaveLength(1);
    expect(root.path).toBe('/');
    expect(isValidElement(root.errorElement) && root.errorElement.type).toBe(ErrorPage);
    const index = children.find((r) => r.index);
    expect(isValidElement(index?.element) && index.element.type).toBe(HomePage);
  });

  it('loads every platform page lazily', () => {
    for (const path of PLATFORM_PATHS) expect(typeof byPath(path)?.lazy).toBe('function');
  });

  it('redirects the legacy paths, replacing the history entry', () => {
    for (const [from, to] of Object.entries(REDIRECTS)) {
      const element = byPath(from)?.element;
      expect(isValidElement(element)).toBe(true);
      expect((element as { props: { to: string; replace: boolean } }).props).toEqual({
        to: `/${to}`,
        replace: true,
      });
    }
  });

  it('has no catch-all route: unknown paths fall to the error page', () => {
    expect(children.some((r) => r.path === '*')).toBe(false);
  });
});
