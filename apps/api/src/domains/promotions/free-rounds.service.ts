import type { SeamlessSession } from '@lotus/contracts/game-launch';
import { formatAmount, MAX_MINOR, parseAmount } from '@lotus/contracts/money';
import type { FreeRoundGrant, MemberPromotion, PromotionInput } from '@lotus/contracts/promotions';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { pickText } from '../../lib/localised.ts';
import {
  cancelGrantOf,
  expireGrants,
  type GrantRow,
  grantsOfRecords,
  houseSlot,
  insertGrant,
  usableGrants,
} from './free-rounds.repository.ts';

/**
 * Free-round rewards (docs/free-rounds.md): a promotion of reward kind `free_rounds` gives N rounds
 * of one house slot at one fixed stake. Claiming it creates the grant here; the seamless functions
 * (domains/vendors/sql) spend it, and pay what the rounds win from the bonus pool under the
 * promotion's wagering.
 */

export type FreeRoundValues = {
  free_rounds_game: string | null;
  free_rounds_stake: string;
  free_rounds_count: number;
};

const NONE: FreeRoundValues = { free_rounds_game: null, free_rounds_stake: '0', free_rounds_count: 0 };

/**
 * The builder's free-round fields, checked: the game a house slot of the brand, the stake one of the
 * game's stakes (catalogue column `stakes`, what a spin of it can bet), or at least its minimum bet
 * when the game lists none.
 */
export async function freeRoundValues(
  db: Executor,
  brandId: string,
  input: PromotionInput,
  currency: string,
): Promise<FreeRoundValues> {
  if (input.rewardKind !== 'free_rounds') return NONE;
  const invalid = (field: string) =>
    new AppError('promotion_invalid', { fieldErrors: { [field]: 'errors.promotion_invalid' } });
  if (input.freeRoundsGame === undefined) throw invalid('freeRoundsGame');
  if (input.freeRoundsCount === undefined) throw invalid('freeRoundsCount');
  const stake = input.freeRoundsStake === undefined ? null : parseAmount(input.freeRoundsStake, currency);
  if (stake === null || stake <= 0n || stake > MAX_MINOR / 1001n) throw invalid('freeRoundsStake');
  const game = await houseSlot(db, brandId, input.freeRoundsGame);
  if (!game) throw invalid('freeRoundsGame');
  if (stake < BigInt(game.min_bet)) throw invalid('freeRoundsStake');
  if (game.stakes.length > 0 && !game.stakes.some((s) => BigInt(s) === stake))
    throw invalid('freeRoundsStake');
  return {
    free_rounds_game: game.id,
    free_rounds_stake: stake.toString(),
    free_rounds_count: input.freeRoundsCount,
  };
}

/** Claim of a free-round record (inside the claim's transaction): its grant, valid as long as the record. */
export async function grantFreeRounds(
  trx: Executor,
  grant: {
    brandId: string;
    memberId: string;
    recordId: string;
    gameId: string | null;
    stake: bigint;
    rounds: number;
    expiresAt: Date;
  },
): Promise<void> {
  const game = grant.gameId === null ? undefined : await houseSlot(trx, grant.brandId, grant.gameId);
  // The game left the catalogue since the promotion was made, or its stake is no longer one the game
  // accepts (a promotion made before migration 0048): nothing to give, a grant could never be spent.
  if (!game || grant.stake <= 0n || grant.rounds <= 0) throw new AppError('free_round_invalid');
  if (game.stakes.length > 0 && !game.stakes.includes(grant.stake.toString()))
    throw new AppError('free_round_invalid');
  await insertGrant(trx, {
    brandId: grant.brandId,
    memberId: grant.memberId,
    recordId: grant.recordId,
    vendorId: game.vendor_id,
    gameCode: game.code,
    stake: grant.stake,
    rounds: grant.rounds,
    expiresAt: grant.expiresAt,
  });
}

function toGrant(row: GrantRow, language: string, currency: string): FreeRoundGrant {
  return {
    grantId: row.id,
    vendorCode: row.vendor_code,
    gameCode: row.game_code,
    gameName:
      row.name_en === null
        ? row.game_code
        : pickText({ en: row.name_en, ms: row.name_ms ?? '', cn: row.name_cn ?? '' }, language),
    stake: formatAmount(row.stake, currency),
    granted: row.rounds_granted,
    remaining: row.rounds_granted - row.rounds_used,
    expiresAt: row.expires_at.toISOString(),
    state: row.state as FreeRoundGrant['state'],
  };
}

/** Adds each record's grant (null when it has none) to the member's or the back office's records. */
export async function withFreeRounds<T extends MemberPromotion>(
  db: Executor,
  brand: { id: string; currency: string },
  items: T[],
  language: string,
): Promise<T[]> {
  const grants = await grantsOfRecords(
    db,
    brand.id,
    items.map((i) => i.id),
  );
  const byRecord = new Map(grants.map((g) => [g.record_id, toGrant(g, language, brand.currency)]));
  return items.map((i) => ({ ...i, freeRounds: byRecord.get(i.id) ?? null }));
}

/**
 * Published for the vendors domain: the player's usable free rounds for the launched game, as the
 * seamless session answer lists them (`freeRounds`).
 */
export async function sessionFreeRounds(
  db: Executor,
  q: { brandId: string; memberId: string; vendorId: string; gameCode: string; currency: string },
  now = new Date(),
): Promise<NonNullable<SeamlessSession['freeRounds']>> {
  const rows = await usableGrants(db, { ...q, now });
  return rows
    .filter((r) => r.rounds_used < r.rounds_granted)
    .map((r) => ({
      grantId: r.id,
      game: r.game_code,
      stake: formatAmount(r.stake, q.currency),
      remaining: r.rounds_granted - r.rounds_used,
      expiresAt: r.expires_at.toISOString(),
    }));
}

/** Job part: grants past their expiry stop giving rounds (state expired). */
export function expireFreeRounds(db: Executor, now: Date): Promise<number> {
  return expireGrants(db, now);
}

/** A closed record's grant stops giving rounds (state cancelled). */
export function cancelFreeRounds(db: Executor, recordId: string): Promise<void> {
  return cancelGrantOf(db, recordId);
}
