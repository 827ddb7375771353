import {
  BACCARAT_BETS,
  type BaccaratResult,
  type BaccaratVariant,
  type Bet,
  type BetKind,
  type Dice,
  DRAGON_TIGER_BETS,
  type DragonTigerResult,
  dealBaccarat,
  dealDragonTiger,
  type LiveGame,
  ROULETTE_BETS,
  roulettePocket,
  SIC_BO_BETS,
  settleBaccarat,
  settleDragonTiger,
  settleRoulette,
  settleSicBo,
  sicBoDice,
  type Validation,
  validateBaccaratBet,
  validateDragonTigerBet,
  validateRouletteBet,
  validateSicBoBet,
} from '../../live/index.ts';

/**
 * The live tables as data: game, bet table, limits per bet kind and currency (integer minor units),
 * the per-player-per-round maximum, and the clock (betting window, closed/dealing time, result shown).
 * The ids are also the game ids the platform launches (`/play/<table>`), and the client seed of the
 * tables that draw from a round seed (live/round-seed.ts).
 */

export type Limit = { readonly min: bigint; readonly max: bigint };

export type TableLimits = {
  /** Limit of one bet, by bet kind ('*' = any kind not listed). */
  readonly perBet: Readonly<Record<string, Limit>>;
  /** Most a player may stake on one round in total. */
  readonly perRound: bigint;
};

export type LiveTableDef = {
  readonly id: string;
  readonly game: LiveGame;
  readonly name: string;
  readonly variant?: BaccaratVariant;
  /** Per currency (upper case); a currency not listed cannot play the table. */
  readonly limits: Readonly<Record<string, TableLimits>>;
  readonly bettingMs: number;
  readonly closedMs: number;
  readonly resultMs: number;
};

/** Limits given in whole table units; `unit` is the minor units of one table unit in the currency (PHP 1.00 = 100, MYR 0.10 = 10, USD 0.01 = 1). */
function limits(
  unit: bigint,
  main: [number, number],
  side: [number, number],
  sideKinds: readonly string[],
  perRound: number,
): TableLimits {
  const l = ([min, max]: [number, number]): Limit => ({ min: BigInt(min) * unit, max: BigInt(max) * unit });
  const perBet: Record<string, Limit> = { '*': l(main) };
  for (const kind of sideKinds) perBet[kind] = l(side);
  return { perBet, perRound: BigInt(perRound) * unit };
}

const inCurrencies = (build: (unit: bigint) => TableLimits): Record<string, TableLimits> => ({
  PHP: build(100n),
  MYR: build(10n),
  USD: build(1n),
  CNY: build(10n),
  THB: build(100n),
});

const BAC_SIDE = ['tie', 'player-pair', 'banker-pair'];
const ROU_INSIDE = ['straight', 'split', 'street', 'trio', 'corner', 'first-four', 'six-line'];
const SIC_SIDE = ['triple', 'any-triple', 'double', 'total', 'combination'];

export const LIVE_TABLES: readonly LiveTableDef[] = [
  {
    id: 'live-baccarat',
    game: 'BAC',
    name: 'Baccarat',
    variant: 'commission',
    limits: inCurrencies((u) => limits(u, [1, 50_000], [1, 5_000], BAC_SIDE, 100_000)),
    bettingMs: 15_000,
    closedMs: 3_000,
    resultMs: 5_000,
  },
  {
    id: 'live-baccarat-nc',
    game: 'BAC',
    name: 'No Commission Baccarat',
    variant: 'no-commission',
    limits: inCurrencies((u) => limits(u, [1, 50_000], [1, 5_000], BAC_SIDE, 100_000)),
    bettingMs: 15_000,
    closedMs: 3_000,
    resultMs: 5_000,
  },
  {
    id: 'live-dragon-tiger',
    game: 'DAT',
    name: 'Dragon Tiger',
    limits: inCurrencies((u) => limits(u, [1, 50_000], [1, 5_000], ['tie'], 100_000)),
    bettingMs: 12_000,
    closedMs: 2_000,
    resultMs: 4_000,
  },
  {
    id: 'live-roulette',
    game: 'ROU',
    name: 'Roulette',
    limits: inCurrencies((u) => limits(u, [1, 20_000], [1, 1_000], ROU_INSIDE, 50_000)),
    bettingMs: 20_000,
    closedMs: 4_000,
    resultMs: 5_000,
  },
  {
    id: 'live-sicbo',
    game: 'SIC',
    name: 'Sic Bo',
    limits: inCurrencies((u) => limits(u, [1, 20_000], [1, 1_000], SIC_SIDE, 50_000)),
    bettingMs: 20_000,
    closedMs: 4_000,
    resultMs: 5_000,
  },
];

const BY_ID = new Map(LIVE_TABLES.map((t) => [t.id, t]));

export function liveTable(id: string): LiveTableDef | undefined {
  return BY_ID.get(id);
}

export function isLiveTableId(id: string): boolean {
  return BY_ID.has(id);
}

/** The table's timings with the configured overrides. */
export function timed(
  table: LiveTableDef,
  timing: { bettingMs?: number; closedMs?: number; resultMs?: number } | undefined,
): LiveTableDef {
  return {
    ...table,
    bettingMs: timing?.bettingMs ?? table.bettingMs,
    closedMs: timing?.closedMs ?? table.closedMs,
    resultMs: timing?.resultMs ?? table.resultMs,
  };
}

export function betKinds(table: LiveTableDef): Readonly<Record<string, BetKind>> {
  switch (table.game) {
    case 'BAC':
      return BACCARAT_BETS[table.variant ?? 'commission'];
    case 'DAT':
      return DRAGON_TIGER_BETS;
    case 'ROU':
      return ROULETTE_BETS;
    case 'SIC':
      return SIC_BO_BETS;
  }
}

export function validateBet(table: LiveTableDef, input: unknown): Validation<Bet> {
  switch (table.game) {
    case 'BAC':
      return validateBaccaratBet(input, table.variant ?? 'commission');
    case 'DAT':
      return validateDragonTigerBet(input);
    case 'ROU':
      return validateRouletteBet(input);
    case 'SIC':
      return validateSicBoBet(input);
  }
}

export function limitOf(table: LiveTableDef, currency: string, kind: string): Limit | undefined {
  const l = table.limits[currency];
  if (!l) return undefined;
  return Object.hasOwn(l.perBet, kind) ? l.perBet[kind] : l.perBet['*'];
}

/** The stored result of a round (JSON-safe). */
export type LiveResult =
  | { game: 'BAC'; hand: BaccaratResult }
  | { game: 'DAT'; hand: DragonTigerResult }
  | { game: 'ROU'; pocket: number }
  | { game: 'SIC'; dice: Dice };

/** Deals from the shoe at `start` (BAC/DAT): answers the result and the position after it. */
export function dealFromShoe(
  game: 'BAC' | 'DAT',
  cards: readonly number[],
  start: number,
): { result: LiveResult; end: number } {
  let position = start;
  const next = () => {
    const card = cards[position];
    if (card === undefined) throw new RangeError('the shoe is empty');
    position += 1;
    return card;
  };
  const result: LiveResult =
    game === 'BAC' ? { game, hand: dealBaccarat(next) } : { game, hand: dealDragonTiger(next) };
  return { result, end: position };
}

export async function resultFromSeed(
  game: 'ROU' | 'SIC',
  roundSeed: string,
  tableId: string,
  round: number,
): Promise<LiveResult> {
  const seed = { roundSeed, tableId, round };
  return game === 'ROU'
    ? { game, pocket: await roulettePocket(seed) }
    : { game, dice: await sicBoDice(seed) };
}

/** Payout (stake included) of each bet at the result; same order as `bets`. */
export function settleBets(table: LiveTableDef, result: LiveResult, bets: readonly Bet[]): bigint[] {
  // The bets were validated when placed; the settle functions narrow the kind by the table's game.
  const any = bets as never;
  switch (result.game) {
    case 'BAC':
      return settleBaccarat(result.hand, any, table.variant ?? 'commission').map((s) => s.payout);
    case 'DAT':
      return settleDragonTiger(result.hand, any).map((s) => s.payout);
    case 'ROU':
      return settleRoulette(result.pocket, any).map((s) => s.payout);
    case 'SIC':
      return settleSicBo(result.dice, any).map((s) => s.payout);
  }
}

/** What the page shows about a table (bigints as strings). */
export function publicTable(table: LiveTableDef) {
  const limits: Record<string, { perBet: Record<string, { min: string; max: string }>; perRound: string }> =
    {};
  for (const [currency, l] of Object.entries(table.limits)) {
    const perBet: Record<string, { min: string; max: string }> = {};
    for (const [kind, limit] of Object.entries(l.perBet))
      perBet[kind] = { min: limit.min.toString(), max: limit.max.toString() };
    limits[currency] = { perBet, perRound: l.perRound.toString() };
  }
  return {
    id: table.id,
    game: table.game,
    name: table.name,
    variant: table.variant ?? null,
    betKinds: betKinds(table),
    limits,
    bettingMs: table.bettingMs,
    closedMs: table.closedMs,
    resultMs: table.resultMs,
  };
}
