import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { createVendorMigrator, LEGACY_VENDOR_MIGRATIONS, VENDOR_MIGRATIONS } from './migrator.ts';
import type { VendorDatabase } from './schema.ts';

/** The vendor's migration names, checked when its migrator is made (before it touches a database). */
const noop: Migration = { up: async () => {} };
const db = {} as Kysely<VendorDatabase>;

describe("the house vendor's migration names", () => {
  it('are the frozen numbered list, then names by UTC timestamp', () => {
    const numbered = Object.keys(VENDOR_MIGRATIONS).filter((name) => /^\d{4}_/.test(name));
    expect(new Set(numbered)).toEqual(LEGACY_VENDOR_MIGRATIONS);
    expect(() => createVendorMigrator(db)).not.toThrow();
    expect(() =>
      createVendorMigrator(db, { ...VENDOR_MIGRATIONS, '20261128T154500_fish_rooms': noop }),
    ).not.toThrow();
  });

  it('refuse a new numbered name and a name of neither form', () => {
    expect(() => createVendorMigrator(db, { ...VENDOR_MIGRATIONS, '0009_fish_rooms': noop })).toThrow(
      /Migration 0009_fish_rooms \(house vendor\) is numbered, and the numbered names are frozen/,
    );
    expect(() => createVendorMigrator(db, { fish_rooms: noop })).toThrow(/is not NNNN_name/);
  });
});
