/** A mission period: its key in mission_progress and its bounds (UTC until brands carry a time zone). */
export type PeriodWindow = { key: string; from: Date; to: Date | null };

const DAY_MS = 86_400_000;

function utcMidnight(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** The UTC day of `at`. */
export function dayWindow(at: Date): PeriodWindow & { to: Date } {
  const from = utcMidnight(at);
  return { key: from.toISOString().slice(0, 10), from, to: new Date(from.getTime() + DAY_MS) };
}

/** The ISO week (Monday 00:00 UTC to the next Monday) of `at`; key `W` + its Monday. */
export function weekWindow(at: Date): PeriodWindow & { to: Date } {
  const day = utcMidnight(at);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  const from = new Date(day.getTime() - sinceMonday * DAY_MS);
  return { key: `W${from.toISOString().slice(0, 10)}`, from, to: new Date(from.getTime() + 7 * DAY_MS) };
}

/** The window of a mission's period that holds `at` (a one-off mission's runs from its start). */
export function periodWindow(period: 'daily' | 'weekly' | 'once', startsAt: Date, at: Date): PeriodWindow {
  if (period === 'daily') return dayWindow(at);
  if (period === 'weekly') return weekWindow(at);
  return { key: 'once', from: startsAt, to: null };
}
