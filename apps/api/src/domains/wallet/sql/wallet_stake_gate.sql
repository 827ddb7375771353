-- The stake gate of the PL/pgSQL posting primitive (docs/money-posting.md), twin of askStakeGate in
-- stake-gate.ts: "may the owner of wallet p_wallet stake p_amount (minor units, > 0) now, on an entry
-- of kind p_kind?". seamless_post asks it before it takes a stake, the one place a PL/pgSQL stake is
-- asked; false makes the call raise seamless:stake_refused, so nothing of it is kept.
-- Responsible-gaming limits, self-exclusion and trial rules plug in here: each check is its owner's
-- plain SQL function (time-outs and self-exclusion: exclusion_stake_open, domains/exclusion/sql),
-- inlined into the caller's expression.
create or replace function wallet_stake_gate(
  p_brand bigint, p_wallet bigint, p_amount bigint, p_kind text
) returns boolean language sql stable as $$
  select exclusion_stake_open(p_wallet)
$$
