/** Local dates of the records' filters (the browser's time zone, like <input type="date">). */

const DAY_MS = 86_400_000;

/** yyyy-MM-dd of a local date. */
export function localDateValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight starting a yyyy-MM-dd day, `plusDays` later; null for an invalid value. */
export function localMidnight(value: string, plusDays = 0): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + plusDays);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** yyyy-MM-dd hh:mm:ss (spec §9 date format) in local time. */
export function formatDateTime(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${localDateValue(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A custom `[start, end]` of local days, or null when it is backwards or longer than `maxDays`. */
export function customRange(
  start: string,
  end: string,
  maxDays: number,
): { from: string; to: string } | null {
  const from = localMidnight(start);
  const to = localMidnight(end, 1);
  if (!from || !to || from >= to || to.getTime() - from.getTime() > maxDays * DAY_MS) return null;
  return { from: from.toISOString(), to: to.toISOString() };
}
