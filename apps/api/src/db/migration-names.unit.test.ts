import type { Migration } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { allMigrations, LEGACY_MIGRATIONS } from './migrator.ts';

/**
 * The platform's migration names at boot (allMigrations throws before the migrator runs): the frozen
 * legacy `NNNN_name` list, then names by UTC timestamp that two modules written in parallel cannot
 * collide on.
 */
const noop: Migration = { up: async () => {} };

describe('the migration names', () => {
  it('of the platform are the frozen legacy list (nothing numbered added after 0048) or timestamped', () => {
    const names = Object.keys(allMigrations());
    const numbered = names.filter((name) => /^\d{4}_/.test(name));
    expect(new Set(numbered)).toEqual(LEGACY_MIGRATIONS);
    expect(LEGACY_MIGRATIONS.size).toBe(30);
    expect([...LEGACY_MIGRATIONS].sort().at(-1)).toBe('0048_game_stakes');
    expect(
      names.filter((name) => !/^\d{4}_/.test(name)).every((name) => /^\d{8}T\d{6}_[a-z0-9_]+$/.test(name)),
    ).toBe(true);
  });

  it('take two modules’ migrations written at the same second, and run them after the legacy ones', () => {
    const all = allMigrations([
      { name: 'lottery', migrations: { '20261128T154500_lottery_notes': noop } },
      {
        name: 'missions',
        migrations: { '20261128T154500_mission_notes': noop, '20261201T090000_mission_tags': noop },
      },
    ]);
    const names = Object.keys(all).sort((a, b) => a.localeCompare(b));
    const planted = [
      '20261128T154500_lottery_notes',
      '20261128T154500_mission_notes',
      '20261201T090000_mission_tags',
    ];
    expect(names.filter((name) => planted.includes(name))).toEqual(planted);
    const lastLegacy = Math.max(...[...LEGACY_MIGRATIONS].map((name) => names.indexOf(name)));
    expect(planted.every((name) => names.indexOf(name) > lastLegacy)).toBe(true);
  });

  it('refuse a new numbered name, a timestamp that is no UTC time, and one name in two modules', () => {
    expect(() => allMigrations([{ name: 'lottery', migrations: { '0049_lottery_notes': noop } }])).toThrow(
      /Migration 0049_lottery_notes \(lottery\) is numbered, and the numbered names are frozen/,
    );
    expect(() =>
      allMigrations([{ name: 'lottery', migrations: { '20261128T254500_lottery_notes': noop } }]),
    ).toThrow(/no real UTC time/);
    expect(() =>
      allMigrations([{ name: 'lottery', migrations: { '2026-11-28_lottery_notes': noop } }]),
    ).toThrow(/not NNNN_name/);
    expect(() =>
      allMigrations([
        { name: 'lottery', migrations: { '20261128T154500_notes': noop } },
        { name: 'missions', migrations: { '20261128T154500_notes': noop } },
      ]),
    ).toThrow(/declared by lottery and missions/);
  });
});
