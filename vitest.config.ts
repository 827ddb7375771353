import { configDefaults, defineConfig } from 'vitest/config';

const apiTests = ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'];

/**
 * One run, several projects: the contracts' and the other shared packages' unit tests, the repository tools' tests (scripts/), the
 * API's integration tests twice (embedded PGlite and real PostgreSQL, chosen by TEST_DB), the house
 * vendor's game core and server (twice, PGlite and PostgreSQL), and the web app's and back office's component tests in jsdom.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      { test: { name: 'packages', include: ['packages/server-common/src/**/*.test.ts'] } },
      { test: { name: 'tools', include: ['scripts/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiTests,
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The house vendor: its game core (fairness, slot evaluator, math sheets, RTP simulations), its
        // server (wallet client, rounds, recovery) on embedded PGlite, and its game pages' tests (the
        // component tests among them choose jsdom per file: `// @vitest-environment jsdom`).
        test: {
          name: 'house-vendor',
          include: ['apps/house-vendor/src/**/*.test.ts', 'apps/house-vendor/web/src/**/*.test.{ts,tsx}'],
          // PostgreSQL only (the project below): two vendor processes on one database and Redis; the
          // vendor's connections terminated by an admin connection.
          exclude: [
            ...configDefaults.exclude,
            'apps/house-vendor/src/server/live/redis.test.ts',
            'apps/house-vendor/src/server/live/db-loss.test.ts',
          ],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The house vendor's server tests again on real PostgreSQL (a fresh database per test file).
        test: {
          name: 'house-vendor-postgres',
          include: ['apps/house-vendor/src/server/**/*.test.ts'],
          env: { HOUSE_VENDOR_TEST_DB: 'postgres' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      'apps/backoffice/vitest.config.ts',
    ],
  },
});
