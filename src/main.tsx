import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './routes';
import './platform/ui/global.css';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);
// `/` arrives prerendered (home.html, scripts/prerenderHome.ts): take its markup over. As a
// transition, React hydrates in slices that yield to the browser (the page is already on
// screen) and no long task; React's event replay covers input that arrives meanwhile. Any
// other page, or home markup met anywhere else (a stale cache), is rendered afresh.
if (container.firstElementChild && window.location.pathname === '/') {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
