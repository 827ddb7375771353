-- Each window's usage of a member at p_at (docs/limits.md): the sums of limits_moves over the last
-- 24 hours (day), 7 days (week) and 30 days (month). Numeric sums: no total overflows.
create or replace function limits_usage(p_brand bigint, p_member bigint, p_at timestamptz)
returns table (o_period text, o_deposit numeric, o_wager numeric, o_loss numeric)
language sql stable as $$
  with m as (
    select o_at, o_deposit, o_wager, o_loss
    from limits_moves(p_brand, p_member, p_at - interval '720 hours', p_at)
  )
  select w.period,
         coalesce(sum(m.o_deposit), 0), coalesce(sum(m.o_wager), 0), coalesce(sum(m.o_loss), 0)
    from (values ('day', 24), ('week', 168), ('month', 720)) as w(period, hours)
    left join m on m.o_at > p_at - make_interval(hours => w.hours)
   group by w.period
$$
