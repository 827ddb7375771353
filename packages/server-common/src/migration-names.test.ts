import { describe, expect, it } from 'vitest';
import { assertMigrationNames, migrationNameProblem, nowStamp } from './migration-names.ts';

const LEGACY = new Set(['0001_foundation', '0048_game_stakes']);

describe('migration names', () => {
  it('accepts a frozen legacy name and a real UTC timestamp from the freeze on', () => {
    expect(migrationNameProblem('0001_foundation', LEGACY)).toBeNull();
    expect(migrationNameProblem('20261128T154500_member_notes', LEGACY)).toBeNull();
    expect(migrationNameProblem('20270229T000000_x', LEGACY)).toMatch(/no real UTC time/);
    expect(migrationNameProblem('20280229T235959_leap_day', LEGACY)).toBeNull();
  });

  it('refuses a numbered name outside the frozen list, and says how to name it instead', () => {
    expect(migrationNameProblem('0049_member_notes', LEGACY)).toMatch(
      /numbered names are frozen .*YYYYMMDDTHHMMSS_name \(e\.g\. \d{8}T\d{6}_member_notes\)/,
    );
  });

  it('refuses a name of neither form, a time that does not exist, one before the freeze', () => {
    for (const name of [
      'lottery',
      '2026-11-28_x',
      '20261128154500_x',
      '20261128T154500_Upper',
      '20261128T154500',
    ])
      expect(migrationNameProblem(name, LEGACY), name).toMatch(/is not NNNN_name/);
    for (const name of ['20261131T000000_x', '20261128T240000_x', '20261128T156000_x', '20261328T000000_x'])
      expect(migrationNameProblem(name, LEGACY), name).toMatch(/no real UTC time/);
    expect(migrationNameProblem('20261127T235959_x', LEGACY)).toMatch(/before 20261128T000000/);
  });

  it('sorts every timestamped name after every legacy one', () => {
    const names = ['20261128T154500_b', '0048_game_stakes', '20261128T000000_a', '0001_foundation'];
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual([
      '0001_foundation',
      '0048_game_stakes',
      '20261128T000000_a',
      '20261128T154500_b',
    ]);
  });

  it('throws the first bad name with its owner', () => {
    expect(() =>
      assertMigrationNames(
        [
          { name: '0001_foundation', owner: 'kernel' },
          { name: '0049_x', owner: 'lottery' },
        ],
        LEGACY,
      ),
    ).toThrow(/Migration 0049_x \(lottery\) is numbered/);
    expect(nowStamp(new Date('2026-11-28T15:45:00.123Z'))).toBe('20261128T154500');
  });
});
