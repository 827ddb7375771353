import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: the real platform (built web app served by the API on a fresh PostgreSQL
 * database) driven by Debian's Chromium through playwright-core. One server for the whole run,
 * started by global-setup; files run one after another (2-core machine, one browser at a time).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
