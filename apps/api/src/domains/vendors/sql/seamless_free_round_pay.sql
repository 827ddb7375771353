-- Pays the win of a free spin (docs/free-rounds.md): the brand's bonus pool (house account
-- `promotions:bonus_pool`) pays p_amount to the member's MAIN wallet (where bonuses and their lock
-- live, also when the game plays from a transfer-mode wallet at the vendor) in one journal entry of kind
-- `promotion_free_round_win` (key `promotion:<record>:fr:<vendor>:<transaction>`; no bet_settled
-- event, so no consumer counts it as a vendor win), and the grant's promotion record takes it as
-- bonus money under the promotion's wagering (promotion_free_round_won, owned by the promotions
-- domain with its state rule: domains/promotions/sql). Nothing to pay: no entry. The
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
  -- The wallet's posting primitive: the pool pays the main wallet, under the promotion's own key.
  select s.o_balance, s.o_entry into v_main_after, o_entry
    from seamless_post(p_brand, p_vendor, p_vendor_code, p_transaction, p_hash, 'promotion_free_round_win',
                       p_currency, v_main, v_pool, 0, p_amount,
                       p_key => 'promotion:' || v_record || ':fr:' || p_vendor || ':' || p_transaction,
                       p_reference => 'promotion:' || v_record,
                       p_metadata => jsonb_build_object('vendor', p_vendor_code, 'freeRoundGrantId', p_grant::text,
                                                        'transaction', p_transaction)) s;
  if p_wallet = v_main then
    o_balance := v_main_after;
  else
    select balance into o_balance from ledger_accounts where id = p_wallet;
  end if;
  perform promotion_free_round_won(v_record, p_amount, v_multiplier);
end $$
