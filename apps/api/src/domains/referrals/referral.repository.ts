import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { pageNewestFirst } from '../../db/paging.ts';

export async function findCodeOf(db: Executor, memberId: string): Promise<string | null> {
  const row = await db
    .selectFrom('referral_codes')
    .select('code')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.code ?? null;
}

/** Stores a member's code unless it has one; false when the code is taken in the brand. */
export async function insertCode(
  db: Executor,
  brandId: string,
  memberId: string,
  code: string,
): Promise<boolean> {
  const result = await sql`
    insert into referral_codes (member_id, brand_id, code) values (${memberId}, ${brandId}, ${code})
    on conflict do nothing`.execute(db);
  return (result.numAffectedRows ?? 0n) > 0n;
}

export async function findCodeOwner(db: Executor, brandId: string, code: string) {
  return db
    .selectFrom('referral_codes as c')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .select(['c.member_id as memberId', 'm.is_agent as isAgent'])
    .where('c.brand_id', '=', brandId)
    .where('c.code', '=', code)
    .executeTakeFirst();
}

export async function countInvitations(db: Executor, referrerId: string): Promise<number> {
  const row = await db
    .selectFrom('referrals')
    .select(sql<string>`count(*)`.as('n'))
    .where('referrer_id', '=', referrerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function recordDevice(db: Executor, memberId: string, deviceId: string) {
  await db
    .insertInto('referral_devices')
    .values({ member_id: memberId, device_id: deviceId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function insertReferral(
  db: Executor,
  r: { brandId: string; referrerId: string; friendId: string; ip: string; device: string },
): Promise<boolean> {
  const result = await sql`
    insert into referrals (brand_id, referrer_id, friend_id, signup_ip, signup_device)
    values (${r.brandId}, ${r.referrerId}, ${r.friendId}, ${r.ip}, ${r.device})
    on conflict (friend_id) do nothing`.execute(db);
  return (result.numAffectedRows ?? 0n) > 0n;
}

export type RuleRow = {
  active: boolean;
  minFirstDeposit: string;
  minTurnover: string;
  withinDays: number;
  reward: string;
};

export async function findRule(db: Executor, brandId: string): Promise<RuleRow | undefined> {
  return db
    .selectFrom('referral_rules')
    .select([
      'active',
      'min_first_deposit as minFirstDeposit',
      'min_turnover as minTurnover',
      'within_days as withinDays',
      'reward',
    ])
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
}

export async function upsertRule(
  db: Executor,
  brandId: string,
  rule: { active: boolean; minFirstDeposit: bigint; minTurnover: bigint; withinDays: number; reward: bigint },
  operatorId: string,
) {
  await db
    .insertInto('referral_rules')
    .values({
      brand_id: brandId,
      active: rule.active,
      min_first_deposit: rule.minFirstDeposit,
      min_turnover: rule.minTurnover,
      within_days: rule.withinDays,
      reward: rule.reward,
      updated_by: operatorId,
    })
    .onConflict((oc) =>
      oc.column('brand_id').doUpdateSet({
        active: rule.active,
        min_first_deposit: rule.minFirstDeposit,
        min_turnover: rule.minTurnover,
        within_days: rule.withinDays,
        reward: rule.reward,
        updated_by: operatorId,
        updated_at: new Date(),
      }),
    )
    .execute();
}

export type ReferralRow = {
  id: string;
  brandId: string;
  referrerId: string;
  referrer: string;
  friendId: string;
  friend: string;
  status: 'pending' | 'held' | 'paid' | 'rejected' | 'expired';
  holdReasons: string[];
  signupIp: string;
  signupDevice: string;
  firstDeposit: string | null;
  turnover: string;
  reward: string | null;
  note: string;
  reviewedBy: string | null;
  createdAt: Date;
};

function referralSelect(db: Executor) {
  return db
    .selectFrom('referrals as r')
    .innerJoin('members as a', 'a.id', 'r.referrer_id')
    .innerJoin('members as f', 'f.id', 'r.friend_id')
    .leftJoin('operators as o', 'o.id', 'r.reviewed_by')
    .select([
      'r.id',
      'r.brand_id as brandId',
      'r.referrer_id as referrerId',
      'a.username as referrer',
      'r.friend_id as friendId',
      'f.username as friend',
      'r.status',
      'r.hold_reasons as holdReasons',
      'r.signup_ip as signupIp',
      'r.signup_device as signupDevice',
      'r.first_deposit as firstDeposit',
      'r.turnover',
      'r.reward',
      'r.note',
      'o.username as reviewedBy',
      'r.created_at as createdAt',
    ]);
}

export async function findReferral(
  db: Executor,
  brandId: string,
  id: string,
): Promise<ReferralRow | undefined> {
  return (await referralSelect(db)
    .where('r.brand_id', '=', brandId)
    .where('r.id', '=', id)
    .executeTakeFirst()) as ReferralRow | undefined;
}

export async function listReferrals(
  db: Executor,
  filter: { brandId: string; referrerId?: string; status?: string },
  page: number,
  size: number,
): Promise<{ items: ReferralRow[]; total: number }> {
  let list = referralSelect(db).where('r.brand_id', '=', filter.brandId);
  if (filter.referrerId) list = list.where('r.referrer_id', '=', filter.referrerId);
  if (filter.status) list = list.where('r.status', '=', filter.status);
  // Every referral has its two members (inner joins on required keys): counting the joined rows
  // counts the referrals.
  const { items, total } = await pageNewestFirst(list, 'r.id', page, size);
  return { items: items as ReferralRow[], total };
}

/** The friend's referral with what qualification needs (its rule and the brand's currency). */
export async function openReferralsOf(db: Executor, friendIds: readonly string[]) {
  if (friendIds.length === 0) return [];
  return db
    .selectFrom('referrals as r')
    .innerJoin('brands as b', 'b.id', 'r.brand_id')
    .innerJoin('referral_rules as rule', 'rule.brand_id', 'r.brand_id')
    .select([
      'r.id',
      'r.brand_id as brandId',
      'r.referrer_id as referrerId',
      'r.friend_id as friendId',
      'r.created_at as createdAt',
      'b.currency',
      'rule.active',
      'rule.min_first_deposit as minFirstDeposit',
      'rule.min_turnover as minTurnover',
      'rule.within_days as withinDays',
      'rule.reward',
    ])
    .where('r.friend_id', 'in', friendIds)
    .where('r.status', '=', 'pending')
    .forUpdate('r')
    .execute();
}

export async function addReferralProgress(
  db: Executor,
  id: string,
  change: { deposit: bigint | null; turnover: bigint },
): Promise<{ firstDeposit: string | null; turnover: string }> {
  return db
    .updateTable('referrals')
    .set({
      first_deposit:
        change.deposit === null
          ? sql`first_deposit`
          : sql`coalesce(first_deposit, ${change.deposit}::bigint)`,
      turnover: sql`greatest(turnover + ${change.turnover}::bigint, 0)`,
    })
    .where('id', '=', id)
    .returning(['first_deposit as firstDeposit', 'turnover'])
    .executeTakeFirstOrThrow();
}

/**
 * Why a friend looks like the referrer: a shared address (registration or known), registration
 * device, or bank account (a card, also a removed one, or a withdrawal's account).
 */
export async function sharedReasons(
  db: Executor,
  r: { referrerId: string; friendId: string },
): Promise<string[]> {
  const row = await sql<{ ip: boolean; device: boolean; bank: boolean }>`
    select
      exists (
        select 1 from referrals x
        join members a on a.id = x.referrer_id
        where x.friend_id = ${r.friendId} and x.signup_ip <> ''
          and (x.signup_ip = a.register_ip
               or exists (select 1 from member_ips i where i.member_id = a.id and i.ip = x.signup_ip))
      ) or exists (
        select 1 from member_ips fi join member_ips ri on ri.ip = fi.ip
        where fi.member_id = ${r.friendId} and ri.member_id = ${r.referrerId}
      ) as ip,
      exists (
        select 1 from referral_devices fd join referral_devices rd on rd.device_id = fd.device_id
        where fd.member_id = ${r.friendId} and rd.member_id = ${r.referrerId}
      ) as device,
      exists (
        with accounts as (
          select member_id, account_number from bank_cards where member_id in (${r.friendId}, ${r.referrerId})
          union
          select member_id, account_number from withdrawals where member_id in (${r.friendId}, ${r.referrerId})
        )
        select 1 from accounts f join accounts a on a.account_number = f.account_number
        where f.member_id = ${r.friendId} and a.member_id = ${r.referrerId}
      ) as bank`.execute(db);
  const found = row.rows[0];
  const reasons: string[] = [];
  if (found?.ip) reasons.push('shared_ip');
  if (found?.device) reasons.push('shared_device');
  if (found?.bank) reasons.push('shared_bank_account');
  return reasons;
}

export async function holdReferral(db: Executor, id: string, reasons: string[]): Promise<boolean> {
  const result = await db
    .updateTable('referrals')
    .set({ status: 'held', hold_reasons: reasons })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The conditional move to paid (from `from`); false when the referral is no longer there. */
export async function markReferralPaid(
  db: Executor,
  brandId: string,
  id: string,
  from: 'pending' | 'held',
  reward: bigint,
  now: Date,
  review?: { operatorId: string; note: string },
): Promise<boolean> {
  const result = await db
    .updateTable('referrals')
    .set({
      status: 'paid',
      reward,
      paid_at: now,
      ...(review ? { reviewed_by: review.operatorId, reviewed_at: now, note: review.note } : {}),
    })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function rejectReferral(
  db: Executor,
  brandId: string,
  id: string,
  review: { operatorId: string; note: string },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('referrals')
    .set({ status: 'rejected', reviewed_by: review.operatorId, reviewed_at: now, note: review.note })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .where('status', '=', 'held')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function claimReferralEntries(db: Executor, entryIds: readonly string[]): Promise<Set<string>> {
  if (entryIds.length === 0) return new Set();
  const rows = await db
    .insertInto('referral_applied_entries')
    .values(entryIds.map((entry_id) => ({ entry_id })))
    .onConflict((oc) => oc.column('entry_id').doNothing())
    .returning('entry_id')
    .execute();
  return new Set(rows.map((r) => String(r.entry_id)));
}

export async function memberCreatedAt(db: Executor, brandId: string, memberId: string) {
  const row = await db
    .selectFrom('members')
    .select('created_at')
    .where('brand_id', '=', brandId)
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row?.created_at ?? null;
}
