import { describe, expect, it } from 'vitest';
import { HouseVendorConfigError, loadHouseVendorConfig } from '../config.ts';

describe('live tables configuration', () => {
  it('drives every table by default, in-process rooms, 10 s leases', () => {
    const config = loadHouseVendorConfig({});
    expect(config).toMatchObject({
      redisUrl: null,
      liveTables: null,
      liveLeaseMs: 10_000,
      liveTiming: {},
      liveSettleConcurrency: 32,
      liveSettleBatchSeats: 100,
    });
  });

  it('reads the tables to drive, timing overrides and Redis', () => {
    const config = loadHouseVendorConfig({
      HOUSE_VENDOR_LIVE_TABLES: 'live-baccarat,live-sicbo',
      HOUSE_VENDOR_LIVE_BETTING_SECONDS: '2.5',
      HOUSE_VENDOR_LIVE_CLOSED_SECONDS: '0.5',
      HOUSE_VENDOR_LIVE_RESULT_SECONDS: '1',
      HOUSE_VENDOR_LIVE_LEASE_SECONDS: '3',
      HOUSE_VENDOR_REDIS_URL: 'redis://127.0.0.1:6379',
      HOUSE_VENDOR_LIVE_SETTLE_CONCURRENCY: '8',
      HOUSE_VENDOR_LIVE_SETTLE_BATCH_SEATS: '25',
    });
    expect(config).toMatchObject({
      liveTables: ['live-baccarat', 'live-sicbo'],
      liveTiming: { bettingMs: 2_500, closedMs: 500, resultMs: 1_000 },
      liveLeaseMs: 3_000,
      redisUrl: 'redis://127.0.0.1:6379',
      liveSettleConcurrency: 8,
      liveSettleBatchSeats: 25,
    });
    expect(loadHouseVendorConfig({ HOUSE_VENDOR_LIVE_TABLES: 'none' }).liveTables).toEqual([]);
  });

  it('refuses unknown tables and absurd timings', () => {
    expect(() => loadHouseVendorConfig({ HOUSE_VENDOR_LIVE_TABLES: 'live-poker' })).toThrow(/unknown table/);
    expect(() => loadHouseVendorConfig({ HOUSE_VENDOR_LIVE_TABLES: 'LIVE BACCARAT' })).toThrow(
      HouseVendorConfigError,
    );
    expect(() => loadHouseVendorConfig({ HOUSE_VENDOR_LIVE_BETTING_SECONDS: '0' })).toThrow(
      HouseVendorConfigError,
    );
    expect(() => loadHouseVendorConfig({ HOUSE_VENDOR_LIVE_SETTLE_CONCURRENCY: '0' })).toThrow(
      HouseVendorConfigError,
    );
    // A batch holds two items per seat: 250 seats is the platform's 500-item limit.
    for (const seats of ['0', '251', 'many'])
      expect(() => loadHouseVendorConfig({ HOUSE_VENDOR_LIVE_SETTLE_BATCH_SEATS: seats })).toThrow(
        HouseVendorConfigError,
      );
    expect(() => loadHouseVendorConfig({ HOUSE_VENDOR_LIVE_LEASE_SECONDS: 'soon' })).toThrow(
      HouseVendorConfigError,
    );
  });
});
