-- The promotions domain's one rule of a bonus under wagering (docs/money-posting.md): a record whose
-- wagering is done (p_done >= p_required) is signed and unlocked (locked amount 0); otherwise it is
-- in process with p_locked locked. Every writer of a wagering record's state asks it: the wagering
-- progress (promotions.repository.ts addProgress) and a free spin's win (promotion_free_round_won,
-- called by the seamless free-round pay). A plain SQL function, inlined where it is used.
create or replace function promotion_wagering_state(
  p_done bigint, p_required bigint, p_locked bigint, out o_state text, out o_locked bigint
) language sql immutable as $$
  select case when p_done >= p_required then 'signed' else 'process' end,
         case when p_done >= p_required then 0::bigint else p_locked end
$$
