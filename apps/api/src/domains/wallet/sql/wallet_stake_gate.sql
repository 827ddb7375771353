-- The stake gate of the PL/pgSQL posting primitive (docs/money-posting.md), twin of askStakeGate in
-- stake-gate.ts: "may the owner of wallet p_wallet stake p_amount (minor units, > 0) now, on an entry
-- of kind p_kind?". seamless_post asks it before it takes a stake, the one place a PL/pgSQL stake is
-- asked. Null: the stake may post. A refusal is a jsonb {"code": <catalogue code>, ...detail} with
-- the wallet's currency added; seamless_post raises seamless:<code> with the refusal as the error's
-- DETAIL, so nothing of the call is kept and the vendor receives the code (and the detail).
-- The checks, each owned by its domain and called in this order (a new check is one more call here
-- and one entry in STAKE_CHECKS of stake-gate.ts; it answers null or its refusal, runs inside the
-- call's transaction and may lock its own rows to serialise a member's stakes; a member it does not
-- concern costs it at most one indexed lookup):
--   exclusion_stake_open a time-out or self-exclusion in force (domains/exclusion/sql): false
--                        refuses with stake_refused
--   kyc_stake_allowed    the brand's KYC policy for play (domains/kyc/sql/kyc_stake_allowed.sql):
--                        false refuses with stake_refused
--   limits_stake_check   loss and wager limits (domains/limits/sql/limits_stake_check.sql)
-- A wallet of no member (none today) is not gated.
create or replace function wallet_stake_gate(
  p_brand bigint, p_wallet bigint, p_amount bigint, p_kind text
) returns jsonb language plpgsql volatile as $$
declare
  v_member bigint;
  v_currency text;
  v_refusal jsonb;
begin
  select member_id, currency into v_member, v_currency from ledger_accounts where id = p_wallet;
  if v_member is null then
    return null;
  end if;
  if not exclusion_stake_open(p_wallet) then
    return jsonb_build_object('code', 'stake_refused');
  end if;
  if not kyc_stake_allowed(p_brand, p_wallet) then
    return jsonb_build_object('code', 'stake_refused');
  end if;
  v_refusal := limits_stake_check(p_brand, v_member, p_amount, p_kind);
  if v_refusal is not null then
    return v_refusal || jsonb_build_object('currency', v_currency);
  end if;
  return null;
end $$
