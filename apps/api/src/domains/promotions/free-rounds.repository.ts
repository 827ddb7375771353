import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

/**
 * The free-round grants of claimed `free_rounds` rewards (migration 0044, docs/free-rounds.md).
 * The seamless functions (domains/vendors/sql) take and give back rounds; this file creates,
 * lists and expires grants.
 */

/** A house slot of the brand's catalogue: the only games free rounds are given for. */
export type HouseSlotRow = {
  id: string;
  code: string;
  min_bet: string;
  /** The stakes the slot accepts (minor units; empty = any from min_bet), migration 0048. */
  stakes: string[];
  vendor_id: string;
  vendor_code: string;
};

export function houseSlot(db: Executor, brandId: string, gameId: string): Promise<HouseSlotRow | undefined> {
  return db
    .selectFrom('games as g')
    .innerJoin('vendors as v', 'v.id', 'g.vendor_id')
    .select(['g.id', 'g.code', 'g.min_bet', 'v.id as vendor_id', 'v.code as vendor_code'])
    .select(sql<string[]>`cast(g.stakes as text[])`.as('stakes'))
    .where('g.brand_id', '=', brandId)
    .where('g.id', '=', gameId)
    .where('v.code', '=', 'HOUSE')
    .where('g.game_type', '=', 'SLOT')
    .executeTakeFirst();
}

export async function insertGrant(
  db: Executor,
  grant: {
    brandId: string;
    memberId: string;
    recordId: string;
    vendorId: string;
    gameCode: string;
    stake: bigint;
    rounds: number;
    expiresAt: Date;
  },
): Promise<string> {
  const row = await db
    .insertInto('free_round_grants')
    .values({
      brand_id: grant.brandId,
      member_id: grant.memberId,
      record_id: grant.recordId,
      vendor_id: grant.vendorId,
      game_code: grant.gameCode,
      stake: grant.stake.toString(),
      rounds_granted: grant.rounds,
      expires_at: grant.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type GrantRow = {
  id: string;
  record_id: string;
  vendor_code: string;
  game_code: string;
  name_en: string | null;
  name_ms: string | null;
  name_cn: string | null;
  stake: string;
  rounds_granted: number;
  rounds_used: number;
  expires_at: Date;
  state: string;
};

/** The grants of these promotion records (of one brand), with their game's names. */
export function grantsOfRecords(
  db: Executor,
  brandId: string,
  recordIds: readonly string[],
): Promise<GrantRow[]> {
  if (recordIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('free_round_grants as f')
    .innerJoin('vendors as v', 'v.id', 'f.vendor_id')
    .leftJoin('games as g', (j) =>
      j.onRef('g.vendor_id', '=', 'f.vendor_id').onRef('g.code', '=', 'f.game_code'),
    )
    .select([
      'f.id',
      'f.record_id',
      'v.code as vendor_code',
      'f.game_code',
      'g.name_en',
      'g.name_ms',
      'g.name_cn',
      'f.stake',
      'f.rounds_granted',
      'f.rounds_used',
      'f.expires_at',
      'f.state',
    ])
    .where('f.brand_id', '=', brandId)
    .where('f.record_id', 'in', recordIds)
    .execute();
}

/** The member's usable grants for one game of one vendor (the seamless session answer). */
export function usableGrants(
  db: Executor,
  q: { brandId: string; memberId: string; vendorId: string; gameCode: string; now: Date },
) {
  return db
    .selectFrom('free_round_grants')
    .select(['id', 'game_code', 'stake', 'rounds_granted', 'rounds_used', 'expires_at'])
    .where('brand_id', '=', q.brandId)
    .where('member_id', '=', q.memberId)
    .where('vendor_id', '=', q.vendorId)
    .where('game_code', '=', q.gameCode)
    .where('state', '=', 'active')
    .where('expires_at', '>', q.now)
    .orderBy('expires_at')
    .orderBy('id')
    .limit(20)
    .execute();
}

/** Grants past their expiry become `expired` (the bonus expiry job); answers how many. */
export async function expireGrants(db: Executor, now: Date): Promise<number> {
  const result = await sql`
    update free_round_grants set state = 'expired', updated_at = now()
      where state = 'active' and expires_at <= ${now}`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** The grant of a record closed (forfeited, cancelled) gives no more rounds. */
export async function cancelGrantOf(db: Executor, recordId: string): Promise<void> {
  await db
    .updateTable('free_round_grants')
    .set({ state: 'cancelled', updated_at: new Date() })
    .where('record_id', '=', recordId)
    .where('state', '=', 'active')
    .execute();
}
