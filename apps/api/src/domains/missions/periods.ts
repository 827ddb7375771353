import { dayWindow as brandDay, weekWindow as brandWeek } from '../../lib/brand-time.ts';

/** A mission period: its key in mission_progress and its bounds, in the brand's time zone. */
export type PeriodWindow = { key: string; from: Date; to: Date | null };

/** The brand's day holding `at` (midnight to midnight in `timeZone`); key `YYYY-MM-DD`. */
export function dayWindow(at: Date, timeZone: string): PeriodWindow & { to: Date } {
  return brandDay(at, timeZone);
}

/** The brand's week (Monday 00:00 to the next Monday, in `timeZone`) holding `at`; key `W` + its Monday. */
export function weekWindow(at: Date, timeZone: string): PeriodWindow & { to: Date } {
  return brandWeek(at, timeZone);
}

/** The window of a mission's period that holds `at` (a one-off mission's runs from its start). */
export function periodWindow(
  period: 'daily' | 'weekly' | 'once',
  startsAt: Date,
  at: Date,
  timeZone: string,
): PeriodWindow {
  if (period === 'daily') return dayWindow(at, timeZone);
  if (period === 'weekly') return weekWindow(at, timeZone);
  return { key: 'once', from: startsAt, to: null };
}
