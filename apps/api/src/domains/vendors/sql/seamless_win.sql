-- A vendor's win for an earlier bet as one statement: the claim of its transaction id, the bet it
-- pays (locked), the credit from the vendor's account to the wallet the bet was taken from, and
-- the stored answer. A win with no bet keeps nothing (bet_not_found raised, the claim rolls back);
-- a win on a cancelled bet is refused. A win names its bet's round (else round_mismatch, nothing
-- kept) and is refused once that round ended (round_closed). Several wins on one bet are paid
-- while its round is open (games that pay in steps). A free spin's win (its bet took a round of a
-- free-round grant) is paid from the bonus pool under the promotion's wagering (seamless_free_round_pay).
create or replace function seamless_win(
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
  v_wallet bigint;
  v_house bigint;
  v_ok boolean;
  v_balance bigint;
  v_entry bigint;
  v_outcome jsonb;
  v_open boolean;
begin
  insert into seamless_transactions (brand_id, vendor_id, transaction_id, kind, request_hash, bet_state,
                                     round_id, game_id, currency, amount, bet_transaction_id)
    values (p_brand, p_vendor, p_transaction, 'win', p_hash, null,
            p_round, p_game, p_currency, p_amount, p_bet_transaction)
    on conflict (vendor_id, transaction_id) do nothing
    returning id into v_row;
  if v_row is null then
    return seamless_replay(p_vendor, p_transaction, 'win', p_hash);
  end if;

  -- The round the win names, locked (share) before its bet, as every call of a round locks them: a
  -- round end waits for this win, or this win sees the round closed.
  v_open := seamless_round_open(p_brand, p_vendor, p_round, null);

  -- plan: bet_of_win(p_vendor bigint, p_bet_transaction text)
  select id, kind, member_id, amount, bet_state, vendor_wallet_id, round_id, free_round_grant_id into v_bet
    from seamless_transactions
    where vendor_id = p_vendor and transaction_id = p_bet_transaction
    for update;
  if v_bet.id is null or v_bet.kind not in ('bet', 'bet_win', 'tombstone') then
    raise exception 'seamless:bet_not_found';
  end if;

  if v_bet.member_id is not null then
    perform seamless_settler(p_vendor, p_token_hash, v_bet.member_id);
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
    elsif v_bet.round_id <> p_round then
      -- A win names its bet's round; nothing is kept, so the vendor may send it again corrected.
      raise exception 'seamless:round_mismatch';
    elsif not v_open then
      -- After its round ended nothing of the round moves money.
      select balance into v_balance from ledger_accounts where id = v_wallet;
      v_outcome := seamless_answer(false, 'round_closed', v_balance, p_currency, p_scale);
    else
      -- Before the money moves: the accounts stay locked one statement less.
      update seamless_transactions set bet_state = 'won', updated_at = now() where id = v_bet.id;
      v_house := ledger_account_id(
        p_brand, 'vendor', 'vendor:' || p_vendor || ':' || (v_bet.member_id % p_vendor_shards),
        null, p_vendor, p_currency, true);
      if v_bet.free_round_grant_id is not null then
        select o_balance, o_entry into v_balance, v_entry
          from seamless_free_round_pay(p_brand, v_bet.free_round_grant_id, p_vendor, p_vendor_code,
                                       p_transaction, p_hash, p_currency, v_wallet, p_amount);
      else
        select o_ok, o_balance, o_entry into v_ok, v_balance, v_entry
          from seamless_post(p_brand, p_vendor, p_vendor_code, p_transaction, p_hash, 'seamless_win',
                             p_currency, v_wallet, v_house, 0, p_amount);
      end if;
      v_outcome := seamless_answer(true, '', v_balance, p_currency, p_scale);
    end if;
  end if;

  update seamless_transactions set
      member_id = v_bet.member_id, error_code = v_outcome->>'errorCode', answer = v_outcome,
      entry_id = v_entry, updated_at = now()
    where id = v_row;
  return v_outcome;
end $$
