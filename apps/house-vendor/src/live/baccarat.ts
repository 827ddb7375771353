import {
  type Bet,
  type BetKind,
  knownKind,
  LOSE,
  type Outcome,
  PUSH,
  payoutOf,
  type Ratio,
  ratioOf,
  readBetShape,
  readNumbers,
  type Settlement,
  type Validation,
} from './money.ts';
import { baccaratValue, rankOf, ShoeCursor } from './shoe.ts';

/**
 * Baccarat (BAC), punto banco from an 8-deck shoe (shoe.ts).
 *
 * Dealing: player, banker, player, banker; then the third-card rules:
 * - a natural (8 or 9 on the first two cards of either hand): both stand;
 * - otherwise the player draws on 0-5 and stands on 6-7;
 * - if the player stood, the banker draws on 0-5 and stands on 6-7;
 * - if the player drew a third card worth x, the banker (total b) draws when
 *   b <= 2; b = 3 and x != 8; b = 4 and x in 2-7; b = 5 and x in 4-7; b = 6 and x in 6-7; never on 7.
 * Pairs: the first two cards of a hand have the same rank (a pair of kings, not king and queen).
 */

export type Winner = 'player' | 'banker' | 'tie';

export interface BaccaratResult {
  /** The cards in dealing order (player, banker, player, banker, then the third cards). */
  readonly cards: readonly number[];
  readonly player: readonly number[];
  readonly banker: readonly number[];
  readonly playerTotal: number;
  readonly bankerTotal: number;
  readonly winner: Winner;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
  /** Either hand had 8 or 9 on two cards. */
  readonly natural: boolean;
}

export const handTotal = (values: readonly number[]): number =>
  values.reduce((sum, value) => sum + value, 0) % 10;

/** Does the player draw a third card on this two-card total (no natural on the table)? */
export const playerDraws = (playerTotal: number): boolean => playerTotal <= 5;

/**
 * Does the banker draw, given the banker's two-card total and the player's third card value
 * (undefined when the player stood)? Only called when neither hand is a natural.
 */
export function bankerDraws(bankerTotal: number, playerThird: number | undefined): boolean {
  if (playerThird === undefined) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** The winner from the final totals. */
export const winnerOf = (playerTotal: number, bankerTotal: number): Winner =>
  playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';

/** Deals one hand from the next cards of a shoe. */
export function dealBaccarat(next: () => number): BaccaratResult {
  const p1 = next();
  const b1 = next();
  const p2 = next();
  const b2 = next();
  const player = [p1, p2];
  const banker = [b1, b2];
  const p = handTotal([baccaratValue(p1), baccaratValue(p2)]);
  const b = handTotal([baccaratValue(b1), baccaratValue(b2)]);
  const natural = p >= 8 || b >= 8;
  if (!natural) {
    let playerThird: number | undefined;
    if (playerDraws(p)) {
      const card = next();
      player.push(card);
      playerThird = baccaratValue(card);
    }
    if (bankerDraws(b, playerThird)) banker.push(next());
  }
  const cards = [p1, b1, p2, b2, ...player.slice(2), ...banker.slice(2)];
  const playerTotal = handTotal(player.map(baccaratValue));
  const bankerTotal = handTotal(banker.map(baccaratValue));
  return {
    cards,
    player,
    banker,
    playerTotal,
    bankerTotal,
    winner: winnerOf(playerTotal, bankerTotal),
    playerPair: rankOf(p1) === rankOf(p2),
    bankerPair: rankOf(b1) === rankOf(b2),
    natural,
  };
}

/** Deals every hand of a shoe until the cut card (a new hand starts only while more than 14 cards remain). */
export function dealShoe(cards: readonly number[]): BaccaratResult[] {
  const cursor = new ShoeCursor(cards);
  const hands: BaccaratResult[] = [];
  while (cursor.canStartRound()) hands.push(dealBaccarat(() => cursor.next()));
  return hands;
}

/** The two baccarat tables: 5% commission on banker wins, or no commission with banker 6 paying 1:2. */
export type BaccaratVariant = 'commission' | 'no-commission';

export type BaccaratKind = 'player' | 'banker' | 'tie' | 'player-pair' | 'banker-pair';

const COMMON = {
  player: {
    kind: 'player',
    name: 'Player',
    odds: { win: 1, per: 1 },
    rule: 'Player total higher; push on a tie',
  },
  tie: { kind: 'tie', name: 'Tie', odds: { win: 8, per: 1 }, rule: 'Equal totals' },
  'player-pair': {
    kind: 'player-pair',
    name: 'Player pair',
    odds: { win: 11, per: 1 },
    rule: "The player's first two cards are of the same rank",
  },
  'banker-pair': {
    kind: 'banker-pair',
    name: 'Banker pair',
    odds: { win: 11, per: 1 },
    rule: "The banker's first two cards are of the same rank",
  },
} as const satisfies Record<string, BetKind>;

/** Bet tables as data: kind -> odds and rule, per variant. */
export const BACCARAT_BETS: Readonly<Record<BaccaratVariant, Readonly<Record<BaccaratKind, BetKind>>>> = {
  commission: {
    player: COMMON.player,
    banker: {
      kind: 'banker',
      name: 'Banker',
      odds: { win: 19, per: 20 },
      rule: 'Banker total higher, pays 0.95:1 (5% commission); push on a tie',
    },
    tie: COMMON.tie,
    'player-pair': COMMON['player-pair'],
    'banker-pair': COMMON['banker-pair'],
  },
  'no-commission': {
    player: COMMON.player,
    banker: {
      kind: 'banker',
      name: 'Banker',
      odds: { win: 1, per: 1 },
      rule: 'Banker total higher, pays 1:1 except a banker win on 6 pays 1:2; push on a tie',
    },
    tie: COMMON.tie,
    'player-pair': COMMON['player-pair'],
    'banker-pair': COMMON['banker-pair'],
  },
};

/** Banker 6 on a no-commission table: 1:2. */
export const NO_COMMISSION_SIX = { win: 1, per: 2 } as const;

export function baccaratOutcome(result: BaccaratResult, kind: BaccaratKind): Outcome {
  switch (kind) {
    case 'player':
      return result.winner === 'player' ? 'win' : result.winner === 'tie' ? 'push' : 'lose';
    case 'banker':
      return result.winner === 'banker' ? 'win' : result.winner === 'tie' ? 'push' : 'lose';
    case 'tie':
      return result.winner === 'tie' ? 'win' : 'lose';
    case 'player-pair':
      return result.playerPair ? 'win' : 'lose';
    case 'banker-pair':
      return result.bankerPair ? 'win' : 'lose';
  }
}

/** Gross return per unit staked of a bet kind on a result. */
export function baccaratRatio(result: BaccaratResult, kind: BaccaratKind, variant: BaccaratVariant): Ratio {
  const outcome = baccaratOutcome(result, kind);
  if (outcome === 'lose') return LOSE;
  if (outcome === 'push') return PUSH;
  if (kind === 'banker' && variant === 'no-commission' && result.bankerTotal === 6)
    return ratioOf('win', NO_COMMISSION_SIX);
  return ratioOf(outcome, BACCARAT_BETS[variant][kind].odds);
}

export interface BaccaratBet extends Bet {
  readonly kind: BaccaratKind;
}

export function validateBaccaratBet(input: unknown, variant: BaccaratVariant): Validation<BaccaratBet> {
  const shape = readBetShape(input);
  if (!shape.ok) return shape;
  if (!knownKind(BACCARAT_BETS[variant], shape.kind)) return { ok: false, error: 'unknown bet kind' };
  if (readNumbers(shape.numbers, 0) === undefined)
    return { ok: false, error: 'this bet kind takes no numbers' };
  return { ok: true, bet: { kind: shape.kind as BaccaratKind, stake: shape.stake } };
}

/** Settles every bet of a round; payout includes the stake (money.ts). */
export function settleBaccarat(
  result: BaccaratResult,
  bets: readonly BaccaratBet[],
  variant: BaccaratVariant,
): Settlement<BaccaratBet>[] {
  return bets.map((bet) => ({
    bet,
    outcome: baccaratOutcome(result, bet.kind),
    payout: payoutOf(bet.stake, baccaratRatio(result, bet.kind, variant)),
  }));
}
