import { describe, expect, it } from 'vitest';
import { slotsAfter, timingProblem } from './schedule.ts';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe('numero schedule', () => {
  it('numbers a 1-minute game by the slot of its local day, opening at the previous draw', () => {
    const timing = {
      schedule: { kind: 'interval' as const, seconds: 60 },
      utcOffsetMinutes: 480,
      closeOffsetSeconds: 5,
    };
    const [first, second] = slotsAfter(timing, at('2026-11-24T02:30:20Z'), 2);
    // 10:31 in UTC+8 is the 631st minute of the local day
    expect(first).toEqual({
      numero: '20261124-0631',
      openAt: at('2026-11-24T02:30:00Z'),
      closeAt: at('2026-11-24T02:30:55Z'),
      drawAt: at('2026-11-24T02:31:00Z'),
    });
    expect(second?.numero).toBe('20261124-0632');
    expect(iso(second?.openAt as Date)).toBe('2026-11-24T02:31:00.000Z');
  });

  it('gives the draw at local midnight to the day before, as its last slot', () => {
    const timing = {
      schedule: { kind: 'interval' as const, seconds: 300 },
      utcOffsetMinutes: 420,
      closeOffsetSeconds: 30,
    };
    const slots = slotsAfter(timing, at('2026-11-24T16:56:00Z'), 3); // 23:56 in UTC+7
    expect(slots.map((s) => s.numero)).toEqual(['20261124-0288', '20261125-0001', '20261125-0002']);
    expect(iso(slots[0]?.drawAt as Date)).toBe('2026-11-24T17:00:00.000Z');
  });

  it('draws daily games at local times on their weekdays (4D on Wednesday, Saturday, Sunday)', () => {
    const timing = {
      schedule: { kind: 'daily' as const, times: ['19:00'], weekdays: [0, 3, 6] },
      utcOffsetMinutes: 480,
      closeOffsetSeconds: 900,
    };
    // Tuesday 24 Nov 2026, noon in UTC+8
    const slots = slotsAfter(timing, at('2026-11-24T04:00:00Z'), 3);
    expect(slots.map((s) => s.numero)).toEqual(['20261125', '20261128', '20261129']);
    expect(slots[0]).toEqual({
      numero: '20261125',
      openAt: at('2026-11-22T11:00:00Z'), // the Sunday draw before
      closeAt: at('2026-11-25T10:45:00Z'),
      drawAt: at('2026-11-25T11:00:00Z'),
    });
  });

  it('labels several draws a day by their place', () => {
    const timing = {
      schedule: { kind: 'daily' as const, times: ['18:15', '16:15'], weekdays: [0, 1, 2, 3, 4, 5, 6] },
      utcOffsetMinutes: 420,
      closeOffsetSeconds: 600,
    };
    const slots = slotsAfter(timing, at('2026-11-24T09:00:00Z'), 3); // 16:00 local
    expect(slots.map((s) => s.numero)).toEqual(['20261124-1', '20261124-2', '20261125-1']);
  });

  it('refuses timings that cannot make numeros', () => {
    expect(
      timingProblem({
        schedule: { kind: 'interval', seconds: 70 },
        utcOffsetMinutes: 0,
        closeOffsetSeconds: 0,
      }),
    ).not.toBeNull();
    expect(
      timingProblem({
        schedule: { kind: 'interval', seconds: 60 },
        utcOffsetMinutes: 0,
        closeOffsetSeconds: 60,
      }),
    ).not.toBeNull();
    expect(
      timingProblem({
        schedule: { kind: 'daily', times: ['10:00', '10:05'], weekdays: [1] },
        utcOffsetMinutes: 0,
        closeOffsetSeconds: 600,
      }),
    ).not.toBeNull();
    expect(
      timingProblem({
        schedule: { kind: 'interval', seconds: 180 },
        utcOffsetMinutes: 0,
        closeOffsetSeconds: 10,
      }),
    ).toBeNull();
  });
});
