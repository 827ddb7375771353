-- The exclusion domain's check inside the stake gate (docs/exclusion.md, docs/money-posting.md):
-- false while the owner of wallet p_wallet is on a time-out (until its end) or self-excluded (until
-- an operator ends it). A plain SQL function, inlined into wallet_stake_gate and so into
-- seamless_post: one index probe of member_exclusions_one_active per stake. Twin of
-- stakeOpenForExclusion in exclusion.service.ts.
create or replace function exclusion_stake_open(p_wallet bigint) returns boolean language sql stable as $$
  select not exists (
    select 1
    from ledger_accounts a
    join member_exclusions x on x.member_id = a.member_id and x.status = 'active'
    where a.id = p_wallet
      and (x.kind = 'self_exclusion' or x.ends_at > now())
  )
$$
