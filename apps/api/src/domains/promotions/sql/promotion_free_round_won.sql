-- A free spin's win credited to its grant's promotion record (docs/free-rounds.md), inside the
-- seamless free-round pay's statement (domains/vendors/sql/seamless_free_round_pay.sql): the record
-- takes p_amount as bonus money; with a wagering multiplier (p_multiplier > 0) its requirement grows
-- by p_amount x p_multiplier and a record still under wagering (claimed, process, signed) gets
-- p_amount more locked and its state from the promotions' rule (promotion_wagering_state: in process
-- until wagered, then signed and unlocked). A record already closed (cancelled, forfeited) only
-- records the bonus.
create or replace function promotion_free_round_won(
  p_record bigint, p_amount bigint, p_multiplier integer
) returns void language plpgsql as $$
begin
  if p_multiplier > 0 then
    update member_promotions m set
        bonus_amount = m.bonus_amount + p_amount,
        wagering_required = m.wagering_required + p_amount * p_multiplier,
        (state, locked_amount) = (
          select w.o_state, w.o_locked from promotion_wagering_state(
            m.wagering_done, m.wagering_required + p_amount * p_multiplier, m.locked_amount + p_amount) w),
        updated_at = now()
      where m.id = p_record and m.state in ('claimed', 'process', 'signed');
    if found then
      return;
    end if;
  end if;
  update member_promotions set
      bonus_amount = bonus_amount + p_amount,
      wagering_required = wagering_required + p_amount * p_multiplier,
      updated_at = now()
    where id = p_record;
end $$
