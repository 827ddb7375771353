import { DEFAULT_ADMIN_URL } from '@lotus/server-common/test-databases';

/** Settings shared by the test workers and the global setup (which may not import Vitest's runtime). */
export const TEST_ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? DEFAULT_ADMIN_URL;

/** argon2id at its cheapest, so the suite stays fast (production cost: lib/hashing.ts). */
export const TEST_PASSWORD_HASHING = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
