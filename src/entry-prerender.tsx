/**
 * The home page rendered to HTML at build time (scripts/prerenderHome.ts puts it into
 * home.html, which the server and the service worker answer `/` with). It is what a
 * first visit sees before any script: the signed-out, online, still-loading state every
 * visitor's first client render has too, so main.tsx can hydrate it without a mismatch.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './routes';

export function renderHome(): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location="/">
        <App />
      </StaticRouter>
    </StrictMode>,
  );
}
