import { type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { WithdrawalsTable } from './withdrawals.tables.ts';

/** SQL of withdrawals, bank cards, withdrawal settings and upline transfers; every query is brand-scoped. */

export type SettingsRow = {
  minimumAmount: bigint;
  maximumAmount: bigint;
  dailyCountLimit: number;
  autoReceiptMinutes: number;
  confirmationRequired: boolean;
  maxBankCards: number;
};

export async function findSettings(db: Executor, brandId: string): Promise<SettingsRow | null> {
  const row = await db
    .selectFrom('withdrawal_settings')
    .select([
      'minimum_amount',
      'maximum_amount',
      'daily_count_limit',
      'auto_receipt_minutes',
      'confirmation_required',
      'max_bank_cards',
    ])
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  return row
    ? {
        minimumAmount: BigInt(row.minimum_amount),
        maximumAmount: BigInt(row.maximum_amount),
        dailyCountLimit: row.daily_count_limit,
        autoReceiptMinutes: row.auto_receipt_minutes,
        confirmationRequired: row.confirmation_required,
        maxBankCards: row.max_bank_cards,
      }
    : null;
}

export async function upsertSettings(db: Executor, brandId: string, s: SettingsRow): Promise<void> {
  const values = {
    minimum_amount: s.minimumAmount.toString(),
    maximum_amount: s.maximumAmount.toString(),
    daily_count_limit: s.dailyCountLimit,
    auto_receipt_minutes: s.autoReceiptMinutes,
    confirmation_required: s.confirmationRequired,
    max_bank_cards: s.maxBankCards,
  };
  await db
    .insertInto('withdrawal_settings')
    .values({ brand_id: brandId, ...values })
    .onConflict((oc) => oc.column('brand_id').doUpdateSet(values))
    .execute();
}

const CARD_COLUMNS = ['id', 'bank_name', 'account_holder_name', 'account_number', 'created_at'] as const;
export type CardRow = {
  id: string;
  bank_name: string;
  account_holder_name: string;
  account_number: string;
  created_at: Date;
};

export function listActiveCards(db: Executor, brandId: string, memberId: string): Promise<CardRow[]> {
  return db
    .selectFrom('bank_cards')
    .select(CARD_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
}

export async function findActiveCard(
  db: Executor,
  brandId: string,
  memberId: string,
  cardId: string,
): Promise<CardRow | null> {
  const row = await db
    .selectFrom('bank_cards')
    .select(CARD_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('id', '=', cardId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row ?? null;
}

export async function countActiveCards(db: Executor, brandId: string, memberId: string): Promise<number> {
  const row = await db
    .selectFrom('bank_cards')
    .select(sql<string>`count(*)`.as('n'))
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertCard(
  db: Executor,
  card: { brandId: string; memberId: string; bankName: string; holder: string; accountNumber: string },
): Promise<CardRow> {
  return db
    .insertInto('bank_cards')
    .values({
      brand_id: card.brandId,
      member_id: card.memberId,
      bank_name: card.bankName,
      account_holder_name: card.holder,
      account_number: card.accountNumber,
    })
    .returning(CARD_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Disables an active card of this member; false when there is none (another member's included). */
export async function disableCard(
  db: Executor,
  brandId: string,
  memberId: string,
  cardId: string,
): Promise<boolean> {
  const row = await db
    .updateTable('bank_cards')
    .set({ status: 'disabled', disabled_at: new Date() })
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('id', '=', cardId)
    .where('status', '=', 'active')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Serialises one member's money requests (daily count, double clicks) for the transaction's life. */
export async function lockMember(trx: Executor, brandId: string, memberId: string): Promise<void> {
  await trx
    .selectFrom('members')
    .select('id')
    .where('brand_id', '=', brandId)
    .where('id', '=', memberId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export const WITHDRAWAL_COLUMNS = [
  'id',
  'brand_id',
  'member_id',
  'bank_card_id',
  'bank_name',
  'account_holder_name',
  'account_number',
  'amount',
  'currency',
  'client_request_id',
  'status',
  'reject_reason',
  'confirmation',
  'received_amount',
  'proof_image',
  'dispute_note',
  'reviewed_by',
  'created_at',
  'paid_at',
] as const;

export type WithdrawalRow = Pick<
  Selectable<WithdrawalsTable>,
  | 'id'
  | 'brand_id'
  | 'member_id'
  | 'bank_card_id'
  | 'bank_name'
  | 'account_holder_name'
  | 'account_number'
  | 'amount'
  | 'currency'
  | 'client_request_id'
  | 'status'
  | 'reject_reason'
  | 'confirmation'
  | 'received_amount'
  | 'proof_image'
  | 'dispute_note'
  | 'reviewed_by'
  | 'created_at'
  | 'paid_at'
>;

export async function findRequest(
  db: Executor,
  brandId: string,
  memberId: string,
  clientRequestId: string,
): Promise<WithdrawalRow | null> {
  const row = await db
    .selectFrom('withdrawals')
    .select(WITHDRAWAL_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('client_request_id', '=', clientRequestId)
    .executeTakeFirst();
  return row ?? null;
}

/** The member's withdrawal (null for another member's or another brand's). */
export async function findWithdrawal(
  db: Executor,
  brandId: string,
  id: string,
  memberId?: string,
): Promise<WithdrawalRow | null> {
  const row = await db
    .selectFrom('withdrawals')
    .select(WITHDRAWAL_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .$if(memberId !== undefined, (q) => q.where('member_id', '=', memberId as string))
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The start of the current UTC day, whatever time zone the database session has (`date_trunc` of a
 * timestamptz and a `date` cast to one follow the session's zone: a server set to local time moved
 * the daily limits' midnight and the list's days off UTC).
 */
const UTC_TODAY = sql<Date>`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`;

/** The first instant (UTC) of a `YYYY-MM-DD` day, `plus` days later. */
const utcDayStart = (day: string, plus = 0) =>
  sql<Date>`(${day}::date + ${plus}::int)::timestamp at time zone 'utc'`;

/** Withdrawals of today (UTC) that still count against the daily limit (rejected ones do not). */
export async function countToday(db: Executor, brandId: string, memberId: string): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select(sql<string>`count(*)`.as('n'))
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('status', '<>', 'rejected')
    .where('created_at', '>=', UTC_TODAY)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The amount of today's (UTC) withdrawals of a member that were not rejected, minor units. */
export async function sumToday(db: Executor, brandId: string, memberId: string): Promise<bigint> {
  const row = await db
    .selectFrom('withdrawals')
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('status', '<>', 'rejected')
    .where('created_at', '>=', UTC_TODAY)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

export async function insertWithdrawal(
  trx: Executor,
  w: {
    brandId: string;
    memberId: string;
    card: CardRow;
    amount: bigint;
    currency: string;
    clientRequestId: string;
  },
): Promise<WithdrawalRow> {
  return trx
    .insertInto('withdrawals')
    .values({
      brand_id: w.brandId,
      member_id: w.memberId,
      bank_card_id: w.card.id,
      bank_name: w.card.bank_name,
      account_holder_name: w.card.account_holder_name,
      account_number: w.card.account_number,
      amount: w.amount.toString(),
      currency: w.currency,
      client_request_id: w.clientRequestId,
    })
    .returning(WITHDRAWAL_COLUMNS)
    .executeTakeFirstOrThrow();
}

export type Transition = {
  from: readonly string[];
  set: Partial<{
    status: string;
    reviewed_by: string | null;
    reject_reason: string;
    confirmation: string | null;
    received_amount: string | null;
    proof_image: string | null;
    dispute_note: string;
    approved_at: Date;
    rejected_at: Date;
    paid_at: Date;
    confirmed_at: Date;
    resolved_at: Date;
  }>;
};

/**
 * The conditional state change every action goes through: applied only while the withdrawal is in
 * one of `from`, so of two concurrent approvals (or rejections, or confirmations) exactly one gets
 * the row back; the other gets null and changes nothing.
 */
export async function transition(
  trx: Executor,
  scope: { brandId: string; id: string; memberId?: string },
  change: Transition,
): Promise<WithdrawalRow | null> {
  const row = await trx
    .updateTable('withdrawals')
    .set({ ...change.set, updated_at: new Date() })
    .where('brand_id', '=', scope.brandId)
    .where('id', '=', scope.id)
    .where('status', 'in', change.from as string[])
    .$if(scope.memberId !== undefined, (q) => q.where('member_id', '=', scope.memberId as string))
    .returning(WITHDRAWAL_COLUMNS)
    .executeTakeFirst();
  return row ?? null;
}

export async function listMemberWithdrawals(
  db: Executor,
  brandId: string,
  memberId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const base = db.selectFrom('withdrawals').where('brand_id', '=', brandId).where('member_id', '=', memberId);
  const [rows, count] = await Promise.all([
    base.select(WITHDRAWAL_COLUMNS).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type QueueFilter = {
  status?: string | undefined;
  username?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

export async function listQueue(
  db: Executor,
  brandId: string,
  filter: QueueFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: (WithdrawalRow & { username: string })[]; total: number }> {
  const base = db
    .selectFrom('withdrawals')
    .where('brand_id', '=', brandId)
    .$if(filter.status !== undefined, (q) => q.where('status', '=', filter.status as string))
    .$if(filter.username !== undefined && filter.username !== '', (q) =>
      q.where('member_id', 'in', (eb) =>
        eb
          .selectFrom('members')
          .select('members.id')
          .where('members.brand_id', '=', brandId)
          .where(sql<string>`lower(members.username)`, '=', (filter.username as string).toLowerCase()),
      ),
    )
    .$if(filter.from !== undefined, (q) => q.where('created_at', '>=', utcDayStart(filter.from as string)))
    .$if(filter.to !== undefined, (q) => q.where('created_at', '<', utcDayStart(filter.to as string, 1)));
  const [rows, count] = await Promise.all([
    base
      .select(WITHDRAWAL_COLUMNS)
      .select((eb) =>
        eb
          .selectFrom('members')
          .select('members.username')
          .whereRef('members.id', '=', 'withdrawals.member_id')
          .as('username'),
      )
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, username: r.username ?? '' })), total: Number(count.n) };
}

export async function findWithUsername(
  db: Executor,
  brandId: string,
  id: string,
): Promise<(WithdrawalRow & { username: string }) | null> {
  const row = await db
    .selectFrom('withdrawals')
    .select(WITHDRAWAL_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('members')
        .select('members.username')
        .whereRef('members.id', '=', 'withdrawals.member_id')
        .as('username'),
    )
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, username: row.username ?? '' } : null;
}

/**
 * Marks every paid withdrawal whose brand's auto-receipt minutes have passed by `now` as received.
 * One conditional UPDATE: safe when several server processes run it at the same moment.
 */
export async function autoConfirmPaid(db: Executor, now: Date, defaultMinutes: number): Promise<number> {
  const rows = await db
    .updateTable('withdrawals')
    .set({ status: 'received', confirmation: 'auto', confirmed_at: now, updated_at: now })
    .where('status', '=', 'paid')
    .where(
      'paid_at',
      '<=',
      sql<Date>`${now}::timestamptz - make_interval(mins => coalesce(
        (select s.auto_receipt_minutes from withdrawal_settings s where s.brand_id = withdrawals.brand_id),
        ${defaultMinutes}))`,
    )
    .returning('id')
    .execute();
  return rows.length;
}

export async function findUplineTransfer(
  db: Executor,
  brandId: string,
  memberId: string,
  clientRequestId: string,
) {
  const row = await db
    .selectFrom('upline_transfers')
    .select(['id', 'upline_id', 'amount', 'entry_id'])
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('client_request_id', '=', clientRequestId)
    .executeTakeFirst();
  return row ?? null;
}

export async function insertUplineTransfer(
  trx: Executor,
  t: {
    brandId: string;
    memberId: string;
    uplineId: string;
    amount: bigint;
    currency: string;
    clientRequestId: string;
  },
): Promise<string> {
  const row = await trx
    .insertInto('upline_transfers')
    .values({
      brand_id: t.brandId,
      member_id: t.memberId,
      upline_id: t.uplineId,
      amount: t.amount.toString(),
      currency: t.currency,
      client_request_id: t.clientRequestId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setUplineTransferEntry(trx: Executor, id: string, entryId: string): Promise<void> {
  await trx.updateTable('upline_transfers').set({ entry_id: entryId }).where('id', '=', id).execute();
}
