import { sql } from 'kysely';
import type { Executor, Tx } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';

/**
 * The lottery's money, posted to the platform's ledger (journal_entries, postings, ledger_accounts)
 * set-based: any number of two-leg entries in four statements, so settling a numero pays thousands
 * of winning orders per batch instead of running ten statements for each.
 *
 * Each transfer is one journal entry (its idempotency key claimed by the ledger's unique index in
 * the same transaction) with two postings that sum to zero, `amount` from one account to another.
 * Lock order: the accounts that may not go negative (wallets, holds) by id, then the platform's own
 * accounts (the house) by id. Every lottery movement follows it, so a settlement batch and a
 * member's order never wait for each other in a circle, and the hot house rows are held last,
 * for the shortest time. The locks are FOR NO KEY UPDATE (what the balance UPDATE takes anyway):
 * an order row's foreign keys share-lock its wallet and house account (FOR KEY SHARE), which FOR
 * UPDATE would wait for, so two orders of one member would deadlock on their own foreign keys.
 */
export type Transfer = {
  key: string;
  kind: string;
  reference: string;
  metadata: Record<string, string>;
  from: string;
  to: string;
  amount: bigint;
};

export type Posted = {
  /** Keys posted now, with their entry id; a key the ledger held already is absent (a replay). */
  entries: Map<string, string>;
  /** Balance of each account touched, after the batch. */
  balances: Map<string, bigint>;
};

export function requestHashOf(transfer: Transfer): string {
  return sha256Hex(`${transfer.kind}|${transfer.key}|${transfer.from}|${transfer.to}|${transfer.amount}`);
}

export async function postTransfers(
  trx: Tx,
  brandId: string,
  currency: string,
  transfers: readonly Transfer[],
): Promise<Posted> {
  const entries = new Map<string, string>();
  const balances = new Map<string, bigint>();
  const live = transfers.filter((t) => t.amount !== 0n);
  for (const t of live) {
    if (t.amount < 0n || t.from === t.to) throw new Error(`lottery ledger: bad transfer ${t.key}`);
  }
  if (live.length === 0) return { entries, balances };
  const claimed = await sql<{ id: string; idempotency_key: string }>`
    insert into journal_entries (brand_id, kind, idempotency_key, request_hash, reference, metadata)
    select ${brandId}::bigint, t.kind, t.key, t.hash, t.reference, t.metadata::jsonb
    from unnest(${live.map((t) => t.kind)}::text[], ${live.map((t) => t.key)}::text[],
                ${live.map(requestHashOf)}::text[], ${live.map((t) => t.reference)}::text[],
                ${live.map((t) => JSON.stringify(t.metadata))}::text[])
         with ordinality as t(kind, key, hash, reference, metadata, ord)
    order by t.ord
    on conflict (brand_id, idempotency_key) do nothing
    returning id, idempotency_key`.execute(trx);
  for (const row of claimed.rows) entries.set(row.idempotency_key, row.id);
  const posted = live.filter((t) => entries.has(t.key));
  if (posted.length === 0) return { entries, balances };

  const deltas = new Map<string, bigint>();
  for (const t of posted) {
    deltas.set(t.from, (deltas.get(t.from) ?? 0n) - t.amount);
    deltas.set(t.to, (deltas.get(t.to) ?? 0n) + t.amount);
  }
  const ids = [...deltas.keys()];
  await sql`
    select id from ledger_accounts where id = any(${ids}::bigint[])
    order by may_go_negative, id for no key update`.execute(trx);
  const moved = await sql<{ id: string; balance: string }>`
    update ledger_accounts a set balance = a.balance + d.delta
    from unnest(${ids}::bigint[], ${ids.map((id) => (deltas.get(id) as bigint).toString())}::bigint[]) as d(id, delta)
    where a.id = d.id and (a.may_go_negative or a.balance + d.delta >= 0)
    returning a.id, a.balance`.execute(trx);
  if (moved.rows.length !== ids.length) throw new AppError('insufficient_balance');
  for (const row of moved.rows) balances.set(row.id, BigInt(row.balance));

  // Postings in entry order; each one's balance after it, counted back from the account's final balance.
  const ordered = [...posted].sort((a, b) => {
    const x = BigInt(entries.get(a.key) as string);
    const y = BigInt(entries.get(b.key) as string);
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const legs: { entry: string; account: string; amount: bigint; after: bigint }[] = [];
  for (const t of ordered) {
    const entry = entries.get(t.key) as string;
    legs.push({ entry, account: t.from, amount: -t.amount, after: 0n });
    legs.push({ entry, account: t.to, amount: t.amount, after: 0n });
  }
  const running = new Map(balances);
  for (let i = legs.length - 1; i >= 0; i--) {
    const leg = legs[i] as (typeof legs)[number];
    const balance = running.get(leg.account) as bigint;
    leg.after = balance;
    running.set(leg.account, balance - leg.amount);
  }
  await sql`
    insert into postings (entry_id, account_id, amount, currency, balance_after)
    select p.entry_id, p.account_id, p.amount, ${currency}, p.after
    from unnest(${legs.map((l) => l.entry)}::bigint[], ${legs.map((l) => l.account)}::bigint[],
                ${legs.map((l) => l.amount.toString())}::bigint[], ${legs.map((l) => l.after.toString())}::bigint[])
         as p(entry_id, account_id, amount, after)`.execute(trx);
  return { entries, balances };
}

/** The request hash the ledger holds for a key (to tell a replay from a reuse with other content). */
export async function entryHash(db: Executor, brandId: string, key: string): Promise<string | null> {
  const row = await db
    .selectFrom('journal_entries')
    .select('request_hash')
    .where('brand_id', '=', brandId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row?.request_hash ?? null;
}
