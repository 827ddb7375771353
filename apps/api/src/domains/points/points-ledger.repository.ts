import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';

/** Kinds of points accounts: a member's points, and per brand where points come from and go to. */
export type PointsAccountKind = 'member' | 'earned' | 'exchange_hold' | 'redeemed' | 'converted';
export type PointsAccount = { id: string; kind: PointsAccountKind };
export type PointsLeg = { account: PointsAccount; amount: bigint };

/** The account (created on first use): a member's own, or the brand's account of `kind`. */
export async function pointsAccount(
  db: Executor,
  brandId: string,
  kind: PointsAccountKind,
  memberId: string | null = null,
): Promise<PointsAccount> {
  const ownerKey = memberId === null ? '' : `member:${memberId}`;
  await db
    .insertInto('points_accounts')
    .values({ brand_id: brandId, kind, member_id: memberId, owner_key: ownerKey })
    .onConflict((oc) => oc.columns(['brand_id', 'kind', 'owner_key']).doNothing())
    .execute();
  const row = await db
    .selectFrom('points_accounts')
    .select('id')
    .where('brand_id', '=', brandId)
    .where('kind', '=', kind)
    .where('owner_key', '=', ownerKey)
    .executeTakeFirstOrThrow();
  return { id: row.id, kind };
}

/** A member's points balance (0 without an account). */
export async function memberPoints(db: Executor, brandId: string, memberId: string): Promise<bigint> {
  const row = await db
    .selectFrom('points_accounts')
    .select('balance')
    .where('brand_id', '=', brandId)
    .where('kind', '=', 'member')
    .where('owner_key', '=', `member:${memberId}`)
    .executeTakeFirst();
  return row ? BigInt(row.balance) : 0n;
}

export type PointsEntrySpec = {
  brandId: string;
  kind: 'earn' | 'redeem' | 'exchange_pass' | 'exchange_reject' | 'convert';
  category?: string | null;
  idempotencyKey: string;
  requestHash: string;
  reference?: string;
  legs: PointsLeg[];
};

/**
 * Posts one points entry in the caller's transaction: claims the key (unique per brand), moves each
 * balance with a conditional UPDATE in account id order (a member's or a hold's balance never goes
 * below zero: `insufficient points` then, and the caller rolls back), writes the postings with the
 * balance after each. The legs must sum to zero (checked here and by a deferred trigger at commit).
 * Returns null for a key already posted with the same fingerprint (nothing applied again).
 */
export async function postPoints(trx: Executor, spec: PointsEntrySpec): Promise<{ entryId: string } | null> {
  const legs = spec.legs.filter((l) => l.amount !== 0n);
  if (legs.length < 2) throw new Error('points: an entry needs at least two non-zero legs');
  if (legs.reduce((s, l) => s + l.amount, 0n) !== 0n) throw new Error('points: legs do not sum to zero');
  const claimed = await trx
    .insertInto('points_entries')
    .values({
      brand_id: spec.brandId,
      kind: spec.kind,
      category: spec.category ?? null,
      idempotency_key: spec.idempotencyKey,
      request_hash: spec.requestHash,
      reference: spec.reference ?? '',
    })
    .onConflict((oc) => oc.columns(['brand_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claimed) {
    const existing = await trx
      .selectFrom('points_entries')
      .select('request_hash')
      .where('brand_id', '=', spec.brandId)
      .where('idempotency_key', '=', spec.idempotencyKey)
      .executeTakeFirstOrThrow();
    if (existing.request_hash !== spec.requestHash) throw new AppError('idempotency_mismatch');
    return null;
  }
  const ordered = [...legs].sort((a, b) => {
    const d = BigInt(a.account.id) - BigInt(b.account.id);
    return d === 0n ? 0 : d < 0n ? -1 : 1;
  });
  for (const leg of ordered) {
    const moved = await sql<{ balance: string }>`
      update points_accounts set balance = balance + ${leg.amount.toString()}::bigint
      where id = ${leg.account.id}
        and (kind not in ('member', 'exchange_hold') or balance + ${leg.amount.toString()}::bigint >= 0)
      returning balance::text as balance`.execute(trx);
    const after = moved.rows[0];
    if (!after) throw new AppError('points_insufficient');
    await trx
      .insertInto('points_postings')
      .values({
        entry_id: claimed.id,
        account_id: leg.account.id,
        amount: leg.amount.toString(),
        balance_after: after.balance,
      })
      .execute();
  }
  return { entryId: claimed.id };
}
