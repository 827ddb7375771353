/**
 * The brand's calendar (issue 24): days, weeks and months of a brand start at midnight in the
 * brand's time zone (`brands.time_zone`, an IANA name), not in UTC. Missions' daily and weekly
 * periods, promotions' daily, weekly and monthly windows, the lottery's "today", the dashboard's
 * "today" and the back office's report days all take their bounds from here. Built on Intl only;
 * a day is 23 or 25 hours long across a daylight-saving change, and a zone whose clocks jump at
 * midnight starts that day at the first instant that exists.
 */

/** A window of the brand's calendar: `[from, to)` as instants, and its key (`2026-12-01`, `W2026-11-30`, `2026-12`). */
export type CalendarWindow = { key: string; from: Date; to: Date };

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The wall clock of `at` in `timeZone`. */
function wallClock(at: Date, timeZone: string): Wall {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(at)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The zone's offset from UTC at `instantMs`, in milliseconds (+08:00 is 28,800,000). */
function offsetAt(instantMs: number, timeZone: string): number {
  const w = wallClock(new Date(instantMs), timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dateText = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** `YYYY-MM-DD` plus `days` (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d) + days * DAY_MS);
  return dateText(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** The brand's date (`YYYY-MM-DD`) at `at`. */
export function localDate(at: Date, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return dateText(w.year, w.month, w.day);
}

/** The first instant of the brand's day `date` (`YYYY-MM-DD`). */
export function dayStart(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(y, m - 1, d);
  // The offsets on either side of the day: across a change they differ, and one of them holds at midnight.
  const candidates = [
    ...new Set([offsetAt(midnight - DAY_MS, timeZone), offsetAt(midnight + DAY_MS, timeZone)]),
  ]
    .map((offset) => midnight - offset)
    .filter((t) => localDate(new Date(t), timeZone) === date)
    .sort((a, b) => a - b);
  const exact = candidates.find((t) => {
    const w = wallClock(new Date(t), timeZone);
    return w.hour === 0 && w.minute === 0 && w.second === 0;
  });
  if (exact !== undefined) return new Date(exact);
  // Midnight does not exist (the clocks jumped from 23:59:59 to 01:00): the day starts at the jump,
  // the first instant after the previous day's end.
  const previous = candidates[0] ?? midnight;
  let lo = previous - DAY_MS;
  let hi = previous;
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDate(new Date(mid), timeZone) === date) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

/**
 * The instant the brand's clocks show `date` (`YYYY-MM-DD`) at `time` (`HH:mm:ss`). A wall time
 * that happens twice (clocks set back) is its first occurrence; one that never happens (clocks set
 * forward) is read with the offset from before the change, i.e. as that much later.
 */
export function wallTimeInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh = 0, mm = 0, ss = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm, ss);
  const before = wall - offsetAt(wall - DAY_MS, timeZone);
  const after = wall - offsetAt(wall + DAY_MS, timeZone);
  const shows = (t: number) => {
    const w = wallClock(new Date(t), timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) === wall;
  };
  const exact = [before, after].filter(shows).sort((a, b) => a - b)[0];
  return new Date(exact ?? before);
}

/** The brand's day holding `at`. */
export function dayWindow(at: Date, timeZone: string): CalendarWindow {
  const date = localDate(at, timeZone);
  return { key: date, from: dayStart(date, timeZone), to: dayStart(addDays(date, 1), timeZone) };
}

/** The brand's week (Monday to Monday) holding `at`; key `W` + its Monday. */
export function weekWindow(at: Date, timeZone: string): CalendarWindow {
  const date = localDate(at, timeZone);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const sinceMonday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  const monday = addDays(date, -sinceMonday);
  return { key: `W${monday}`, from: dayStart(monday, timeZone), to: dayStart(addDays(monday, 7), timeZone) };
}

/** The brand's calendar month holding `at`; key `YYYY-MM`. */
export function monthWindow(at: Date, timeZone: string): CalendarWindow {
  const date = localDate(at, timeZone);
  const [y, m] = date.split('-').map(Number) as [number, number];
  const first = dateText(y, m, 1);
  const next = m === 12 ? dateText(y + 1, 1, 1) : dateText(y, m + 1, 1);
  return { key: first.slice(0, 7), from: dayStart(first, timeZone), to: dayStart(next, timeZone) };
}

/**
 * The instants of the brand's days `from` to `to` inclusive (`YYYY-MM-DD` each, as an operator
 * picks them in a report): `[start of from, start of the day after to)`.
 */
export function dayRange(from: string, to: string, timeZone: string): { from: Date; to: Date } {
  return { from: dayStart(from, timeZone), to: dayStart(addDays(to, 1), timeZone) };
}
