import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: the real platform (built web app served by the API on a fresh PostgreSQL
 * database) driven by Debian's Chromium through playwright-core. One server for the whole run,
 * started by global-setup; three files at a time, each with its own Chromium (the scenarios own their
 * data: their own members, operators and numeros, and brands of their own for settings).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    maxWorkers: 4,
    // A worker keeps its modules from one file to the next: the harness (the API's data layer) and
    // Playwright load once per worker instead of once per file. Each file launches its own Chromium.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
