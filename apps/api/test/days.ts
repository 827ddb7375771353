/**
 * Days in tests. CI runs at any hour, so a test never takes "today" from the clock when it looks for
 * data it made: it takes the day from the data's own timestamp, asks for a range that holds every day
 * the test ran on, or pins the clock where the code under test reads it.
 */

const DAY_MS = 86_400_000;

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
 * while UTC midnight passed during it (its data and its checks fell on two days), run it once more,
 * then minutes from any midnight. A run that fails within one day fails the test as always.
 * The body must be repeatable: fresh members and data of its own on each run.
 */
export function oneUtcDay(body: () => Promise<void>): () => Promise<void> {
  return async () => {
    const day = utcDay();
    try {
      await body();
    } catch (error) {
      if (utcDay() === day) throw error;
      await body();
    }
  };
}
