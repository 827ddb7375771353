-- A vendor's rollback (cancellation) of a bet as one statement. Unknown bet: bet_not_found, no
-- balance change, and a tombstone under the bet's id so the bet, arriving later, is refused (the
-- rollback can overtake its bet). After a win on the bet: bet_already_settled. An already cancelled
-- (or refused) bet: success, nothing credited again. After the bet's round ended: round_closed.
-- Otherwise the stake goes back to the wallet it was taken from; a free spin's bet (it took a round
-- of a free-round grant, nothing debited) gives its round back instead, once (the bet's state moves once). p_amount, when the vendor states it, must equal the stake (else amount_invalid).
create or replace function seamless_rollback(
  p_brand bigint, p_vendor bigint, p_vendor_code text, p_transaction text, p_hash text,
  p_bet_transaction text, p_round text, p_game text, p_amount bigint, p_currency text,
  p_scale integer, p_vendor_shards integer, p_token_hash text
) returns jsonb language plpgsql
-- Fails fast when a wallet, bet or round stays locked by another connection: the service answers
-- wallet_busy (55P03) well under a vendor's timeout instead of holding a pool connection waiting.
set lock_timeout = '1s'
as $$
declare
  v_row bigint;
  v_bet record;
  v_tombstone bigint;
  v_wallet bigint;
  v_house bigint;
  v_ok boolean;
  v_balance bigint;
  v_entry bigint;
  v_refund bigint := 0;
  v_outcome jsonb;
  v_bet_round text;
  v_open boolean;
begin
  insert into seamless_transactions (brand_id, vendor_id, transaction_id, kind, request_hash, bet_state,
                                     round_id, game_id, currency, bet_transaction_id)
    values (p_brand, p_vendor, p_transaction, 'rollback', p_hash, null,
            p_round, p_game, p_currency, p_bet_transaction)
    on conflict (vendor_id, transaction_id) do nothing
    returning id into v_row;
  if v_row is null then
    return seamless_replay(p_vendor, p_transaction, 'rollback', p_hash);
  end if;

  -- The bet's round (it never changes), locked (share) before the bet as every call of a round
  -- locks them: a round end waits for this rollback, or this rollback sees the round closed.
  select round_id into v_bet_round from seamless_transactions
    where vendor_id = p_vendor and transaction_id = p_bet_transaction;
  if v_bet_round is not null then
    v_open := seamless_round_open(p_brand, p_vendor, v_bet_round, null);
  end if;
  select id, kind, member_id, amount, bet_state, vendor_wallet_id, round_id, free_round_grant_id into v_bet
    from seamless_transactions
    where vendor_id = p_vendor and transaction_id = p_bet_transaction
    for update;
  if v_bet.id is null then
    -- The rollback overtook its bet: leave a tombstone so the bet, when it comes, is refused.
    insert into seamless_transactions (brand_id, vendor_id, transaction_id, kind, request_hash,
                                       round_id, game_id, currency, bet_state, error_code, answer)
      values (p_brand, p_vendor, p_bet_transaction, 'tombstone', '', p_round, p_game, p_currency,
              'cancelled', 'bet_cancelled', seamless_answer(false, 'bet_cancelled', null, null, 0))
      on conflict (vendor_id, transaction_id) do nothing
      returning id into v_tombstone;
    if v_tombstone is null then
      -- The bet arrived meanwhile.
      select id, kind, member_id, amount, bet_state, vendor_wallet_id, round_id, free_round_grant_id into v_bet
        from seamless_transactions
        where vendor_id = p_vendor and transaction_id = p_bet_transaction
        for update;
    end if;
  end if;
  if v_tombstone is null and (v_bet.id is null or v_bet.kind not in ('bet', 'bet_win', 'tombstone')) then
    raise exception 'seamless:bet_not_found';
  end if;

  if v_bet.member_id is not null then
    perform seamless_settler(p_vendor, p_token_hash, v_bet.member_id);
  end if;

  if v_tombstone is not null or v_bet.kind = 'tombstone' or v_bet.member_id is null then
    v_outcome := seamless_answer(false, 'bet_not_found', null, p_currency, p_scale);
  else
    v_wallet := coalesce(v_bet.vendor_wallet_id, ledger_account_id(
      p_brand, 'member_main', 'member:' || v_bet.member_id, v_bet.member_id, null, p_currency, false));
    if v_bet.bet_state = 'won' then
      select balance into v_balance from ledger_accounts where id = v_wallet;
      v_outcome := seamless_answer(false, 'bet_already_settled', v_balance, p_currency, p_scale);
    elsif v_bet.bet_state in ('rolled_back', 'refused') then
      select balance into v_balance from ledger_accounts where id = v_wallet;
      v_outcome := seamless_answer(true, '', v_balance, p_currency, p_scale);
    elsif not coalesce(v_open, seamless_round_open(p_brand, p_vendor, v_bet.round_id, null)) then
      -- After its round ended (the bet settled as lost) nothing of the round moves money.
      select balance into v_balance from ledger_accounts where id = v_wallet;
      v_outcome := seamless_answer(false, 'round_closed', v_balance, p_currency, p_scale);
    else
      v_refund := v_bet.amount;
      if p_amount is not null and p_amount <> v_refund then
        raise exception 'seamless:amount_invalid';
      end if;
      update seamless_transactions set bet_state = 'rolled_back', updated_at = now() where id = v_bet.id;
      if v_bet.free_round_grant_id is not null then
        update free_round_grants set
            rounds_used = rounds_used - 1,
            state = case when state = 'used' then 'active' else state end,
            updated_at = now()
          where id = v_bet.free_round_grant_id and rounds_used > 0;
        v_refund := 0;
      end if;
      v_house := ledger_account_id(
        p_brand, 'vendor', 'vendor:' || p_vendor || ':' || (v_bet.member_id % p_vendor_shards),
        null, p_vendor, p_currency, true);
      select o_ok, o_balance, o_entry into v_ok, v_balance, v_entry
        from seamless_post(p_brand, p_vendor, p_vendor_code, p_transaction, p_hash, 'seamless_rollback',
                           p_currency, v_wallet, v_house, 0, v_refund);
      v_outcome := seamless_answer(true, '', v_balance, p_currency, p_scale);
    end if;
  end if;

  update seamless_transactions set
      member_id = v_bet.member_id, amount = v_refund, error_code = v_outcome->>'errorCode',
      answer = v_outcome, entry_id = v_entry, updated_at = now()
    where id = v_row;
  return v_outcome;
end $$
