import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', '.data/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: keep integration suites from starving each other.
    maxWorkers: 2,
    reporters: ['default', './tests/support/summary-reporter.ts'],
  },
});
