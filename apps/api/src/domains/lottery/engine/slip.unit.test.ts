import { describe, expect, it } from 'vitest';
import { SlipError, type SlipErrorReason } from './errors.ts';
import { settleSlip } from './payout.ts';
import { type CartRules, MAX_AMOUNT, parseCart } from './slip.ts';

const digits: CartRules = { family: 'digits' };

function refusal(run: () => unknown): { index: number | null; reason: SlipErrorReason } {
  try {
    run();
  } catch (error) {
    if (error instanceof SlipError) return { index: error.slipIndex, reason: error.reason };
    throw error;
  }
  throw new Error('the cart was accepted');
}

describe('bettingSlipString parser', () => {
  it('parses a cart of several slips and prices each (unit x combinations x multiple)', () => {
    // 1: positional straight, 3 digits chosen = 3 combinations, mode 1 (200), x2 = 1200
    // 2: front three straight 2x2x1 = 4 combinations, mode 2 (20), x5 = 400
    // 3: back three group 6 on 4 digits = C(4,3) = 4 combinations, mode 3 (2), x1 = 8
    const cart = parseCart(
      '1,3||||9~1~101~1~1950~2;1,2|3,4|5~1~111~2~1950~5;1,2,3,4~1~133~3~1950~1',
      '1608',
      digits,
    );
    expect(cart.slips.map((slip) => [slip.playType.code, slip.combinations, slip.amount])).toEqual([
      ['pos-straight', 3n, 1200n],
      ['front3-straight', 4n, 400n],
      ['back3-group6', 4n, 8n],
    ]);
    expect(cart.total).toBe(1608n);
    expect(cart.slips[0]?.selection).toEqual([['1', '3'], [], [], [], ['9']]);
  });

  it('normalises the order of the balls of a position', () => {
    const cart = parseCart('9,1,5~1~113~1~1950~1', 200n, digits);
    expect(cart.slips[0]?.selection).toEqual([['1', '5', '9']]);
  });

  it('refuses a cart whose total is not the sum of its slips', () => {
    expect(refusal(() => parseCart('1||||~1~101~1~1950~1', '201', digits))).toEqual({
      index: null,
      reason: 'total-mismatch',
    });
    expect(refusal(() => parseCart('1||||~1~101~1~1950~1', '199', digits)).reason).toBe('total-mismatch');
  });

  it.each<[string, number, SlipErrorReason]>([
    ['1||||~1~101~1~1950~1;1|||~1~101~1~1950~1', 1, 'bad-balls'], // four positions
    ['1||||~1~101~1~1950~1;1,1||||~1~101~1~1950~1', 1, 'bad-balls'], // duplicate ball
    ['1||||~1~101~1~1950~1;\u0000||||~1~101~1~1950~1', 1, 'bad-balls'], // NUL
    ['1||||~1~101~1~1950~1;1 ||||~1~101~1~1950~1', 1, 'bad-balls'], // space
    ['1||||~1~101~1~1950~1;١||||~1~101~1~1950~1', 1, 'bad-balls'], // Arabic-Indic digit
    ['10||||~1~101~1~1950~1', 0, 'bad-balls'], // not a digit
    ['||||~1~101~1~1950~1', 0, 'bad-balls'], // nothing chosen
    ['1,2~1~112~1~1950~1;1,2,3,4,5,6,7,8,9,0,1~1~112~1~1950~1', 1, 'bad-balls'], // too many balls
    ['1,2~1~113~1~1950~1', 0, 'bad-balls'], // group 6 needs three digits
    ['1||||~1~999~1~1950~1', 0, 'unknown-play'],
    ['1||||~1~0101~1~1950~1', 0, 'unknown-play'],
    ['1||||~1~-101~1~1950~1', 0, 'unknown-play'],
    ['1~1~201~1~1950~1', 0, 'wrong-game'], // a dice play in a digits cart
    ['1||||~2~101~1~1950~1', 0, 'bad-version'],
    ['1||||~1~101~4~1950~1', 0, 'bad-mode'],
    ['1||||~1~101~__proto__~1950~1', 0, 'bad-mode'],
    ['1||||~1~101~1~0~1', 0, 'bad-series'],
    ['1||||~1~101~1~10000~1', 0, 'bad-series'],
    ['1||||~1~101~1~1950~0', 0, 'bad-multiple'],
    ['1||||~1~101~1~1950~-1', 0, 'bad-multiple'],
    ['1||||~1~101~1~1950~1.5', 0, 'bad-multiple'],
    ['1||||~1~101~1~1950~1e3', 0, 'bad-multiple'],
    ['1||||~1~101~1~1950~10001', 0, 'bad-multiple'],
    ['1||||~1~101~1~1950~99999999999999999999', 0, 'bad-multiple'],
    ['1||||~1~101~1~1950', 0, 'bad-field-count'],
    ['1||||~1~101~1~1950~1~1', 0, 'bad-field-count'],
    ['1||||~1~101~1~1950~1;', 1, 'bad-field-count'], // trailing separator = empty slip
  ])('refuses %j at slip %i (%s) and accepts nothing', (slipString, index, reason) => {
    expect(refusal(() => parseCart(slipString, '200', digits))).toEqual({ index, reason });
  });

  it('refuses malformed or absurd cart totals', () => {
    for (const total of ['-200', '0', '2e2', '200.0', ' 200', '0200', '99999999999999999999']) {
      expect(refusal(() => parseCart('1||||~1~101~1~1950~1', total, digits))).toEqual({
        index: null,
        reason: 'bad-total',
      });
    }
    expect(refusal(() => parseCart('', '200', digits)).reason).toBe('empty-cart');
  });

  it('refuses too many slips and an oversized string before parsing them', () => {
    const many = Array.from({ length: 201 }, () => '1||||~1~101~1~1950~1').join(';');
    expect(refusal(() => parseCart(many, '40200', digits)).reason).toBe('too-many-slips');
    expect(refusal(() => parseCart('1'.repeat(70_000), '200', digits)).reason).toBe('too-long');
  });

  it('refuses a cart whose sum overflows the ledger bigint, naming the slip that crosses it', () => {
    const rules: CartRules = { family: 'digits', unitStakes: { '1': 2n ** 61n }, maxMultiple: 1_000_000 };
    // each slip: 2^61 x 1 combination x 1 = 2^61; the fourth slip makes 2^63 > MAX_AMOUNT
    const slip = '1||||~1~101~1~1950~1';
    expect(refusal(() => parseCart([slip, slip, slip, slip].join(';'), MAX_AMOUNT, rules))).toEqual({
      index: 3,
      reason: 'amount-too-large',
    });
    // one slip alone over the maximum: 2^61 x 5 combinations x 4
    expect(refusal(() => parseCart('0,1,2,3,4||||~1~101~1~1950~4', MAX_AMOUNT, rules))).toEqual({
      index: 0,
      reason: 'amount-too-large',
    });
  });

  it('limits series to the configured set when one is given', () => {
    const rules: CartRules = { family: 'digits', allowedSeries: [1800, 1950] };
    expect(parseCart('1||||~1~101~1~1800~1', '200', rules).slips[0]?.series).toBe(1800);
    expect(refusal(() => parseCart('1||||~1~101~1~1900~1', '200', rules)).reason).toBe('bad-series');
  });

  it('settles parsed slips with their unit and multiple: each slip on its own', () => {
    // slip 0: back three straight 7|8|9, mode 2 (20), x3 = 60 staked; 9.8x per unit -> 20 x 3 x 980 = 58 800
    // slip 1: sum big/small B,S, mode 3 (2), x7 = 28 staked; one of the two hits -> 2 x 7 x 1.96 = 27 (floored)
    const cart = parseCart('7|8|9~1~131~2~1950~3;B,S~1~103~3~1950~7', '88', digits);
    const draw = { kind: 'digits' as const, digits: [0, 0, 7, 8, 9] };
    expect(cart.slips.map((slip) => settleSlip(slip, draw, 'LOTT'))).toEqual([58_800n, 27n]);
  });
});
