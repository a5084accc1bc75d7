import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { afterShellPaint } from './lib/after-shell-paint';
import { queryClient } from './lib/query-client';
import { createAppRouter } from './router';

const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// On /jobs the root holds the board's first screen, rendered at build time (ADR 086), and React
// renders the same screen in its place: once the browser has recorded that screen's paint, which
// it forgets when the element goes first (ADR 111).
afterShellPaint(container, () =>
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
