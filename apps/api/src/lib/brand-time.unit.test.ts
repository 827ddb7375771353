import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayRange,
  dayStart,
  dayWindow,
  isTimeZone,
  localDate,
  monthWindow,
  wallTimeInstant,
  weekWindow,
} from './brand-time.ts';

const iso = (d: Date) => d.toISOString();
const hours = (w: { from: Date; to: Date }) => (w.to.getTime() - w.from.getTime()) / 3_600_000;

describe('the brand calendar, Asia/Kuala_Lumpur (UTC+8, no daylight saving)', () => {
  const KL = 'Asia/Kuala_Lumpur';

  it('a day starts at 16:00 UTC of the day before; 23:59 UTC is already the next local day', () => {
    expect(localDate(new Date('2026-12-01T15:59:59Z'), KL)).toBe('2026-12-01');
    expect(localDate(new Date('2026-12-01T16:00:00Z'), KL)).toBe('2026-12-02');
    const day = dayWindow(new Date('2026-12-01T23:59:00Z'), KL);
    expect(day).toEqual({
      key: '2026-12-02',
      from: new Date('2026-12-01T16:00:00Z'),
      to: new Date('2026-12-02T16:00:00Z'),
    });
  });

  it('weeks run Monday 00:00 local to Monday; months across a year end', () => {
    // Sunday 2026-12-06 20:00 local is still the week of Monday 2026-11-30.
    expect(weekWindow(new Date('2026-12-06T12:00:00Z'), KL)).toEqual({
      key: 'W2026-11-30',
      from: new Date('2026-11-29T16:00:00Z'),
      to: new Date('2026-12-06T16:00:00Z'),
    });
    // Sunday 16:00 UTC is Monday 00:00 local: the next week.
    expect(weekWindow(new Date('2026-12-06T16:00:00Z'), KL).key).toBe('W2026-12-07');
    expect(monthWindow(new Date('2026-12-31T16:30:00Z'), KL)).toEqual({
      key: '2027-01',
      from: new Date('2026-12-31T16:00:00Z'),
      to: new Date('2027-01-31T16:00:00Z'),
    });
    expect(dayRange('2026-12-01', '2026-12-01', KL)).toEqual({
      from: new Date('2026-11-30T16:00:00Z'),
      to: new Date('2026-12-01T16:00:00Z'),
    });
  });
});

describe('the brand calendar across a daylight-saving change, Europe/London', () => {
  const LDN = 'Europe/London';

  it('the spring-forward day is 23 hours, the fall-back day 25, and midnight is right on each side', () => {
    // 2026-03-29: 01:00 GMT becomes 02:00 BST.
    const spring = dayWindow(new Date('2026-03-29T12:00:00Z'), LDN);
    expect([iso(spring.from), iso(spring.to), hours(spring)]).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T23:00:00.000Z',
      23,
    ]);
    // 2026-10-25: 02:00 BST becomes 01:00 GMT.
    const autumn = dayWindow(new Date('2026-10-25T12:00:00Z'), LDN);
    expect([iso(autumn.from), iso(autumn.to), hours(autumn)]).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-26T00:00:00.000Z',
      25,
    ]);
    // 23:30 UTC on 2026-07-01 is 00:30 BST on the 2nd.
    expect(localDate(new Date('2026-07-01T23:30:00Z'), LDN)).toBe('2026-07-02');
  });

  it('the week holding the change is 167 hours; consecutive windows meet with no gap or overlap', () => {
    const week = weekWindow(new Date('2026-03-29T12:00:00Z'), LDN);
    expect(week.key).toBe('W2026-03-23');
    expect(hours(week)).toBe(167);
    let at = new Date('2026-03-20T00:00:00Z');
    for (let i = 0; i < 20; i++) {
      const day = dayWindow(at, LDN);
      const next = dayWindow(day.to, LDN);
      expect(next.from).toEqual(day.to);
      expect(next.key).toBe(addDays(day.key, 1));
      at = next.from;
    }
  });
});

describe('wall times of the brand', () => {
  it('reads a date and time on the brand clock, across London changes too', () => {
    expect(iso(wallTimeInstant('2026-12-01', '08:30:00', 'Asia/Kuala_Lumpur'))).toBe(
      '2026-12-01T00:30:00.000Z',
    );
    expect(iso(wallTimeInstant('2026-07-01', '12:00:00', 'Europe/London'))).toBe('2026-07-01T11:00:00.000Z');
    // 01:30 happens twice on 2026-10-25: the first (BST) one.
    expect(iso(wallTimeInstant('2026-10-25', '01:30:00', 'Europe/London'))).toBe('2026-10-25T00:30:00.000Z');
    // 01:30 never happens on 2026-03-29: read with GMT, an instant that shows 02:30 BST.
    expect(iso(wallTimeInstant('2026-03-29', '01:30:00', 'Europe/London'))).toBe('2026-03-29T01:30:00.000Z');
  });
});

describe('edge cases', () => {
  it('a zone whose clocks jump at midnight starts that day at the jump (America/Santiago, 2026-09-06)', () => {
    const start = dayStart('2026-09-06', 'America/Santiago');
    // 00:00 does not exist there that night: the day starts at 01:00 local (-03:00).
    expect(start.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(localDate(start, 'America/Santiago')).toBe('2026-09-06');
    expect(localDate(new Date(start.getTime() - 1000), 'America/Santiago')).toBe('2026-09-05');
  });

  it('knows an IANA name from a forged one', () => {
    expect(isTimeZone('Asia/Kuala_Lumpur')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('UTC\u0000')).toBe(false);
  });
});
