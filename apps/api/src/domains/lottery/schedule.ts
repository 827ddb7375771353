/**
 * Numero (draw period) times and labels of a game's schedule, pure and in UTC with the game's fixed
 * UTC offset (Vietnam +7, Malaysia +8: neither has daylight saving).
 *
 * - `interval` games draw every `seconds` (a divisor of a day), aligned to the game's local
 *   midnight: a 1-minute game draws at 00:01, 00:02, ... 24:00 local. The numero is
 *   `YYYYMMDD-NNNN`, NNNN the slot of the local day (0001..1440 for one minute; the draw at
 *   midnight is the last slot of the day before).
 * - `daily` games draw at local `times` on `weekdays` (0 = Sunday): `YYYYMMDD`, or `YYYYMMDD-k`
 *   (k = 1.., the time's place) when there are several times a day.
 *
 * A numero opens when the one before it draws and closes `closeOffsetSeconds` before its own draw.
 */
import type { ScheduleRow } from './lottery.tables.ts';

export type Slot = { numero: string; openAt: Date; closeAt: Date; drawAt: Date };

export type GameTiming = {
  schedule: ScheduleRow;
  utcOffsetMinutes: number;
  closeOffsetSeconds: number;
};

const DAY = 86_400;

function localDate(utcSeconds: number, offsetMinutes: number): string {
  const local = new Date((utcSeconds + offsetMinutes * 60) * 1000);
  return local.toISOString().slice(0, 10).replaceAll('-', '');
}

/** Why a timing cannot make numeros (null when it can): the back office refuses it. */
export function timingProblem(timing: GameTiming): string | null {
  const { schedule, closeOffsetSeconds } = timing;
  if (schedule.kind === 'interval') {
    if (!Number.isInteger(schedule.seconds) || schedule.seconds < 30 || DAY % schedule.seconds !== 0)
      return 'the interval must divide a day into whole draws of at least 30 s';
    if (closeOffsetSeconds >= schedule.seconds) return 'the close offset must be shorter than the interval';
    return null;
  }
  if (schedule.times.length === 0 || schedule.weekdays.length === 0) return 'times and weekdays are required';
  if (new Set(schedule.times).size !== schedule.times.length) return 'a draw time is listed twice';
  if (new Set(schedule.weekdays).size !== schedule.weekdays.length) return 'a weekday is listed twice';
  const minutes = schedule.times
    .map((t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5)))
    .sort((a, b) => a - b);
  let gap = DAY;
  for (let i = 0; i < minutes.length; i++) {
    const next = i + 1 < minutes.length ? (minutes[i + 1] as number) : (minutes[0] as number) + 1440;
    gap = Math.min(gap, (next - (minutes[i] as number)) * 60);
  }
  if (closeOffsetSeconds >= gap) return 'the close offset must be shorter than the gap between draws';
  return null;
}

/** Draw times (UTC seconds) after `fromSeconds`, in order, `count` of them (plus the one before). */
function drawSeconds(
  timing: GameTiming,
  fromSeconds: number,
  count: number,
): { before: number; after: number[] } {
  const { schedule, utcOffsetMinutes } = timing;
  const offset = utcOffsetMinutes * 60;
  if (schedule.kind === 'interval') {
    const step = schedule.seconds;
    const first = (Math.floor((fromSeconds + offset) / step) + 1) * step - offset;
    return { before: first - step, after: Array.from({ length: count }, (_, i) => first + i * step) };
  }
  const times = schedule.times
    .map((t) => Number(t.slice(0, 2)) * 3600 + Number(t.slice(3, 5)) * 60)
    .sort((a, b) => a - b);
  const weekdays = new Set(schedule.weekdays);
  const out: number[] = [];
  let before = Number.NEGATIVE_INFINITY;
  // Local midnight of the day before `from`, then forward day by day.
  let day = Math.floor((fromSeconds + offset) / DAY) * DAY - offset - DAY * 8;
  for (let guard = 0; out.length < count && guard < 800; guard++, day += DAY) {
    const weekday = new Date((day + offset) * 1000).getUTCDay();
    if (!weekdays.has(weekday)) continue;
    for (const time of times) {
      const at = day + time;
      if (at <= fromSeconds) before = at;
      else if (out.length < count) out.push(at);
    }
  }
  if (!Number.isFinite(before)) before = (out[0] ?? fromSeconds) - DAY * 7;
  return { before, after: out };
}

function label(timing: GameTiming, drawSecond: number): string {
  const { schedule, utcOffsetMinutes } = timing;
  const offset = utcOffsetMinutes * 60;
  if (schedule.kind === 'interval') {
    const local = drawSecond + offset;
    let secondOfDay = ((local % DAY) + DAY) % DAY;
    let dayOf = drawSecond;
    if (secondOfDay === 0) {
      secondOfDay = DAY;
      dayOf = drawSecond - 1;
    }
    const slots = DAY / schedule.seconds;
    const width = Math.max(4, String(slots).length);
    return `${localDate(dayOf, utcOffsetMinutes)}-${String(secondOfDay / schedule.seconds).padStart(width, '0')}`;
  }
  const date = localDate(drawSecond, utcOffsetMinutes);
  if (schedule.times.length === 1) return date;
  const local = (((drawSecond + offset) % DAY) + DAY) % DAY;
  const sorted = schedule.times
    .map((t) => Number(t.slice(0, 2)) * 3600 + Number(t.slice(3, 5)) * 60)
    .sort((a, b) => a - b);
  return `${date}-${sorted.indexOf(local) + 1}`;
}

/** The next `count` numeros whose draw is after `from`. */
export function slotsAfter(timing: GameTiming, from: Date, count: number): Slot[] {
  const fromSeconds = Math.floor(from.getTime() / 1000);
  const { before, after } = drawSeconds(timing, fromSeconds, count);
  const slots: Slot[] = [];
  let previous = before;
  for (const draw of after) {
    slots.push({
      numero: label(timing, draw),
      openAt: new Date(previous * 1000),
      closeAt: new Date((draw - timing.closeOffsetSeconds) * 1000),
      drawAt: new Date(draw * 1000),
    });
    previous = draw;
  }
  return slots;
}
