-- The player behind a vendor session token and the wallet the game plays from: the one home of the
-- session rule of bets. A live session of this vendor and an active member, else
-- vendor_session_invalid. The wallet is the member's wallet at this vendor in the transfer mode
-- (trial accounts always play their demo balance from the main wallet), else the main one; a main
-- wallet never opened raises wallet_not_open (opening it may credit a trial account's demo
-- balance: the service does it and calls again).
create or replace function seamless_player(
  p_brand bigint, p_vendor bigint, p_token_hash text, p_trial_type integer, p_currency text,
  out o_member bigint, out o_wallet bigint, out o_wallet_is_vendor boolean
) language plpgsql as $$
declare
  v_session record;
begin
  select vs.member_id, m.is_agent, m.status, coalesce(ws.single_wallet, true) as single_wallet
    into v_session
    from vendor_sessions vs
    join members m on m.id = vs.member_id
    left join wallet_settings ws on ws.brand_id = vs.brand_id
    where vs.token_hash = p_token_hash and vs.vendor_id = p_vendor and vs.expires_at > now();
  if v_session.member_id is null or v_session.status <> 'ACTIVE' then
    raise exception 'seamless:vendor_session_invalid';
  end if;
  o_member := v_session.member_id;
  o_wallet_is_vendor := false;
  if not v_session.single_wallet and v_session.is_agent <> p_trial_type then
    o_wallet := ledger_account_id(p_brand, 'member_vendor', 'member:' || o_member || ':vendor:' || p_vendor,
                                  o_member, p_vendor, p_currency, false);
    o_wallet_is_vendor := true;
  else
    select id into o_wallet from ledger_accounts
      where brand_id = p_brand and kind = 'member_main' and owner_key = 'member:' || o_member
        and currency = p_currency;
    if o_wallet is null then
      raise exception 'seamless:wallet_not_open';
    end if;
  end if;
end $$
