-- Moves a seamless call's money as one journal entry: the player's wallet pays p_stake to the
-- vendor's account and receives p_payout from it (a bet: stake only; a win or a rollback's refund:
-- payout only; a bet-and-win: both). The one home of the insufficient-balance rule: the stake is
-- taken by a conditional update (never read-then-write), and a wallet that cannot afford it moves
-- nothing (o_ok false, o_balance the current balance). Accounts are locked in id order (as
-- postEntry locks them); the postings sum to zero (checked again at commit by the deferred trigger
-- of 0003). The entry's idempotency key is the call's, under the unique index: a second entry for
-- it raises idempotency_mismatch. Nothing to move: no entry, the wallet's balance. The entry's key,
-- reference and metadata are the call's (`seamless:<vendor>:<transaction>`, the transaction, the
-- vendor) unless p_key, p_reference, p_metadata name others (a free spin's win, paid from the bonus
-- pool: seamless_free_round_pay).
-- This is the wallet's posting primitive in PL/pgSQL, the twin of postEntry / postBatch
-- (domains/wallet/ledger.service.ts, docs/money-posting.md), held to the same invariant suite
-- (domains/wallet/posting-invariants.test.ts). A stake asks the wallet's stake gate
-- (wallet_stake_gate) first, here and nowhere else in PL/pgSQL: a refusal raises
-- seamless:<the refusal's code> (stake_refused, limit_loss_day...), the refusal as the error's DETAIL,
-- and nothing of the call is kept.
create or replace function seamless_post(
  p_brand bigint, p_vendor bigint, p_vendor_code text, p_transaction text, p_hash text, p_kind text,
  p_currency text, p_wallet bigint, p_house bigint, p_stake bigint, p_payout bigint,
  out o_ok boolean, out o_balance bigint, out o_entry bigint,
  p_key text default null, p_reference text default null, p_metadata jsonb default null
) language plpgsql as $$
declare
  v_house_after bigint;
  v_refusal jsonb;
begin
  o_ok := true;
  if p_stake = 0 and p_payout = 0 then
    select balance into o_balance from ledger_accounts where id = p_wallet;
    return;
  end if;
  if p_stake > 0 then
    v_refusal := wallet_stake_gate(p_brand, p_wallet, p_stake, p_kind);
    if v_refusal is not null then
      raise exception using message = 'seamless:' || (v_refusal->>'code'), detail = v_refusal::text;
    end if;
  end if;
  perform 1 from ledger_accounts where id in (p_wallet, p_house) order by id for update;
  if p_stake > 0 then
    update ledger_accounts set balance = balance - p_stake
      where id = p_wallet and balance >= p_stake
      returning balance into o_balance;
    if o_balance is null then
      select balance into o_balance from ledger_accounts where id = p_wallet;
      o_ok := false;
      return;
    end if;
  end if;
  insert into journal_entries (brand_id, kind, idempotency_key, request_hash, reference, metadata)
    values (p_brand, p_kind, coalesce(p_key, 'seamless:' || p_vendor || ':' || p_transaction), p_hash,
            coalesce(p_reference, p_transaction), coalesce(p_metadata, jsonb_build_object('vendor', p_vendor_code)))
    on conflict (brand_id, idempotency_key) do nothing
    returning id into o_entry;
  if o_entry is null then
    raise exception 'seamless:idempotency_mismatch';
  end if;
  if p_stake > 0 then
    update ledger_accounts set balance = balance + p_stake
      where id = p_house returning balance into v_house_after;
    insert into postings (entry_id, account_id, amount, currency, balance_after) values
      (o_entry, p_wallet, -p_stake, p_currency, o_balance),
      (o_entry, p_house, p_stake, p_currency, v_house_after);
  end if;
  if p_payout > 0 then
    update ledger_accounts set balance = balance - p_payout
      where id = p_house returning balance into v_house_after;
    update ledger_accounts set balance = balance + p_payout
      where id = p_wallet returning balance into o_balance;
    insert into postings (entry_id, account_id, amount, currency, balance_after) values
      (o_entry, p_house, -p_payout, p_currency, v_house_after),
      (o_entry, p_wallet, p_payout, p_currency, o_balance);
  end if;
end $$
