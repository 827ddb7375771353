import { describe, expect, it } from 'vitest';
import { periodKey } from './promotions.service.ts';

/** A promotion's frequency windows follow the brand's calendar (brands.time_zone), not UTC. */
describe('promotion period keys in the brand calendar', () => {
  it("a daily reload renews at Kuala Lumpur's midnight (16:00 UTC), weeks from its Monday, months at its first", () => {
    const KL = 'Asia/Kuala_Lumpur';
    expect(periodKey('daily', new Date('2026-12-01T15:59:59Z'), KL)).toBe('2026-12-01');
    expect(periodKey('daily', new Date('2026-12-01T16:00:00Z'), KL)).toBe('2026-12-02');
    // Sunday 2026-12-06 23:59 local, then Monday 00:00 local.
    expect(periodKey('weekly', new Date('2026-12-06T15:59:59Z'), KL)).toBe('w2026-11-30');
    expect(periodKey('weekly', new Date('2026-12-06T16:00:00Z'), KL)).toBe('w2026-12-07');
    expect(periodKey('monthly', new Date('2026-12-31T16:00:00Z'), KL)).toBe('2027-01');
    expect(periodKey('once', new Date('2026-12-31T16:00:00Z'), KL)).toBe('once');
  });

  it('in London the day turns at 23:00 UTC in summer and at 00:00 UTC in winter', () => {
    expect(periodKey('daily', new Date('2026-07-01T23:00:00Z'), 'Europe/London')).toBe('2026-07-02');
    expect(periodKey('daily', new Date('2026-12-01T23:00:00Z'), 'Europe/London')).toBe('2026-12-01');
    expect(periodKey('daily', new Date('2026-12-01T23:00:00Z'), 'UTC')).toBe('2026-12-01');
  });

  it('a semi-monthly period is the 1st to the 15th, then the 16th to the month end, in the brand calendar', () => {
    const KL = 'Asia/Kuala_Lumpur';
    // 15 December 23:59 local, then 16 December 00:00 local (16:00 UTC the day before).
    expect(periodKey('semimonthly', new Date('2026-12-15T15:59:59Z'), KL)).toBe('2026-12-h1');
    expect(periodKey('semimonthly', new Date('2026-12-15T16:00:00Z'), KL)).toBe('2026-12-h2');
    // 31 December 16:00 UTC is already 1 January in Kuala Lumpur.
    expect(periodKey('semimonthly', new Date('2026-12-31T16:00:00Z'), KL)).toBe('2027-01-h1');
    expect(periodKey('semimonthly', new Date('2026-12-31T16:00:00Z'), 'UTC')).toBe('2026-12-h2');
  });
});
