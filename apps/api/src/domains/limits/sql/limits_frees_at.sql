-- When a refused amount would fit (docs/limits.md): the window's activity leaves it oldest first, so
-- the limit frees p_need (usage + amount - limit) once the earliest moves whose running total reaches
-- p_need are older than the window: the time of the last of them plus the window. Null when the
-- window's moves never add up to p_need (the amount alone is above the limit).
create or replace function limits_frees_at(
  p_brand bigint, p_member bigint, p_kind text, p_hours integer, p_need numeric, p_at timestamptz
) returns timestamptz
language sql stable as $$
  select min(r.o_at) + make_interval(hours => p_hours)
    from (
      select m.o_at,
             sum(case p_kind when 'deposit' then m.o_deposit when 'wager' then m.o_wager else m.o_loss end)
               over (order by m.o_at rows unbounded preceding) as running
        from limits_moves(p_brand, p_member, p_at - make_interval(hours => p_hours), p_at) m
    ) r
   where r.running >= p_need
$$
