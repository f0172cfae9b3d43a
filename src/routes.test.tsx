// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { isValidElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { HomePage } from './platform/home/HomePage.tsx';
import { App, routes } from './routes.tsx';
import { PLATFORM_PATHS, REDIRECTS } from './routeTable.ts';

const root = routes[0];
const children = root.children ?? [];
const byPath = (path: string) => children.find((r) => r.path === path);

describe('route objects (platform spec §2)', () => {
  it('has one root at / with the home page as index', () => {
    expect(routes).toHaveLength(1);
    expect(root.path).toBe('/');
    const index = children.find((r) => r.index);
    expect(isValidElement(index?.element) && index.element.type).toBe(HomePage);
  });

  it('loads every platform page lazily', () => {
    for (const path of PLATFORM_PATHS) {
      const element = byPath(path)?.element;
      expect(isValidElement(element) && (element.type as { $$typeof?: symbol }).$$typeof).toBe(
        Symbol.for('react.lazy'),
      );
    }
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

describe('App', () => {
  afterEach(cleanup);

  it('shows the error page with 404 Not Found for a path no route matches', async () => {
    render(
      <MemoryRouter initialEntries={['/no-such-page']}>
        <App />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('404 Not Found')).toBeTruthy();
  });
});
