-- The limits' check in the stake gate (docs/limits.md, docs/money-posting.md): may member p_member
-- stake p_amount now? Null when it may, else the refusal (the gate's protocol: {"code": ..., detail
-- fields}): code limit_<kind>_<period> of the lowest applicable limit (the one the stake breaks by
-- the most), the limit, the usage and what is left (minor units, as text) and when it frees (ms since
-- the epoch, null when the stake alone is above the limit). Called by wallet_stake_gate (PL/pgSQL
-- stakes) and by the TypeScript gate (limits-stake-check.ts) inside the posting's transaction.
-- A member without loss or wager limits costs one index lookup (member_limits_member_uq) and locks
-- nothing. Otherwise the member's loss and wager rows are locked (for update) before the usage is
-- read, so the member's parallel stakes pass one at a time, each seeing the ones committed before it
-- (read committed: each statement here reads what committed before it began).
create or replace function limits_stake_check(
  p_brand bigint, p_member bigint, p_amount bigint, p_kind text
) returns jsonb
language plpgsql volatile as $$
declare
  v_kind text;
  v_period text;
  v_limit bigint;
  v_used numeric;
  v_frees timestamptz;
begin
  perform 1 from member_limits
    where member_id = p_member and kind in ('loss', 'wager')
    order by kind, period
    for update;
  if not found then
    return null;
  end if;
  select l.kind, l.period, l.amount, case l.kind when 'loss' then u.o_loss else u.o_wager end
    into v_kind, v_period, v_limit, v_used
    from member_limits l
    join limits_usage(p_brand, p_member, now()) u on u.o_period = l.period
   where l.member_id = p_member and l.kind in ('loss', 'wager')
     and (case l.kind when 'loss' then u.o_loss else u.o_wager end) + p_amount > l.amount
   order by (case l.kind when 'loss' then u.o_loss else u.o_wager end) + p_amount - l.amount desc
   limit 1;
  if v_kind is null then
    return null;
  end if;
  if p_amount <= v_limit then
    v_frees := limits_frees_at(p_brand, p_member, v_kind,
                               case v_period when 'day' then 24 when 'week' then 168 else 720 end,
                               v_used + p_amount - v_limit, now());
  end if;
  return jsonb_build_object(
    'code', 'limit_' || v_kind || '_' || v_period,
    'kind', v_kind,
    'period', v_period,
    'limit', v_limit::text,
    'used', greatest(v_used, 0)::text,
    'remaining', greatest(v_limit - greatest(v_used, 0), 0)::text,
    'freesAt', case when v_frees is null then null else floor(extract(epoch from v_frees) * 1000)::bigint end
  );
end $$
