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

// ---- batches (nightly jobs: many entries in one transaction, a fixed number of statements) --------

/** Many accounts at once, each created on first use: one insert of the missing, one read of all. */
export async function ensureAccounts(db: Executor, refs: readonly AccountRef[]): Promise<LedgerAccount[]> {
  if (refs.length === 0) return [];
  const col = <T>(pick: (r: AccountRef) => T) => refs.map(pick);
  const brandIds = col((r) => r.brandId);
  const kinds = col((r) => r.kind);
  const owners = col((r) => r.ownerKey);
  const currencies = col((r) => r.currency);
  const mayGoNegative = col((r) => MAY_GO_NEGATIVE.has(r.kind));
  await sql`
    insert into ledger_accounts (brand_id, kind, owner_key, member_id, vendor_id, currency, balance, may_go_negative)
    select b, k, o, m, v, c, 0, n
    from unnest(${brandIds}::bigint[], ${kinds}::text[], ${owners}::text[], ${col((r) => r.memberId ?? null)}::bigint[],
                ${col((r) => r.vendorId ?? null)}::bigint[], ${currencies}::text[], ${mayGoNegative}::boolean[])
           with ordinality as x(b, k, o, m, v, c, n, i)
    order by i
    on conflict (brand_id, kind, owner_key, currency) do nothing`.execute(db);
  const { rows } = await sql<{
    i: string;
    id: string;
    brand_id: string;
    kind: string;
    currency: string;
    may_go_negative: boolean;
  }>`
    select x.i::text as i, a.id::text as id, a.brand_id::text as brand_id, a.kind, a.currency, a.may_go_negative
    from unnest(${brandIds}::bigint[], ${kinds}::text[], ${owners}::text[], ${currencies}::text[])
           with ordinality as x(b, k, o, c, i)
    join ledger_accounts a on a.brand_id = x.b and a.kind = x.k and a.owner_key = x.o and a.currency = x.c`.execute(
    db,
  );
  const byIndex = new Map(rows.map((r) => [Number(r.i), toAccount(r)]));
  return refs.map((_, i) => {
    const account = byIndex.get(i + 1);
    if (!account) throw new Error('ledger account vanished');
    return account;
  });
}

/**
 * Claims many idempotency keys in one insert (the unique index decides); the keys already held
 * answer their entry and fingerprint. Keys must be distinct within the call.
 */
export async function claimEntries(
  trx: Executor,
  entries: readonly {
    brandId: string;
    kind: string;
    idempotencyKey: string;
    requestHash: string;
    reference: string;
    metadata: Record<string, unknown>;
  }[],
): Promise<EntryClaim[]> {
  if (entries.length === 0) return [];
  const col = <T>(pick: (e: (typeof entries)[number]) => T) => entries.map(pick);
  const { rows } = await sql<{ brand_id: string; idempotency_key: string; id: string }>`
    insert into journal_entries (brand_id, kind, idempotency_key, request_hash, reference, metadata)
    select b, k, i, h, r, m::jsonb
    from unnest(${col((e) => e.brandId)}::bigint[], ${col((e) => e.kind)}::text[], ${col((e) => e.idempotencyKey)}::text[],
                ${col((e) => e.requestHash)}::text[], ${col((e) => e.reference)}::text[],
                ${col((e) => JSON.stringify(e.metadata))}::text[]) with ordinality as x(b, k, i, h, r, m, o)
    order by o
    on conflict (brand_id, idempotency_key) do nothing
    returning brand_id::text as brand_id, idempotency_key, id::text as id`.execute(trx);
  const slot = (brandId: string, key: string) => `${brandId}\u0000${key}`;
  const claimed = new Map(rows.map((r) => [slot(r.brand_id, r.idempotency_key), r.id]));
  const missing = entries.filter((e) => !claimed.has(slot(e.brandId, e.idempotencyKey)));
  const held = new Map<string, { id: string; requestHash: string }>();
  if (missing.length > 0) {
    const found = await sql<{ brand_id: string; idempotency_key: string; id: string; request_hash: string }>`
      select j.brand_id::text as brand_id, j.idempotency_key, j.id::text as id, j.request_hash
      from unnest(${missing.map((e) => e.brandId)}::bigint[], ${missing.map((e) => e.idempotencyKey)}::text[]) as x(b, k)
      join journal_entries j on j.brand_id = x.b and j.idempotency_key = x.k`.execute(trx);
    for (const r of found.rows)
      held.set(slot(r.brand_id, r.idempotency_key), { id: r.id, requestHash: r.request_hash });
  }
  return entries.map((e) => {
    const s = slot(e.brandId, e.idempotencyKey);
    const id = claimed.get(s);
    if (id) return { kind: 'claimed', entryId: id };
    const h = held.get(s);
    if (!h) throw new Error('ledger: a claimed key vanished');
    return { kind: 'exists', entryId: h.id, requestHash: h.requestHash };
  });
}

/**
 * How a batch locks its accounts (so two postings never wait for each other in a circle, every
 * posting on the same accounts must lock them in one order):
 * - `id`: by account id, the order postEntry locks in (a batch and a single entry never deadlock);
 * - `wallets_first`: the accounts that may not go negative (wallets, holds) by id, then the
 *   platform's own (house accounts) by id, so the hot house rows are held last, for the shortest
 *   time. For accounts only batches of this order move (the lottery's house accounts).
 */
export type LockOrder = 'id' | 'wallets_first';

export type MovedAccount = { balance: bigint; mayGoNegative: boolean };

/**
 * Adds each account's net `delta` to its balance in one statement, after locking the accounts in
 * `order`. The locks are FOR NO KEY UPDATE (what the balance UPDATE takes anyway): a row that
 * references an account (an order's wallet and house account) share-locks it FOR KEY SHARE, which
 * FOR UPDATE would wait for, so two writers of such rows would deadlock on their own foreign keys.
 * An account that must not go negative is changed only when it holds enough, checked by the UPDATE
 * itself: the accounts missing from the answer did not.
 */
export async function moveBalances(
  trx: Executor,
  moves: readonly { accountId: string; delta: bigint }[],
  order: LockOrder = 'id',
): Promise<Map<string, MovedAccount>> {
  if (moves.length === 0) return new Map();
  const ids = moves.map((m) => m.accountId);
  await (order === 'id'
    ? sql`select id from ledger_accounts where id = any(${ids}::bigint[]) order by id for no key update`
    : sql`select id from ledger_accounts where id = any(${ids}::bigint[]) order by may_go_negative, id for no key update`
  ).execute(trx);
  const { rows } = await sql<{ id: string; balance: string; may_go_negative: boolean }>`
    update ledger_accounts a set balance = a.balance + x.d
    from unnest(${ids}::bigint[], ${moves.map((m) => m.delta.toString())}::bigint[]) as x(id, d)
    where a.id = x.id and (a.may_go_negative or x.d >= 0 or a.balance + x.d >= 0)
    returning a.id::text as id, a.balance::text as balance, a.may_go_negative`.execute(trx);
  return new Map(rows.map((r) => [r.id, { balance: BigInt(r.balance), mayGoNegative: r.may_go_negative }]));
}

/** Postings in one insert, in the order given (their ids rise in that order). */
export async function insertPostingRows(
  trx: Executor,
  rows: readonly {
    entryId: string;
    accountId: string;
    amount: bigint;
    currency: string;
    balanceAfter: bigint;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into postings (entry_id, account_id, amount, currency, balance_after)
    select e, a, m, c, b
    from unnest(${rows.map((r) => r.entryId)}::bigint[], ${rows.map((r) => r.accountId)}::bigint[],
                ${rows.map((r) => r.amount.toString())}::bigint[], ${rows.map((r) => r.currency)}::text[],
                ${rows.map((r) => r.balanceAfter.toString())}::bigint[]) with ordinality as x(e, a, m, c, b, o)
    order by o`.execute(trx);
}
