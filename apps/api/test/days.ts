/**
 * Days in tests. CI runs at any hour, so a test never takes "today" from the clock when it looks for
 * data it made: it takes the day from the data's own timestamp, asks for a range that holds every day
 * the test ran on, or pins the clock where the code under test reads it.
 */

import { localDate } from '../src/lib/brand-time.ts';

const DAY_MS = 86_400_000;

/** The demo brand's time zone (the column's default): its days, weeks and reports start at its midnight. */
export const DEMO_TIME_ZONE = 'Asia/Kuala_Lumpur';

/** The brand's day (`YYYY-MM-DD`) of a time, now by default (the demo brand's zone by default). */
export function brandDay(at: Date | number | string = Date.now(), timeZone = DEMO_TIME_ZONE): string {
  return localDate(new Date(at), timeZone);
}

/** The UTC day (`YYYY-MM-DD`) of a time, now by default. */
export function utcDay(at: Date | number | string = Date.now()): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The day `n` days after `day` (before it when `n` is negative). */
export function addDays(day: string, n: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
}

/** The day of a time in a zone `offsetMinutes` east of UTC. */
export function localDay(at: Date | number | string, offsetMinutes: number): string {
  return utcDay(new Date(at).getTime() + offsetMinutes * 60_000);
}

/**
 * A test of a day's figures that the server reads from its own clock (the database's `now()`, a
 * daily limit, a daily mission), where no time can be passed in: run as usual, and when a run fails
 * while a midnight passed during it (UTC's, or the demo brand's, whose days missions, promotions and
 * the dashboard count: its data and its checks fell on two days), run it once more, then minutes
 * from any midnight. A run that fails within one day fails the test as always.
 * The body must be repeatable: fresh members and data of its own on each run.
 */
export function oneUtcDay(body: () => Promise<void>): () => Promise<void> {
  return async () => {
    const day = `${utcDay()} ${brandDay()}`;
    try {
      await body();
    } catch (error) {
      if (`${utcDay()} ${brandDay()}` === day) throw error;
      await body();
    }
  };
}
