import { configDefaults, defineConfig } from 'vitest/config';

const apiTests = ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'];
/** API test files that need no database (pure logic, a bare Fastify, Redis): run once, not per engine. */
const apiUnitTests = ['apps/api/src/**/*.unit.test.ts'];
/** API test files of several server processes on one database and Redis: PostgreSQL only. */
const apiPostgresOnlyTests = ['apps/api/src/**/*.processes.test.ts'];

const vendorServerTests = 'apps/house-vendor/src/server/**/*.test.ts';
const vendorGlobalSetup = 'apps/house-vendor/src/server/testing/global-setup.ts';

/**
 * The database projects keep their modules loaded from one test file to the next (isolate: false):
 * a file's own world is a fresh copy of the run's template database and a fresh app, so what a file
 * could leak is module state, which the code keys by database handle.
 */
const databaseProject = { isolate: false, testTimeout: 30_000, hookTimeout: 60_000 };

/**
 * The house vendor's server tests mostly wait on the live tables' clocks (betting windows of 1.5 to
 * 8 s): a core is 10-40% busy with two of them at a time, so they run after everything else (group 1),
 * five at a time.
 */
const vendorServerProject = { ...databaseProject, sequence: { groupOrder: 1 }, maxWorkers: 5 };

/**
 * One run, several projects: the contracts' and the other shared packages' unit tests, the repository tools' tests (scripts/), the
 * API's integration tests twice (embedded PGlite and real PostgreSQL, chosen by TEST_DB), the house
 * vendor's game core and server (twice, PGlite and PostgreSQL), and the web app's and back office's component tests in jsdom.
 */
export default defineConfig({
  test: {
    // One worker per core (Vitest's default is one fewer): the database projects wait on PostgreSQL.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      {
        test: { name: 'packages', include: ['packages/server-common/src/**/*.test.ts'], testTimeout: 30_000 },
      },
      { test: { name: 'tools', include: ['scripts/**/*.test.ts'], testTimeout: 30_000 } },
      { test: { name: 'api-unit', include: apiUnitTests, testTimeout: 30_000 } },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          exclude: [...configDefaults.exclude, ...apiUnitTests, ...apiPostgresOnlyTests],
          globalSetup: ['apps/api/test/global-setup.ts'],
          env: { TEST_DB: 'pglite' },
          ...databaseProject,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiTests,
          exclude: [...configDefaults.exclude, ...apiUnitTests],
          globalSetup: ['apps/api/test/global-setup.ts'],
          env: { TEST_DB: 'postgres' },
          ...databaseProject,
        },
      },
      {
        // The house vendor's game core (fairness, slot evaluator, math sheets, RTP simulations) and its
        // game pages' tests (the component tests among them choose jsdom per file:
        // `// @vitest-environment jsdom`): no database.
        test: {
          name: 'house-vendor',
          include: ['apps/house-vendor/src/**/*.test.ts', 'apps/house-vendor/web/src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, vendorServerTests],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The house vendor's server (wallet client, rounds, live tables, recovery) on embedded PGlite.
        test: {
          name: 'house-vendor-pglite',
          include: [vendorServerTests],
          // PostgreSQL only (the project below): two vendor processes on one database and Redis; the
          // vendor's connections terminated by an admin connection.
          exclude: [
            ...configDefaults.exclude,
            'apps/house-vendor/src/server/live/redis.test.ts',
            'apps/house-vendor/src/server/live/db-loss.test.ts',
          ],
          globalSetup: [vendorGlobalSetup],
          ...vendorServerProject,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The house vendor's server tests again on real PostgreSQL (a copy of the template per vendor).
        test: {
          name: 'house-vendor-postgres',
          include: [vendorServerTests],
          globalSetup: [vendorGlobalSetup],
          env: { HOUSE_VENDOR_TEST_DB: 'postgres' },
          ...vendorServerProject,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      'apps/backoffice/vitest.config.ts',
    ],
  },
});
