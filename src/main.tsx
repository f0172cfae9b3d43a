import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { analyticsConfigFrom, startAnalytics } from './lib/analytics';
import { routes } from './routes';
import './platform/ui/global.css';

// VITE_ANALYTICS_ENDPOINT / VITE_ANALYTICS_ID are read at build time (README, "Configuration").
startAnalytics(analyticsConfigFrom(import.meta.env));

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
