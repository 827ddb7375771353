import { describe, expect, it } from 'vitest';
import { createSeededTarget } from '../test/database.ts';
import { createDemoLikeBrand, getBrandSettings, withDatabase } from './harness.ts';

describe('the e2e harness', () => {
  it('creates a demo-like brand with settings, idempotently', async () => {
    const { target, drop } = await createSeededTarget();
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
