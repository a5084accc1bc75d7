import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { afterShellPaint } from './lib/after-shell-paint';
import { LazyQueryClientProvider, loadQueryClient } from './lib/lazy-query';
import { createAppRouter } from './router';

const router = createAppRouter(loadQueryClient);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// On /jobs the root holds the board's first screen, rendered at build time (ADR 086), and React
// renders the same screen in its place: once the browser has recorded that screen's paint, which
// it forgets when the element goes first (ADR 111).
afterShellPaint(container, () =>
  createRoot(container).render(
    <StrictMode>
      <LazyQueryClientProvider>
        <RouterProvider router={router} />
      </LazyQueryClientProvider>
    </StrictMode>,
  ),
);
