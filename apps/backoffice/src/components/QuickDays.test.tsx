import { describe, expect, it } from 'vitest';
import { quickDaysRange } from './QuickDays.tsx';
import { lastDays } from './ReportFilter.tsx';

describe('quick date picks (spec §9: next and past 7 and 30 days)', () => {
  const now = Date.UTC(2026, 0, 31, 12, 0, 0);

  it('gives the next 7 and 30 days from now, and the past ones up to now', () => {
    expect(quickDaysRange('next', 7, now)).toEqual({
      from: new Date(now),
      to: new Date(Date.UTC(2026, 1, 7, 12, 0, 0)),
    });
    expect(quickDaysRange('next', 30, now).to.toISOString()).toBe('2026-03-02T12:00:00.000Z');
    expect(quickDaysRange('past', 30, now)).toEqual({
      from: new Date(Date.UTC(2026, 0, 1, 12, 0, 0)),
      to: new Date(now),
    });
  });

  it("fills a report's days: the past 7 days end today", () => {
    expect(lastDays(7, now)).toEqual({ from: '2026-01-25', to: '2026-01-31' });
    expect(lastDays(30, now)).toEqual({ from: '2026-01-02', to: '2026-01-31' });
  });
});
