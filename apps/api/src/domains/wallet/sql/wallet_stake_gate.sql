-- The stake gate of the PL/pgSQL posting primitive (docs/money-posting.md), twin of askStakeGate in
-- stake-gate.ts: "may the owner of wallet p_wallet stake p_amount (minor units, > 0) now, on an entry
-- of kind p_kind?". seamless_post asks it before it takes a stake, the one place a PL/pgSQL stake is
-- asked; a refusal (an error code of the catalogue, null when the stake may post) makes the call
-- raise seamless:<code>, so nothing of it is kept and the vendor receives that code.
-- The checks, each owned by its domain and called in this order (a new check is one more line here
-- and one entry in STAKE_CHECKS of stake-gate.ts; it answers null or its refusal code, runs inside
-- the call's transaction and may lock its own rows to serialise a member's stakes):
--   limits_stake_check   loss and wager limits (domains/limits/sql/limits_stake_check.sql)
-- A wallet of no member (none today) is not gated.
create or replace function wallet_stake_gate(
  p_brand bigint, p_wallet bigint, p_amount bigint, p_kind text
) returns text language plpgsql volatile as $$
declare
  v_member bigint;
  v_refusal text;
begin
  select member_id into v_member from ledger_accounts where id = p_wallet;
  if v_member is null then
    return null;
  end if;
  v_refusal := limits_stake_check(p_brand, v_member, p_amount, p_kind);
  if v_refusal is not null then
    return v_refusal;
  end if;
  return null;
end $$
