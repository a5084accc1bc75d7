import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router';
import { render, type RenderOptions } from '@testing-library/react';
import { useState, type ReactElement, type ReactNode } from 'react';

/**
 * A real router around a component that draws links (`Link`), without its pages: each link's
 * `href` is the router's own, built from `to` and `params`. Tests render in it instead of mocking
 * the router module, so they share the `unit-dom` project's jsdom (vitest.config.ts, ADR 072).
 */
export function InRouter({ children, path = '/' }: { children: ReactNode; path?: string }) {
  const [router] = useState(() => createRouter({ routeTree: createRootRoute(), history: createMemoryHistory({ initialEntries: [path] }) }));
  return <RouterContextProvider router={router}>{children}</RouterContextProvider>;
}

/** Testing Library's `render` inside {@link InRouter}. */
export const renderInRouter = (ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) => render(ui, { ...options, wrapper: InRouter });
