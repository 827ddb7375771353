import { describe, expect, it } from 'vitest';
import {
  type BaccaratBet,
  type BaccaratResult,
  bankerDraws,
  dealBaccarat,
  settleBaccarat,
  validateBaccaratBet,
} from './baccarat.ts';
import { MAX_STAKE_MINOR } from './money.ts';
import { cardCode, parseCard } from './shoe.ts';

/**
 * The printed banker drawing table, written out independently of bankerDraws: one row per banker
 * two-card total 0..7, one column per player's third card value 0..9 and a last column "-" for a player
 * who stood. D = banker draws, S = banker stands.
 */
const BANKER_TABLE: Record<number, string> = {
  //   0123456789-
  0: 'DDDDDDDDDDD',
  1: 'DDDDDDDDDDD',
  2: 'DDDDDDDDDDD',
  3: 'DDDDDDDDSDD',
  4: 'SSDDDDDDSSD',
  5: 'SSSSDDDDSSD',
  6: 'SSSSSSDDSSS',
  7: 'SSSSSSSSSSS',
};

/** Cards of a value, by suit so ranks stay readable: value 0 is a king. */
const card = (value: number, suit = 'S'): number => parseCard(`${'KA23456789'[value]}${suit}`);

/** Deals a hand from the given card codes (dealing order) and checks it used exactly those. */
function deal(codes: string): BaccaratResult {
  const cards = codes.split(' ').map(parseCard);
  let index = 0;
  const result = dealBaccarat(() => {
    const next = cards[index++];
    if (next === undefined) throw new Error('the hand drew more cards than given');
    return next;
  });
  expect(index).toBe(cards.length);
  expect(result.cards.map(cardCode).join(' ')).toBe(codes);
  return result;
}

describe('baccarat third-card rules', () => {
  it('banker: every two-card total x player third card (or none) matches the printed table', () => {
    for (let total = 0; total <= 7; total++) {
      for (let third = 0; third <= 10; third++) {
        const expected = BANKER_TABLE[total]![third] === 'D';
        expect(bankerDraws(total, third === 10 ? undefined : third), `banker ${total}, third ${third}`).toBe(
          expected,
        );
      }
    }
  });

  it('deals every player total x player third card x banker total as the rules say', () => {
    // Two-card totals built from value pairs: player total p from (p, 0), banker total b from (b, 0).
    for (let p = 0; p <= 9; p++) {
      for (let b = 0; b <= 9; b++) {
        for (let third = 0; third <= 9; third++) {
          const cards = [
            card(p, 'S'),
            card(b, 'H'),
            card(0, 'D'),
            card(0, 'C'),
            card(third, 'H'),
            card(5, 'D'),
          ];
          let index = 0;
          const result = dealBaccarat(() => cards[index++]!);
          const natural = p >= 8 || b >= 8;
          const playerDrew = !natural && p <= 5;
          const bankerDrew = !natural && BANKER_TABLE[b]![playerDrew ? third : 10] === 'D';
          expect(result.player.length, `player ${p} banker ${b}`).toBe(playerDrew ? 3 : 2);
          expect(result.banker.length, `player ${p} banker ${b} third ${third}`).toBe(bankerDrew ? 3 : 2);
          expect(result.natural).toBe(natural);
          // When the player stands, the banker's third card is the fifth card dealt.
          if (bankerDrew) expect(result.banker[2]).toBe(cards[playerDrew ? 5 : 4]);
          const playerTotal = (p + (playerDrew ? third : 0)) % 10;
          const bankerTotal = (b + (bankerDrew ? (playerDrew ? 5 : third) : 0)) % 10;
          expect([result.playerTotal, result.bankerTotal]).toEqual([playerTotal, bankerTotal]);
        }
      }
    }
  });

  it('deals hand-worked hands', () => {
    // Player 9 natural against banker 7: both stand.
    expect(deal('9S 4H KD 3C')).toMatchObject({
      playerTotal: 9,
      bankerTotal: 7,
      winner: 'player',
      natural: true,
    });
    // Player 5 draws a 4 (9); banker 3 draws on a 4 (3 + 5 = 8): player wins 9-8.
    expect(deal('2S AH 3D 2C 4H 5S')).toMatchObject({ playerTotal: 9, bankerTotal: 8, winner: 'player' });
    // Player 4 draws an 8; banker 3 stands on a player 8: 2 vs 3, banker wins.
    expect(deal('AS 2H 3D AC 8H')).toMatchObject({ playerTotal: 2, bankerTotal: 3, winner: 'banker' });
    // Player 6 stands; banker 5 draws: 5 + 1 = 6, a tie; only the player's threes are a pair.
    expect(deal('3S 2H 3D 3C AS')).toMatchObject({
      playerTotal: 6,
      bankerTotal: 6,
      winner: 'tie',
      playerPair: true,
      bankerPair: false,
    });
    // Ten and king are both worth 0 but are not a pair; two queens are.
    expect(deal('TS QH KD QC 7H KS')).toMatchObject({
      playerPair: false,
      bankerPair: true,
      playerTotal: 7,
      bankerTotal: 0,
    });
    // Banker 6 draws on a player 6 or 7 only.
    expect(deal('KS 3H KD 3C 6H 2S')).toMatchObject({ playerTotal: 6, bankerTotal: 8, winner: 'banker' });
  });
});

describe('baccarat bets and payouts (payout includes the stake)', () => {
  const stake = 1_000n;
  const kinds = ['player', 'banker', 'tie', 'player-pair', 'banker-pair'] as const;
  const bets: BaccaratBet[] = kinds.map((kind) => ({ kind, stake }));
  const payouts = (result: BaccaratResult, variant: 'commission' | 'no-commission') =>
    Object.fromEntries(settleBaccarat(result, bets, variant).map((s) => [s.bet.kind, [s.outcome, s.payout]]));

  it('player win', () => {
    const result = deal('9S 4H KD 3C');
    expect(payouts(result, 'commission')).toEqual({
      player: ['win', 2_000n],
      banker: ['lose', 0n],
      tie: ['lose', 0n],
      'player-pair': ['lose', 0n],
      'banker-pair': ['lose', 0n],
    });
  });

  it('banker win: 0.95:1 with commission, 1:1 without (1:2 on a banker 6)', () => {
    const seven = deal('AS 2H 3D 5C 8H'); // player 4 draws 8 -> 2; banker 7 stands
    expect(seven.winner).toBe('banker');
    expect(payouts(seven, 'commission').banker).toEqual(['win', 1_950n]);
    expect(payouts(seven, 'no-commission').banker).toEqual(['win', 2_000n]);
    const six = deal('KS 3H KD 3C 5H'); // player 0 draws 5; banker 6 stands on a 5
    expect([six.winner, six.bankerTotal]).toEqual(['banker', 6]);
    expect(payouts(six, 'commission').banker).toEqual(['win', 1_950n]);
    expect(payouts(six, 'no-commission').banker).toEqual(['win', 1_500n]);
    // Rounded down to the minor unit when the stake is not a multiple of 20 (or of 2 on a banker 6).
    expect(settleBaccarat(six, [{ kind: 'banker', stake: 7n }], 'commission')[0]!.payout).toBe(13n); // 13.65
    expect(settleBaccarat(six, [{ kind: 'banker', stake: 7n }], 'no-commission')[0]!.payout).toBe(10n); // 10.5
  });

  it('tie: player and banker push, tie pays 8:1; pairs pay 11:1 whoever wins', () => {
    const tie = deal('3S 2H 3D 3C AS');
    for (const variant of ['commission', 'no-commission'] as const) {
      expect(payouts(tie, variant)).toEqual({
        player: ['push', 1_000n],
        banker: ['push', 1_000n],
        tie: ['win', 9_000n],
        'player-pair': ['win', 12_000n],
        'banker-pair': ['lose', 0n],
      });
    }
    expect(payouts(deal('TS QH KD QC 7H KS'), 'commission')['banker-pair']).toEqual(['win', 12_000n]);
  });

  it('validates bets from untrusted input', () => {
    expect(validateBaccaratBet({ kind: 'banker', stake: 500n }, 'commission')).toEqual({
      ok: true,
      bet: { kind: 'banker', stake: 500n },
    });
    expect(validateBaccaratBet({ kind: 'tie', stake: '25' }, 'no-commission')).toMatchObject({ ok: true });
    const refused = [
      null,
      'banker',
      [],
      { kind: 'banker' },
      { kind: 'banker', stake: 0n },
      { kind: 'banker', stake: -5n },
      { kind: 'banker', stake: Number.NaN },
      { kind: 'banker', stake: 1.5 },
      { kind: 'banker', stake: MAX_STAKE_MINOR + 1n },
      { kind: 'banker', stake: '1e9' },
      { kind: 'banker', stake: '99999999999999999999' },
      { kind: 'banker\0', stake: 5n },
      { kind: 'Banker', stake: 5n },
      { kind: '__proto__', stake: 5n },
      { kind: 'constructor', stake: 5n },
      { kind: 'toString', stake: 5n },
      { kind: 'banker', numbers: [1], stake: 5n },
      { kind: 'dragon', stake: 5n },
    ];
    for (const input of refused)
      expect(validateBaccaratBet(input, 'commission'), String(input)).toMatchObject({ ok: false });
  });
});
