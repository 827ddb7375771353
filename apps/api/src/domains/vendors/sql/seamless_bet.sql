-- A vendor's bet as one statement (one round trip): the claim of its transaction id, the player
-- behind the token, the round check, the debit and the stored answer. A refusal the vendor must see
-- (round closed, insufficient balance, bet cancelled) is stored as the answer; an error that keeps
-- nothing (bad session, mismatch) raises `seamless:<error code>` and the statement rolls back.
-- Amounts are integer minor units; p_scale (the currency's decimals) only writes the answer.
-- A free spin (p_grant, docs/free-rounds.md) debits nothing: it takes one round of the player's
-- free-round grant for this game and stake (seamless_free_round_take, which raises
-- free_round_invalid when there is none, so nothing is kept). It posts no journal entry, so no consumer counts it
-- as turnover (points, VIP, missions, wagering, rebates read stakes from the journal).
create or replace function seamless_bet(
  p_brand bigint, p_vendor bigint, p_vendor_code text, p_transaction text, p_hash text,
  p_round text, p_game text, p_token_hash text, p_trial_type integer, p_amount bigint,
  p_currency text, p_scale integer, p_vendor_shards integer, p_grant bigint
) returns jsonb language plpgsql
-- Fails fast when a wallet, bet or round stays locked by another connection: the service answers
-- wallet_busy (55P03) well under a vendor's timeout instead of holding a pool connection waiting.
set lock_timeout = '1s'
as $$
declare
  v_row bigint;
  v_member bigint;
  v_wallet bigint;
  v_wallet_is_vendor boolean;
  v_house bigint;
  v_ok boolean;
  v_balance bigint;
  v_entry bigint;
  v_state text;
  v_outcome jsonb;
begin
  -- The claim carries everything known up front, so storing the answer changes no indexed column.
  insert into seamless_transactions (brand_id, vendor_id, transaction_id, kind, request_hash, bet_state,
                                     round_id, game_id, currency, amount, free_round_grant_id)
    values (p_brand, p_vendor, p_transaction, 'bet', p_hash, 'open', p_round, p_game, p_currency, p_amount,
            p_grant)
    on conflict (vendor_id, transaction_id) do nothing
    returning id into v_row;
  if v_row is null then
    return seamless_replay(p_vendor, p_transaction, 'bet', p_hash);
  end if;
  select o_member, o_wallet, o_wallet_is_vendor into v_member, v_wallet, v_wallet_is_vendor
    from seamless_player(p_brand, p_vendor, p_token_hash, p_trial_type, p_currency);
  v_house := ledger_account_id(
    p_brand, 'vendor', 'vendor:' || p_vendor || ':' || (v_member % p_vendor_shards),
    null, p_vendor, p_currency, true);

  if not seamless_round_open(p_brand, p_vendor, p_round, p_game) then
    select balance into v_balance from ledger_accounts where id = v_wallet;
    v_state := 'refused';
    v_outcome := seamless_answer(false, 'round_closed', v_balance, p_currency, p_scale);
  elsif p_grant is not null then
    perform seamless_free_round_take(p_brand, p_grant, v_member, p_vendor, p_game, p_amount);
    select balance into v_balance from ledger_accounts where id = v_wallet;
    v_state := 'open';
    v_outcome := seamless_answer(true, '', v_balance, p_currency, p_scale);
  else
    select o_ok, o_balance, o_entry into v_ok, v_balance, v_entry
      from seamless_post(p_brand, p_vendor, p_vendor_code, p_transaction, p_hash, 'seamless_bet',
                         p_currency, v_wallet, v_house, p_amount, 0);
    if v_ok then
      v_state := 'open';
      v_outcome := seamless_answer(true, '', v_balance, p_currency, p_scale);
    else
      v_state := 'refused';
      v_outcome := seamless_answer(false, 'insufficient_balance', v_balance, p_currency, p_scale);
    end if;
  end if;

  update seamless_transactions set
      member_id = v_member, bet_state = v_state,
      error_code = v_outcome->>'errorCode', answer = v_outcome, entry_id = v_entry,
      vendor_wallet_id = case when v_wallet_is_vendor then v_wallet else vendor_wallet_id end,
      updated_at = now()
    where id = v_row;
  return v_outcome;
end $$
