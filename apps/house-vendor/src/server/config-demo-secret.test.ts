import { describe, expect, it } from 'vitest';
import { DEMO_BRAND_SECRET, HouseVendorConfigError, loadHouseVendorConfig } from './config.ts';

describe('the demo signing secret under production', () => {
  it('is refused under NODE_ENV=production unless SEED_DEMO_BRAND=1 says the demo is meant', () => {
    expect(() => loadHouseVendorConfig({ NODE_ENV: 'production' })).toThrow(HouseVendorConfigError);
    expect(() => loadHouseVendorConfig({ NODE_ENV: 'production' })).toThrow(/SEED_DEMO_BRAND=1/);
    expect(() =>
      loadHouseVendorConfig({
        NODE_ENV: 'production',
        HOUSE_VENDOR_BRANDS: `OWN:0123456789abcdef0123,DEMO:${DEMO_BRAND_SECRET}`,
      }),
    ).toThrow(/HOUSE_VENDOR_BRANDS/);
    expect(loadHouseVendorConfig({ NODE_ENV: 'production', SEED_DEMO_BRAND: '1' }).brands.get('DEMO')).toBe(
      DEMO_BRAND_SECRET,
    );
  });

  it('is accepted outside production, and a brand with its own secret is accepted in production', () => {
    expect(loadHouseVendorConfig({}).brands.get('DEMO')).toBe(DEMO_BRAND_SECRET);
    const own = loadHouseVendorConfig({
      NODE_ENV: 'production',
      HOUSE_VENDOR_BRANDS: 'OWN:0123456789abcdef0123',
    });
    expect([...own.brands.keys()]).toEqual(['OWN']);
  });
});
