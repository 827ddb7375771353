-- The limits' check in the stake gate (docs/limits.md, docs/money-posting.md): may member p_member
-- stake p_amount now? Null when it may, else the refusal's error code limit_<kind>_<period> (the
-- lowest applicable limit: the one the stake breaks by the most). Called by wallet_stake_gate
-- (PL/pgSQL stakes) and by the TypeScript gate (limits-stake-check.ts) inside the posting's
-- transaction. A member without loss or wager limits costs one index lookup (member_limits_member_uq)
-- and nothing is locked. Otherwise the member's loss and wager rows are locked (for update) before
-- the usage is read, so the member's parallel stakes pass one at a time, each seeing the ones
-- committed before it (read committed: each statement here reads what committed before it began).
create or replace function limits_stake_check(
  p_brand bigint, p_member bigint, p_amount bigint, p_kind text
) returns text
language plpgsql volatile as $$
declare
  v_code text;
begin
  perform 1 from member_limits
    where member_id = p_member and kind in ('loss', 'wager')
    order by kind, period
    for update;
  if not found then
    return null;
  end if;
  select 'limit_' || l.kind || '_' || l.period into v_code
    from member_limits l
    join limits_usage(p_brand, p_member, now()) u on u.o_period = l.period
   where l.member_id = p_member and l.kind in ('loss', 'wager')
     and (case l.kind when 'loss' then u.o_loss else u.o_wager end) + p_amount > l.amount
   order by (case l.kind when 'loss' then u.o_loss else u.o_wager end) + p_amount - l.amount desc
   limit 1;
  return v_code;
end $$
