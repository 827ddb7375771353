import { describe, expect, it } from 'vitest';
import { isRefusal } from './balls.ts';
import { SlipError } from './errors.ts';
import { payoutOf } from './payout.ts';
import { playTypeById } from './registry.ts';
import { parseCart } from './slip.ts';
import type { Draw, PlayType, PrizeMode, PrizeNumber } from './types.ts';
import { VN_NORTH_PRIZES, VN_SOUTH_PRIZES } from './vn.ts';

function prizes(rows: [string, string[]][]): PrizeNumber[] {
  return rows.flatMap(([tier, numbers]) => numbers.map((number) => ({ tier, number })));
}

/** A northern draw where 68 ends five prizes (special, a 2nd, a 5th, the 6th 168 and a 7th). */
const NORTH: Draw = {
  kind: 'vn',
  region: 'north',
  prizes: prizes([
    ['special', ['12368']],
    ['first', ['45067']],
    ['second', ['11111', '22268']],
    ['third', ['33333', '44444', '55555', '66666', '77777', '88899']],
    ['fourth', ['1234', '5678', '9012', '3456']],
    ['fifth', ['7890', '1357', '2468', '3579', '4680', '5791']],
    ['sixth', ['168', '246', '802']],
    ['seventh', ['68', '13', '57', '99']],
  ]),
};

/** A southern draw where 56 ends six prizes (special, a 4th, the 5th, a 6th, the 7th and the 8th). */
const SOUTH: Draw = {
  kind: 'vn',
  region: 'south',
  prizes: prizes([
    ['special', ['123456']],
    ['first', ['11122']],
    ['second', ['33344']],
    ['third', ['55566', '77788']],
    ['fourth', ['10056', '20001', '30002', '40003', '50004', '60005', '70006']],
    ['fifth', ['8056']],
    ['sixth', ['1111', '2222', '3356']],
    ['seventh', ['456']],
    ['eighth', ['56']],
  ]),
};

function play(code: string): PlayType {
  for (let id = 300; id < 500; id++) {
    const playType = playTypeById(id);
    if (playType?.code === code) return playType;
  }
  throw new Error(`no play ${code}`);
}

function pays(code: string, balls: string, draw: Draw, mode: PrizeMode = 'LOTT'): bigint {
  const playType = play(code);
  const selection = playType.parse(balls);
  if (isRefusal(selection)) throw new Error(selection.reason);
  return payoutOf(playType, selection, draw, mode, 200n);
}

describe('VN prize tables', () => {
  it('northern has 27 prizes, southern 18, special first', () => {
    expect(VN_NORTH_PRIZES).toHaveLength(27);
    expect(VN_SOUTH_PRIZES).toHaveLength(18);
    expect(VN_NORTH_PRIZES[0]).toEqual({ tier: 'special', width: 5 });
    expect(VN_SOUTH_PRIZES[0]).toEqual({ tier: 'special', width: 6 });
    expect(VN_SOUTH_PRIZES[17]).toEqual({ tier: 'eighth', width: 2 });
    expect(VN_NORTH_PRIZES.filter((slot) => slot.width === 4)).toHaveLength(10);
  });

  it('refuses a draw that does not fit the table or the region', () => {
    const short = { ...NORTH, prizes: NORTH.kind === 'vn' ? NORTH.prizes.slice(1) : [] } as Draw;
    expect(() => pays('north-lo2', '68', short)).toThrow(TypeError);
    const wide = {
      kind: 'vn',
      region: 'north',
      prizes: NORTH.kind === 'vn' ? NORTH.prizes.map((p, i) => (i === 26 ? { ...p, number: '068' } : p)) : [],
    } as Draw;
    expect(() => pays('north-lo2', '68', wide)).toThrow(TypeError);
    expect(() => pays('north-lo2', '68', SOUTH)).toThrow(TypeError);
  });
});

describe('VN play types, hand-worked', () => {
  it('lo 2 so counts EVERY prize ending in the number and pays per occurrence', () => {
    // north: 68 ends 5 prizes, 57 two (1357, 57), 00 none: 7 occurrences x 200 x 3.6
    expect(pays('north-lo2', '68', NORTH)).toBe(5n * 720n);
    expect(pays('north-lo2', '68,57,00', NORTH)).toBe(7n * 720n);
    expect(pays('north-lo2', '00', NORTH)).toBe(0n);
    // south: 56 ends 6 prizes at 5.4x
    expect(pays('south-lo2', '56', SOUTH)).toBe(6n * 1080n);
    expect(pays('south-lo2', '56', SOUTH, 'SEA')).toBe(6n * 1060n);
  });

  it('de is the special prize last two, de dau the 1st prize last two', () => {
    expect(pays('north-de', '68,11', NORTH)).toBe(19_600n);
    expect(pays('north-de', '67', NORTH)).toBe(0n);
    expect(pays('north-de-dau', '67', NORTH)).toBe(19_600n);
    expect(pays('north-de-dau', '68', NORTH)).toBe(0n);
    expect(pays('south-de', '56', SOUTH)).toBe(19_600n);
    expect(pays('south-de-dau', '22', SOUTH)).toBe(19_600n);
  });

  it('3 cang is the special prize last three; dau/duoi its last two digits', () => {
    expect(pays('north-3cang', '368', NORTH)).toBe(196_000n);
    expect(pays('north-3cang', '268', NORTH)).toBe(0n);
    expect(pays('south-3cang', '456', SOUTH)).toBe(196_000n);
    expect(pays('north-dau', '6', NORTH)).toBe(1960n);
    expect(pays('north-dau', '8', NORTH)).toBe(0n);
    expect(pays('north-duoi', '8', NORTH)).toBe(1960n);
    expect(pays('north-duoi', '6', NORTH)).toBe(0n);
  });

  it('xien 2/3/4 wins when every number of a group appears; n numbers buy C(n, k) groups', () => {
    const xien2 = play('north-xien2');
    const chosen = xien2.parse('68,57,99,13');
    if (isRefusal(chosen)) throw new Error(chosen.reason);
    expect(xien2.combinations(chosen)).toBe(6n);
    expect(pays('north-xien2', '68,57,99,13', NORTH)).toBe(6n * 3400n); // all four appear: 6 groups win
    expect(pays('north-xien2', '68,57,00', NORTH)).toBe(3400n); // only {68, 57}
    expect(pays('north-xien3', '68,57,99', NORTH)).toBe(13_000n);
    expect(pays('north-xien4', '68,57,99,00', NORTH)).toBe(0n);
    expect(pays('north-xien4', '68,57,99,13', NORTH)).toBe(50_000n);
    expect(pays('south-xien2', '56,22', SOUTH)).toBe(6800n);
  });

  it('refuses malformed VN selections in a cart with the slip position', () => {
    const refused = (slips: string) => {
      try {
        parseCart(slips, '400', { family: 'vn-north' });
      } catch (error) {
        if (error instanceof SlipError) return [error.slipIndex, error.reason];
      }
      return 'accepted';
    };
    expect(refused('68~1~301~1~1950~1;5~1~301~1~1950~1')).toEqual([1, 'bad-balls']); // one digit
    expect(refused('68~1~301~1~1950~1;100~1~301~1~1950~1')).toEqual([1, 'bad-balls']);
    expect(refused('68~1~301~1~1950~1;68~1~307~1~1950~1')).toEqual([1, 'bad-balls']); // xien 2 of one
    expect(refused('68~1~301~1~1950~1;68~1~401~1~1950~1')).toEqual([1, 'wrong-game']); // south in north
    expect(refused('68~1~301~1~1950~1;68,57~1~307~1~1950~1')).toBe('accepted');
  });
});
