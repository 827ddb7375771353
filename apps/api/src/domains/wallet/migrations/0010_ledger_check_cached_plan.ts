import { type Kysely, sql } from 'kysely';
import { LEDGER_ENTRY_BALANCED_0003 } from './0003_ledger.ts';

/**
 * Two costs measured on every money movement (perf on the PostgreSQL backend under the seamless
 * benchmark, bench/seamless.ts):
 *
 * - The commit-time balance check of each journal entry (ledger_entry_balanced, 0003) was planned
 *   afresh on every run (0009 set plan_cache_mode = force_custom_plan so that a connection opened
 *   while `postings` was small would not keep a sequential-scan plan): planning its two queries at
 *   every commit took about a quarter of the backend's CPU. Now it is one query (wrong currency and
 *   unbalanced currencies together), its plan is cached per connection as any PL/pgSQL plan, and the
 *   function runs with enable_seqscan off, so the cached plan reads the entry's postings through
 *   postings_entry_idx whatever the table's size was when the plan was made. Each posting's account
 *   is looked up by its key in a subquery rather than joined: a generic plan's estimate of postings
 *   per entry can be far off, and a join then hashed the whole of ledger_accounts at every commit
 *   (measured: a fifth of the backend's CPU).
 * - seamless_answer (0008) was declared immutable but calls jsonb_build_object, which is only
 *   stable, so PostgreSQL never inlined it and ran it as a separate SQL function (parsed again in
 *   every transaction). Declared stable, its expression is inlined into the calling statements.
 *
 * What the check refuses, and its messages, are unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function ledger_entry_balanced() returns trigger language plpgsql as $$
    declare
      v record;
    begin
      select bool_or(s.wrong_currency) as wrong_currency,
             string_agg(s.currency, ',' order by s.currency) filter (where s.total <> 0) as unbalanced
        into v
        from (select p.currency, sum(p.amount) as total,
                     bool_or((select a.currency from ledger_accounts a where a.id = p.account_id)
                             is distinct from p.currency) as wrong_currency
                from postings p
               where p.entry_id = new.entry_id
               group by p.currency) s;
      if v.wrong_currency then
        raise exception 'ledger: entry % posts to an account of another currency', new.entry_id
          using errcode = 'check_violation';
      end if;
      if v.unbalanced is not null then
        raise exception 'ledger: entry % does not sum to zero in %', new.entry_id, v.unbalanced
          using errcode = 'check_violation';
      end if;
      return null;
    end $$`.execute(db);
  await sql`alter function ledger_entry_balanced() reset plan_cache_mode`.execute(db);
  await sql`alter function ledger_entry_balanced() set enable_seqscan = off`.execute(db);
  await sql`alter function seamless_answer(boolean, text, bigint, text, integer) stable`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter function seamless_answer(boolean, text, bigint, text, integer) immutable`.execute(db);
  // The replaced function keeps no setting of its own: 0009's is applied again after it.
  await LEDGER_ENTRY_BALANCED_0003.execute(db);
  await sql`alter function ledger_entry_balanced() set plan_cache_mode = force_custom_plan`.execute(db);
}
