import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

export const ACCOUNT_KINDS = [
  'member_main',
  'member_vendor',
  'house',
  'vendor',
  'bonus',
  'payment_provider',
  'agent',
  'demo_credit',
  // Money of requested withdrawals until paid out or returned (migration 0006).
  'withdrawal_hold',
  // A member's stakes of a lottery chase's future numeros, until placed or returned (migration 0030).
  'lottery_hold',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** The platform's own accounts (the other side of player money) may go negative; wallets never. */
const MAY_GO_NEGATIVE: ReadonlySet<AccountKind> = new Set([
  'house',
  'vendor',
  'payment_provider',
  'demo_credit',
]);

export type LedgerAccount = {
  id: string;
  brandId: string;
  kind: AccountKind;
  currency: string;
  mayGoNegative: boolean;
};

export type AccountRef = {
  brandId: string;
  kind: AccountKind;
  /** Who owns it inside the brand: `member:12`, `vendor:3`, or '' for the brand's own. */
  ownerKey: string;
  currency: string;
  memberId?: string | null;
  vendorId?: string | null;
};

const ACCOUNT_COLUMNS = ['id', 'brand_id', 'kind', 'currency', 'may_go_negative'] as const;

function toAccount(row: {
  id: string;
  brand_id: string;
  kind: string;
  currency: string;
  may_go_negative: boolean;
}): LedgerAccount {
  return {
    id: row.id,
    brandId: row.brand_id,
    kind: row.kind as AccountKind,
    currency: row.currency,
    mayGoNegative: row.may_go_negative,
  };
}

function findAccount(db: Executor, ref: AccountRef) {
  return db
    .selectFrom('ledger_accounts')
    .select(ACCOUNT_COLUMNS)
    .where('brand_id', '=', ref.brandId)
    .where('kind', '=', ref.kind)
    .where('owner_key', '=', ref.ownerKey)
    .where('currency', '=', ref.currency)
    .executeTakeFirst();
}

/** The account, created on first use (concurrent creators get the same row). */
export async function ensureAccount(
  db: Executor,
  ref: AccountRef,
): Promise<{ account: LedgerAccount; created: boolean }> {
  const existing = await findAccount(db, ref);
  if (existing) return { account: toAccount(existing), created: false };
  const inserted = await db
    .insertInto('ledger_accounts')
    .values({
      brand_id: ref.brandId,
      kind: ref.kind,
      owner_key: ref.ownerKey,
      member_id: ref.memberId ?? null,
      vendor_id: ref.vendorId ?? null,
      currency: ref.currency,
      balance: '0',
      may_go_negative: MAY_GO_NEGATIVE.has(ref.kind),
    })
    .onConflict((oc) => oc.columns(['brand_id', 'kind', 'owner_key', 'currency']).doNothing())
    .returning(ACCOUNT_COLUMNS)
    .executeTakeFirst();
  if (inserted) return { account: toAccount(inserted), created: true };
  const row = await findAccount(db, ref);
  if (!row) throw new Error('ledger account vanished');
  return { account: toAccount(row), created: false };
}

export async function accountBalance(db: Executor, accountId: string): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return BigInt(row.balance);
}

export type EntryClaim =
  | { kind: 'claimed'; entryId: string }
  | { kind: 'exists'; entryId: string; requestHash: string };

/** Claims an idempotency key by the unique index: insert, or read the entry that already holds it. */
export async function claimEntry(
  trx: Executor,
  entry: {
    brandId: string;
    kind: string;
    idempotencyKey: string;
    requestHash: string;
    reference: string;
    metadata: Record<string, unknown>;
  },
): Promise<EntryClaim> {
  const inserted = await trx
    .insertInto('journal_entries')
    .values({
      brand_id: entry.brandId,
      kind: entry.kind,
      idempotency_key: entry.idempotencyKey,
      request_hash: entry.requestHash,
      reference: entry.reference,
      metadata: JSON.stringify(entry.metadata),
    })
    .onConflict((oc) => oc.columns(['brand_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { kind: 'claimed', entryId: inserted.id };
  const row = await trx
    .selectFrom('journal_entries')
    .select(['id', 'request_hash'])
    .where('brand_id', '=', entry.brandId)
    .where('idempotency_key', '=', entry.idempotencyKey)
    .executeTakeFirstOrThrow();
  return { kind: 'exists', entryId: row.id, requestHash: row.request_hash };
}

/**
 * Adds `amount` (signed) to an account's balance. A wallet that must not go negative is changed
 * only when it holds enough (`balance >= -amount`, checked by the UPDATE itself, never by a prior
 * read): null means insufficient funds.
 */
export async function moveBalance(
  trx: Executor,
  account: LedgerAccount,
  amount: bigint,
): Promise<bigint | null> {
  const guarded = amount < 0n && !account.mayGoNegative;
  const row = await trx
    .updateTable('ledger_accounts')
    .set({ balance: sql`balance + ${amount.toString()}::bigint` })
    .where('id', '=', account.id)
    .$if(guarded, (q) => q.where('balance', '>=', sql<string>`${(-amount).toString()}::bigint`))
    .returning('balance')
    .executeTakeFirst();
  return row ? BigInt(row.balance) : null;
}

export async function insertPostings(
  trx: Executor,
  rows: { entryId: string; accountId: string; amount: bigint; currency: string; balanceAfter: bigint }[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('postings')
    .values(
      rows.map((r) => ({
        entry_id: r.entryId,
        account_id: r.accountId,
        amount: r.amount.toString(),
        currency: r.currency,
        balance_after: r.balanceAfter.toString(),
      })),
    )
    .execute();
}
