// Setup for the frontend's tests (the `unit-dom` project of vitest.config.ts): jsdom, DOM
// matchers, and Testing Library's cleanup, which it only registers itself under vitest's globals.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// React warns about state updates a test did not wait for only where it is told it runs in tests.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
});
