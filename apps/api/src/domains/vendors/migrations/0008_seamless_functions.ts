import { type Kysely, sql } from 'kysely';

/**
 * The two hottest money calls, a vendor's bet and its win, as one statement each: the whole of a
 * call (idempotency claim, the player behind the token and its wallet, round check, balance moves,
 * journal entry and postings, stored answer)
 * runs inside PostgreSQL, so the API process makes one round trip per call instead of about ten
 * while the player's wallet is locked. The rules are those of money-rules.md and the TypeScript
 * service (apps/api/src/domains/vendors/seamless.service.ts) that calls these functions. Their
 * current versions live in apps/api/src/domains/vendors/sql (repeatable migrations, 0012):
 * - a transaction id already claimed answers its stored answer (same fingerprint), refuses a bet
 *   whose id a rollback left as a tombstone (`bet_cancelled`), or raises idempotency_mismatch;
 * - accounts are locked in id order (as postEntry locks them), a wallet is debited only when it
 *   holds enough, and the journal entry's postings sum to zero (checked again at commit by the
 *   deferred trigger of 0003);
 * - a refusal the vendor must see (round closed, insufficient balance, bet cancelled) is stored as
 *   the answer; an error that keeps nothing (unknown bet, bad session, mismatch) raises
 *   `seamless:<error code>` and the caller's transaction rolls back with it.
 * Amounts are integer minor units; `p_scale` is the currency's number of decimals, used only to
 * write the answer's decimal string.
 */
/**
 * The first versions of the bet and win functions, also what migration 0011's down() restores.
 */
export const SEAMLESS_BET_0008 = sql`
    create or replace function seamless_bet(
      p_brand bigint, p_vendor bigint, p_vendor_code text, p_transaction text, p_hash text,
      p_round text, p_game text, p_token_hash text, p_trial_type integer, p_amount bigint,
      p_currency text, p_scale integer, p_vendor_shards integer
    ) returns jsonb language plpgsql as $$
    declare
      v_row bigint;
      v_prev record;
      v_session record;
      v_member bigint;
      v_wallet bigint;
      v_wallet_is_vendor boolean := false;
      v_vendor_account bigint;
      v_status text;
      v_balance bigint;
      v_vendor_after bigint;
      v_entry bigint;
      v_state text;
      v_outcome jsonb;
    begin
      insert into seamless_transactions (brand_id, vendor_id, transaction_id, kind, request_hash, bet_state)
        values (p_brand, p_vendor, p_transaction, 'bet', p_hash, 'open')
        on conflict (vendor_id, transaction_id) do nothing
        returning id into v_row;
      if v_row is null then
        select kind, request_hash, answer into v_prev from seamless_transactions
          where vendor_id = p_vendor and transaction_id = p_transaction;
        if v_prev.kind = 'tombstone' then
          return seamless_answer(false, 'bet_cancelled', null, p_currency, p_scale);
        end if;
        if v_prev.kind <> 'bet' or v_prev.request_hash <> p_hash then
          raise exception 'seamless:idempotency_mismatch';
        end if;
        return v_prev.answer;
      end if;
      -- The player behind the token: a live session of this vendor and an active member.
      select vs.member_id, m.is_agent, m.status, coalesce(ws.single_wallet, true) as single_wallet
        into v_session
        from vendor_sessions vs
        join members m on m.id = vs.member_id
        left join wallet_settings ws on ws.brand_id = vs.brand_id
        where vs.token_hash = p_token_hash and vs.vendor_id = p_vendor and vs.expires_at > now();
      if v_session.member_id is null or v_session.status <> 'ACTIVE' then
        raise exception 'seamless:vendor_session_invalid';
      end if;
      v_member := v_session.member_id;
      -- The wallet the game plays from: the member's wallet at this vendor in the transfer mode
      -- (trial accounts always play their demo balance from the main wallet), else the main one.
      if not v_session.single_wallet and v_session.is_agent <> p_trial_type then
        v_wallet := ledger_account_id(p_brand, 'member_vendor', 'member:' || v_member || ':vendor:' || p_vendor,
                                      v_member, p_vendor, p_currency, false);
        v_wallet_is_vendor := true;
      else
        select id into v_wallet from ledger_accounts
          where brand_id = p_brand and kind = 'member_main' and owner_key = 'member:' || v_member
            and currency = p_currency;
        if v_wallet is null then
          -- Opening a main wallet may credit a trial account's demo balance: the service does it.
          raise exception 'seamless:wallet_not_open';
        end if;
      end if;
      v_vendor_account := ledger_account_id(
        p_brand, 'vendor', 'vendor:' || p_vendor || ':' || (v_member % p_vendor_shards),
        null, p_vendor, p_currency, true);

      insert into seamless_rounds (brand_id, vendor_id, round_id, game_id)
        values (p_brand, p_vendor, p_round, p_game)
        on conflict (vendor_id, round_id) do nothing;
      -- A share lock: the round cannot end while this bet is being taken.
      select status into v_status from seamless_rounds
        where vendor_id = p_vendor and round_id = p_round for share;

      if v_status <> 'open' then
        select balance into v_balance from ledger_accounts where id = v_wallet;
        v_state := 'refused';
        v_outcome := seamless_answer(false, 'round_closed', v_balance, p_currency, p_scale);
      elsif p_amount = 0 then
        select balance into v_balance from ledger_accounts where id = v_wallet;
        v_state := 'open';
        v_outcome := seamless_answer(true, '', v_balance, p_currency, p_scale);
      else
        perform 1 from ledger_accounts where id in (v_wallet, v_vendor_account) order by id for update;
        update ledger_accounts set balance = balance - p_amount
          where id = v_wallet and balance >= p_amount
          returning balance into v_balance;
        if v_balance is null then
          select balance into v_balance from ledger_accounts where id = v_wallet;
          v_state := 'refused';
          v_outcome := seamless_answer(false, 'insufficient_balance', v_balance, p_currency, p_scale);
        else
          insert into journal_entries (brand_id, kind, idempotency_key, request_hash, reference, metadata)
            values (p_brand, 'seamless_bet', 'seamless:' || p_vendor || ':' || p_transaction, p_hash,
                    p_transaction, jsonb_build_object('vendor', p_vendor_code))
            on conflict (brand_id, idempotency_key) do nothing
            returning id into v_entry;
          if v_entry is null then
            raise exception 'seamless:idempotency_mismatch';
          end if;
          update ledger_accounts set balance = balance + p_amount
            where id = v_vendor_account returning balance into v_vendor_after;
          insert into postings (entry_id, account_id, amount, currency, balance_after) values
            (v_entry, v_wallet, -p_amount, p_currency, v_balance),
            (v_entry, v_vendor_account, p_amount, p_currency, v_vendor_after);
          v_state := 'open';
          v_outcome := seamless_answer(true, '', v_balance, p_currency, p_scale);
        end if;
      end if;

      update seamless_transactions set
          member_id = v_member, round_id = p_round, game_id = p_game, currency = p_currency,
          amount = p_amount, win_amount = 0, bet_transaction_id = null, bet_state = v_state,
          error_code = v_outcome->>'errorCode', answer = v_outcome, entry_id = v_entry,
          vendor_wallet_id = case when v_wallet_is_vendor then v_wallet else vendor_wallet_id end,
          updated_at = now()
        where id = v_row;
      return v_outcome;
    end $$`;

export const SEAMLESS_WIN_0008 = sql`
    create or replace function seamless_win(
      p_brand bigint, p_vendor bigint, p_vendor_code text, p_transaction text, p_hash text,
      p_bet_transaction text, p_round text, p_game text, p_amount bigint, p_currency text,
      p_scale integer, p_vendor_shards integer
    ) returns jsonb language plpgsql as $$
    declare
      v_row bigint;
      v_prev record;
      v_bet record;
      v_wallet bigint;
      v_vendor_account bigint;
      v_balance bigint;
      v_vendor_after bigint;
      v_entry bigint;
      v_outcome jsonb;
    begin
      insert into seamless_transactions (brand_id, vendor_id, transaction_id, kind, request_hash, bet_state)
        values (p_brand, p_vendor, p_transaction, 'win', p_hash, null)
        on conflict (vendor_id, transaction_id) do nothing
        returning id into v_row;
      if v_row is null then
        select kind, request_hash, answer into v_prev from seamless_transactions
          where vendor_id = p_vendor and transaction_id = p_transaction;
        if v_prev.kind <> 'win' or v_prev.request_hash <> p_hash then
          raise exception 'seamless:idempotency_mismatch';
        end if;
        return v_prev.answer;
      end if;

      select id, kind, member_id, amount, bet_state, vendor_wallet_id into v_bet
        from seamless_transactions
        where vendor_id = p_vendor and transaction_id = p_bet_transaction
        for update;
      -- A win with no bet: nothing is kept (the claim rolls back with the error).
      if v_bet.id is null or v_bet.kind not in ('bet', 'bet_win', 'tombstone') then
        raise exception 'seamless:bet_not_found';
      end if;

      if v_bet.kind = 'tombstone' or v_bet.member_id is null then
        v_outcome := seamless_answer(false, 'bet_cancelled', null, p_currency, p_scale);
      else
        v_wallet := coalesce(v_bet.vendor_wallet_id, ledger_account_id(
          p_brand, 'member_main', 'member:' || v_bet.member_id, v_bet.member_id, null, p_currency, false));
        if v_bet.bet_state = 'rolled_back' then
          select balance into v_balance from ledger_accounts where id = v_wallet;
          v_outcome := seamless_answer(false, 'bet_cancelled', v_balance, p_currency, p_scale);
        elsif v_bet.bet_state = 'refused' then
          select balance into v_balance from ledger_accounts where id = v_wallet;
          v_outcome := seamless_answer(false, 'bet_not_found', v_balance, p_currency, p_scale);
        else
          update seamless_transactions set bet_state = 'won', updated_at = now() where id = v_bet.id;
          if p_amount = 0 then
            select balance into v_balance from ledger_accounts where id = v_wallet;
          else
            v_vendor_account := ledger_account_id(
              p_brand, 'vendor', 'vendor:' || p_vendor || ':' || (v_bet.member_id % p_vendor_shards),
              null, p_vendor, p_currency, true);
            insert into journal_entries (brand_id, kind, idempotency_key, request_hash, reference, metadata)
              values (p_brand, 'seamless_win', 'seamless:' || p_vendor || ':' || p_transaction, p_hash,
                      p_transaction, jsonb_build_object('vendor', p_vendor_code))
              on conflict (brand_id, idempotency_key) do nothing
              returning id into v_entry;
            if v_entry is null then
              raise exception 'seamless:idempotency_mismatch';
            end if;
            perform 1 from ledger_accounts where id in (v_wallet, v_vendor_account) order by id for update;
            update ledger_accounts set balance = balance - p_amount
              where id = v_vendor_account returning balance into v_vendor_after;
            update ledger_accounts set balance = balance + p_amount
              where id = v_wallet returning balance into v_balance;
            insert into postings (entry_id, account_id, amount, currency, balance_after) values
              (v_entry, v_vendor_account, -p_amount, p_currency, v_vendor_after),
              (v_entry, v_wallet, p_amount, p_currency, v_balance);
          end if;
          v_outcome := seamless_answer(true, '', v_balance, p_currency, p_scale);
        end if;
      end if;

      update seamless_transactions set
          member_id = v_bet.member_id, round_id = p_round, game_id = p_game, currency = p_currency,
          amount = p_amount, win_amount = 0, bet_transaction_id = p_bet_transaction,
          error_code = v_outcome->>'errorCode', answer = v_outcome, entry_id = v_entry,
          updated_at = now()
        where id = v_row;
      return v_outcome;
    end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function seamless_answer(
      p_success boolean, p_code text, p_balance bigint, p_currency text, p_scale integer
    ) returns jsonb language sql immutable as $$
      select jsonb_build_object(
        'success', p_success,
        'errorCode', p_code,
        'value', case when p_balance is null then null else jsonb_build_object(
          'balance', case when p_scale = 0 then p_balance::text
                          else round(p_balance::numeric / (10::numeric ^ p_scale), p_scale)::text end,
          'currency', p_currency) end)
    $$`.execute(db);

  // The account of (brand, kind, owner, currency), created on first use like ensureAccount().
  await sql`
    create function ledger_account_id(
      p_brand bigint, p_kind text, p_owner text, p_member bigint, p_vendor bigint,
      p_currency text, p_may_go_negative boolean
    ) returns bigint language plpgsql as $$
    declare
      v_id bigint;
    begin
      select id into v_id from ledger_accounts
        where brand_id = p_brand and kind = p_kind and owner_key = p_owner and currency = p_currency;
      if v_id is null then
        insert into ledger_accounts (brand_id, kind, owner_key, member_id, vendor_id, currency, balance, may_go_negative)
          values (p_brand, p_kind, p_owner, p_member, p_vendor, p_currency, 0, p_may_go_negative)
          on conflict (brand_id, kind, owner_key, currency) do nothing
          returning id into v_id;
        if v_id is null then
          select id into v_id from ledger_accounts
            where brand_id = p_brand and kind = p_kind and owner_key = p_owner and currency = p_currency;
        end if;
      end if;
      return v_id;
    end $$`.execute(db);

  await SEAMLESS_BET_0008.execute(db);

  await SEAMLESS_WIN_0008.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists seamless_win(bigint, bigint, text, text, text, text, text, text, bigint, text, integer, integer)`.execute(
    db,
  );
  await sql`drop function if exists seamless_bet(bigint, bigint, text, text, text, text, text, text, integer, bigint, text, integer, integer)`.execute(
    db,
  );
  await sql`drop function if exists ledger_account_id(bigint, text, text, bigint, bigint, text, boolean)`.execute(
    db,
  );
  await sql`drop function if exists seamless_answer(boolean, text, bigint, text, integer)`.execute(db);
}
