/**
 * Vietnamese lottery. Prize tables in draw order (special first):
 * - northern (27 prizes): special and 1st of 5 digits, 2 x 5 (2nd), 6 x 5 (3rd), 4 x 4 (4th),
 *   6 x 4 (5th), 3 x 3 (6th), 4 x 2 (7th);
 * - southern/central (18 prizes): special of 6 digits, 1st, 2nd 5 digits, 2 x 5 (3rd), 7 x 5 (4th),
 *   1 x 4 (5th), 3 x 4 (6th), 1 x 3 (7th), 1 x 2 (8th).
 * Play types (playId 3xx north, 4xx south, same last two digits):
 * - 01 lo 2 so: a 2-digit number; EVERY prize ending in it counts, paid per occurrence;
 * - 02 de: the last two digits of the special prize; 03 de dau: the last two of the 1st prize;
 * - 04 3 cang: the last three digits of the special prize;
 * - 05 dau / 06 duoi: the first / last digit of the special prize's last two digits;
 * - 07/08/09 xien 2/3/4: every number of a group of 2/3/4 lo numbers appears (at least once) among
 *   the prizes' last two digits; choosing n numbers buys C(n, k) groups, each paid once.
 */
export { VN_NORTH_PRIZES, VN_SOUTH_PRIZES, type VnPrizeSlot } from '@lotus/contracts/lottery-tables';

import { VN_NORTH_PRIZES, VN_SOUTH_PRIZES, type VnPrizeSlot } from '@lotus/contracts/lottery-tables';
import { choose, DIGITS, numbers, positional } from './balls.ts';
import type { Draw, OddsTable, PlayType, PrizeNumber, Selection } from './types.ts';

/** Checks a draw against its region's table (tiers, count and widths, digits only) and returns its prizes. */
export function vnPrizes(draw: Draw, region: 'north' | 'south'): readonly PrizeNumber[] {
  if (draw.kind !== 'vn' || draw.region !== region) throw new TypeError(`a ${region} VN draw is required`);
  const slots = region === 'north' ? VN_NORTH_PRIZES : VN_SOUTH_PRIZES;
  if (draw.prizes.length !== slots.length) throw new TypeError(`a ${region} draw has ${slots.length} prizes`);
  draw.prizes.forEach((prize, i) => {
    const slot = slots[i] as VnPrizeSlot;
    if (prize.tier !== slot.tier || !new RegExp(`^[0-9]{${slot.width}}$`).test(prize.number)) {
      throw new TypeError(`prize ${i} must be the ${slot.tier} prize of ${slot.width} digits`);
    }
  });
  return draw.prizes;
}

const lastTwo = (number: string) => number.slice(-2);

function tierNumber(prizes: readonly PrizeNumber[], tier: string): string {
  return (prizes.find((prize) => prize.tier === tier) as PrizeNumber).number;
}

/** Odds per mode, [LOTT, ZY, ELOTT, SEA], basis points of the unit stake. */
function odds([lott, zy, elott, sea]: [bigint, bigint, bigint, bigint]): OddsTable {
  return { LOTT: { hit: lott }, ZY: { hit: zy }, ELOTT: { hit: elott }, SEA: { hit: sea } };
}

const hit = (count: bigint) => (count > 0n ? [{ tier: 'hit', count, divisor: 1n }] : []);
const single = (selection: Selection) => BigInt(selection[0]?.length ?? 0);
const TWO = numbers(100, 2);
const THREE = numbers(1000, 3);

interface RegionOdds {
  lo: [bigint, bigint, bigint, bigint];
  xien: [bigint, bigint, bigint, bigint][];
}

const REGION_ODDS: Record<'north' | 'south', RegionOdds> = {
  // fair per lo occurrence: 100 / 27 = 3.70x north, 100 / 18 = 5.56x south
  north: {
    lo: [36_000n, 35_500n, 36_300n, 35_000n],
    xien: [
      [170_000n, 165_000n, 175_000n, 160_000n],
      [650_000n, 630_000n, 670_000n, 600_000n],
      [2_500_000n, 2_400_000n, 2_600_000n, 2_300_000n],
    ],
  },
  south: {
    lo: [54_000n, 53_500n, 54_500n, 53_000n],
    xien: [
      [340_000n, 330_000n, 345_000n, 320_000n],
      [2_000_000n, 1_950_000n, 2_050_000n, 1_900_000n],
      [11_000_000n, 10_500_000n, 11_500_000n, 10_000_000n],
    ],
  },
};

function regionTypes(region: 'north' | 'south'): PlayType[] {
  const base = region === 'north' ? 300 : 400;
  const family = region === 'north' ? ('vn-north' as const) : ('vn-south' as const);
  const prizesOf = (draw: Draw) => vnPrizes(draw, region);
  const specialLastTwo = (draw: Draw) => lastTwo(tierNumber(prizesOf(draw), 'special'));
  const regionOdds = REGION_ODDS[region];
  const lo: PlayType = {
    id: base + 1,
    code: `${region}-lo2`,
    family,
    parse: positional([{ tokens: TWO, min: 1, max: 100 }]),
    combinations: single,
    wins(selection, draw) {
      const endings = prizesOf(draw).map((prize) => lastTwo(prize.number));
      let occurrences = 0n;
      for (const number of selection[0] ?? [])
        occurrences += BigInt(endings.filter((e) => e === number).length);
      return hit(occurrences);
    },
    odds: odds(regionOdds.lo),
  };
  const exact = (
    id: number,
    code: string,
    tokens: string[],
    pick: (draw: Draw) => string,
    o: OddsTable,
  ): PlayType => ({
    id: base + id,
    code: `${region}-${code}`,
    family,
    parse: positional([{ tokens, min: 1, max: tokens.length }]),
    combinations: single,
    wins: (selection, draw) => hit((selection[0] ?? []).includes(pick(draw)) ? 1n : 0n),
    odds: o,
  });
  const xien = (k: 2 | 3 | 4): PlayType => ({
    id: base + 5 + k,
    code: `${region}-xien${k}`,
    family,
    parse: positional([{ tokens: TWO, min: k, max: 10 }]),
    combinations: (selection) => choose(selection[0]?.length ?? 0, k),
    wins(selection, draw) {
      const endings = new Set(prizesOf(draw).map((prize) => lastTwo(prize.number)));
      return hit(choose((selection[0] ?? []).filter((number) => endings.has(number)).length, k));
    },
    odds: odds(regionOdds.xien[k - 2] as [bigint, bigint, bigint, bigint]),
  });
  const de = odds([980_000n, 970_000n, 990_000n, 950_000n]);
  const digit = odds([98_000n, 97_000n, 99_000n, 95_000n]);
  return [
    lo,
    exact(2, 'de', TWO, specialLastTwo, de),
    exact(3, 'de-dau', TWO, (draw) => lastTwo(tierNumber(prizesOf(draw), 'first')), de),
    exact(
      4,
      '3cang',
      THREE,
      (draw) => tierNumber(prizesOf(draw), 'special').slice(-3),
      odds([9_800_000n, 9_700_000n, 9_900_000n, 9_500_000n]),
    ),
    exact(5, 'dau', DIGITS, (draw) => specialLastTwo(draw).charAt(0), digit),
    exact(6, 'duoi', DIGITS, (draw) => specialLastTwo(draw).charAt(1), digit),
    xien(2),
    xien(3),
    xien(4),
  ];
}

export const VN_PLAY_TYPES: PlayType[] = [...regionTypes('north'), ...regionTypes('south')];
