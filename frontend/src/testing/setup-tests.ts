// Setup for the frontend's tests (the `unit-dom` project of vitest.config.ts): jsdom, DOM
// matchers, and Testing Library's cleanup, which it only registers itself under vitest's globals.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// The first page's reads (lib/lazy-query) use React Query's observer wherever a test gives them a client.
import '../lib/query-client';

// React warns about state updates a test did not wait for only where it is told it runs in tests.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// findBy… and waitFor wait up to 5 s, not 1 s: on a loaded 2-core CI machine a lazily loaded part
// (the toast's Radix code, a dialog) once took longer than a second to arrive. What never shows still fails.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
