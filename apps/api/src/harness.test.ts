import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../test/support.ts';
import type { DatabaseTarget } from './db/database.ts';
import { createDemoLikeBrand, getBrandSettings, withDatabase } from './harness.ts';

/** A fresh database of the project's kind: PostgreSQL, or PGlite in a scratch directory. */
async function freshTarget(): Promise<{ target: string | DatabaseTarget; drop: () => Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const database = await createPostgresDatabase();
    return { target: database.url, drop: database.drop };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'lotus-harness-'));
  return { target: { dataDir: dir }, drop: () => rm(dir, { recursive: true, force: true }) };
}

describe('the e2e harness', () => {
  it('creates a demo-like brand with settings, idempotently', async () => {
    const { target, drop } = await freshTarget();
    try {
      const settings = await withDatabase(target, (db) =>
        createDemoLikeBrand(db, {
          merchantCode: 'MAINT',
          domains: ['maintenance.localhost'],
          settings: { systemStatus: 1, maintenanceEnd: new Date('2030-01-01T00:00:00Z') },
        }),
      );
      expect(settings).toMatchObject({ merchantCode: 'MAINT', systemStatus: 1 });
      const again = await withDatabase(target, async (db) => {
        await createDemoLikeBrand(db, { merchantCode: 'MAINT', domains: ['maintenance.localhost'] });
        return getBrandSettings(db, 'MAINT');
      });
      expect(again?.systemStatus).toBe(1);
    } finally {
      await drop();
    }
  });
});
