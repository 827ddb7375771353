import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../test/support.ts';
import { ConfigError } from './config.ts';
import { getBrandSettings, updateBrandSettings } from './domains/brands/brand-settings.ts';
import { type StartServerOptions, startServer } from './server.ts';

const scratch = await mkdtemp(path.join(tmpdir(), 'lotus-server-'));
const postgres = process.env.TEST_DB === 'postgres' ? await createPostgresDatabase() : null;
const database: StartServerOptions = postgres
  ? { databaseUrl: postgres.url }
  : { dataDir: path.join(scratch, 'pglite') };

// A second database for the production starts (the first one holds the demo brand already).
const productionPostgres = process.env.TEST_DB === 'postgres' ? await createPostgresDatabase() : null;
const productionDatabase: StartServerOptions = productionPostgres
  ? { databaseUrl: productionPostgres.url }
  : { dataDir: path.join(scratch, 'pglite-production') };

afterAll(async () => {
  await postgres?.drop();
  await productionPostgres?.drop();
  await rm(scratch, { recursive: true, force: true });
});

describe('startServer', () => {
  it('migrates, seeds, listens, and keeps its data across a restart', async () => {
    const options: StartServerOptions = {
      port: 0,
      host: '127.0.0.1',
      ...database,
      logger: false,
      config: { uploadDir: path.join(scratch, 'uploads'), webDist: path.join(scratch, 'web') },
    };
    const first = await startServer(options);
    const res = await fetch(`${first.url}/wps/system/status`, { headers: { Merchant: 'DEMO' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { value: { systemStatus: number } }).value.systemStatus).toBe(0);
    await updateBrandSettings(first.db, 'DEMO', {
      systemStatus: 1,
      maintenanceEnd: new Date('2031-05-06T07:08:09Z'),
    });
    await first.close();

    const second = await startServer(options);
    try {
      expect((await getBrandSettings(second.db, 'DEMO'))?.systemStatus).toBe(1);
      const again = await fetch(`${second.url}/wps/system/status`, { headers: { Merchant: 'DEMO' } });
      const body = (await again.json()) as {
        value: { systemStatus: number; maintenance: { endTime: string } };
      };
      expect(body.value.systemStatus).toBe(1);
      expect(body.value.maintenance.endTime).toBe('2031-05-06T07:08:09.000Z');
      expect(await second.db.selectFrom('brands').select('id').execute()).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('without the web role serves no API or site, only /health, and runs the worker', async () => {
    const worker = await startServer({
      port: 0,
      host: '127.0.0.1',
      ...database,
      logger: false,
      roles: ['worker'],
      scheduledJobs: true,
      config: { uploadDir: path.join(scratch, 'uploads'), webDist: path.join(scratch, 'web') },
    });
    try {
      expect(worker.roles).toEqual(['worker']);
      const health = await fetch(`${worker.url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', roles: ['worker'] });
      for (const url of ['/wps/system/status', '/bo/v1/dashboard', '/seamless/v1/balance', '/docs', '/']) {
        const res = await fetch(`${worker.url}${url}`, { headers: { Merchant: 'DEMO' } });
        expect(res.status).toBe(404);
      }
      // The worker role runs the event consumers: the turnover consumer's cursor appears.
      const deadline = Date.now() + 10_000;
      let cursor: { name: string } | undefined;
      while (!cursor && Date.now() < deadline) {
        cursor = await worker.db
          .selectFrom('event_consumers')
          .select('name')
          .where('name', '=', 'member_daily_turnover')
          .executeTakeFirst();
        if (!cursor) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(cursor).toEqual({ name: 'member_daily_turnover' });
    } finally {
      await worker.close();
    }
  });
});

describe('startServer under NODE_ENV=production', () => {
  const production = (
    seedDemoBrand: boolean,
    logger: StartServerOptions['logger'] = false,
  ): StartServerOptions => ({
    port: 0,
    host: '127.0.0.1',
    ...productionDatabase,
    logger,
    config: {
      nodeEnv: 'production',
      seedDemoBrand,
      uploadDir: path.join(scratch, 'uploads'),
      webDist: path.join(scratch, 'web'),
    },
  });

  it('seeds no demo brand without SEED_DEMO_BRAND, and refuses published demo credentials unless it is 1', async () => {
    const bare = await startServer(production(false));
    try {
      expect(await bare.db.selectFrom('brands').select('merchant_code').execute()).toEqual([]);
      const res = await fetch(`${bare.url}/wps/system/status`, { headers: { Merchant: 'DEMO' } });
      expect(res.status).not.toBe(200);
    } finally {
      await bare.close();
    }

    // SEED_DEMO_BRAND=1 under production: the demo is seeded, with a warning logged at the start.
    const lines: string[] = [];
    const logger = { level: 'warn', stream: { write: (line: string) => void lines.push(line) } };
    const demo = await startServer(production(true, logger));
    try {
      expect(await demo.db.selectFrom('brands').select('merchant_code').execute()).toEqual([
        { merchant_code: 'DEMO' },
      ]);
      const res = await fetch(`${demo.url}/wps/system/status`, { headers: { Merchant: 'DEMO' } });
      expect(res.status).toBe(200);
    } finally {
      await demo.close();
    }
    expect(lines.some((line) => line.includes('SEED_DEMO_BRAND=1 under NODE_ENV=production'))).toBe(true);

    // The same database started again for production without SEED_DEMO_BRAND: refused, naming it.
    const refused = startServer(production(false));
    await expect(refused).rejects.toThrow(ConfigError);
    await expect(refused).rejects.toThrow(/SEED_DEMO_BRAND=1/);
    await expect(refused).rejects.toThrow(/demoadmin.*HOUSE/);
  });
});
