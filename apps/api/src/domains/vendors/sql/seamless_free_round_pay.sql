-- Pays the win of a free spin (docs/free-rounds.md): the brand's bonus pool (house account
-- `promotions:bonus_pool`) pays p_amount to the member's MAIN wallet (where bonuses and their lock
-- live, also when the game plays from a transfer-mode wallet at the vendor) in one journal entry of kind
-- `promotion_free_round_win` (key `promotion:<record>:fr:<vendor>:<transaction>`; no bet_settled
-- event, so no consumer counts it as a vendor win), and the grant's promotion record takes it as
-- bonus money under the promotion's wagering: bonus_amount and, with a multiplier, locked_amount
-- and wagering_required (+ amount x multiplier) grow, the record in process until wagered. A record
-- already closed (cancelled, forfeited) only records the bonus. Nothing to pay: no entry. The
-- balance answered is p_wallet's, the wallet the game plays from (the main one, or the transfer-mode
-- wallet at the vendor, which a free spin's win does not change).
create or replace function seamless_free_round_pay(
  p_brand bigint, p_grant bigint, p_vendor bigint, p_vendor_code text, p_transaction text, p_hash text,
  p_currency text, p_wallet bigint, p_amount bigint,
  out o_balance bigint, out o_entry bigint
) language plpgsql as $$
declare
  v_record bigint;
  v_multiplier integer;
  v_member bigint;
  v_main bigint;
  v_main_after bigint;
  v_pool bigint;
  v_pool_after bigint;
begin
  if p_amount = 0 then
    select balance into o_balance from ledger_accounts where id = p_wallet;
    return;
  end if;
  select g.record_id, g.member_id, p.wagering_multiplier into v_record, v_member, v_multiplier
    from free_round_grants g
    join member_promotions r on r.id = g.record_id
    join promotions p on p.id = r.promotion_id
    where g.id = p_grant and g.brand_id = p_brand;
  if v_record is null then
    raise exception 'seamless:free_round_invalid';
  end if;
  v_pool := ledger_account_id(p_brand, 'house', 'promotions:bonus_pool', null, null, p_currency, true);
  v_main := ledger_account_id(p_brand, 'member_main', 'member:' || v_member, v_member, null, p_currency, false);
  perform 1 from ledger_accounts where id in (v_main, v_pool) order by id for update;
  insert into journal_entries (brand_id, kind, idempotency_key, request_hash, reference, metadata)
    values (p_brand, 'promotion_free_round_win',
            'promotion:' || v_record || ':fr:' || p_vendor || ':' || p_transaction, p_hash,
            'promotion:' || v_record,
            jsonb_build_object('vendor', p_vendor_code, 'freeRoundGrantId', p_grant::text,
                               'transaction', p_transaction))
    on conflict (brand_id, idempotency_key) do nothing
    returning id into o_entry;
  if o_entry is null then
    raise exception 'seamless:idempotency_mismatch';
  end if;
  update ledger_accounts set balance = balance - p_amount where id = v_pool returning balance into v_pool_after;
  update ledger_accounts set balance = balance + p_amount where id = v_main returning balance into v_main_after;
  insert into postings (entry_id, account_id, amount, currency, balance_after) values
    (o_entry, v_pool, -p_amount, p_currency, v_pool_after),
    (o_entry, v_main, p_amount, p_currency, v_main_after);
  if p_wallet = v_main then
    o_balance := v_main_after;
  else
    select balance into o_balance from ledger_accounts where id = p_wallet;
  end if;
  update member_promotions set
      bonus_amount = bonus_amount + p_amount,
      wagering_required = wagering_required + p_amount * v_multiplier,
      locked_amount = case
        when v_multiplier > 0 and state in ('claimed', 'process', 'signed')
          and wagering_done < wagering_required + p_amount * v_multiplier
          then locked_amount + p_amount
        else locked_amount end,
      state = case
        when v_multiplier > 0 and state in ('claimed', 'process', 'signed')
          then (case when wagering_done >= wagering_required + p_amount * v_multiplier
                     then 'signed' else 'process' end)
        else state end,
      updated_at = now()
    where id = v_record;
end $$
