-- The KYC question of the stake gate (docs/kyc.md), twin of kycStakeCheck in kyc-stake-check.ts, asked by
-- the wallet's wallet_stake_gate: may the owner of wallet p_wallet play under the brand's KYC policy?
-- Only brands whose policy keeps some state from playing (kyc_settings.play_gated) read the member's
-- state; a trial account (is_agent 4, the free demo) is not asked. A plain SQL function, inlined.
create or replace function kyc_stake_allowed(p_brand bigint, p_wallet bigint) returns boolean
language sql stable as $$
  select coalesce((
    select (s.policy -> 'states' -> coalesce(k.state, 'none') ->> 'play')::boolean
    from kyc_settings s
    join ledger_accounts a on a.id = p_wallet
    join members m on m.id = a.member_id
    left join kyc_members k on k.member_id = m.id
    where s.brand_id = p_brand and s.play_gated and m.is_agent <> 4
  ), true)
$$
