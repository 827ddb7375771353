-- Whether a win or rollback that names a player token may settle a bet of p_member: the one home of
-- the rule that a call never settles another player's bet. A token is optional on these calls and
-- its expiry is not checked (they settle earlier bets); a token given must be one of this vendor's
-- sessions (else vendor_session_invalid) of the bet's member (else idempotency_mismatch: the bet's
-- id belongs to another player). Raises, so the call keeps nothing.
create or replace function seamless_settler(
  p_vendor bigint, p_token_hash text, p_member bigint
) returns void language plpgsql as $$
declare
  v_member bigint;
begin
  if p_token_hash is null then
    return;
  end if;
  select member_id into v_member from vendor_sessions
    where token_hash = p_token_hash and vendor_id = p_vendor;
  if v_member is null then
    raise exception 'seamless:vendor_session_invalid';
  end if;
  if v_member is distinct from p_member then
    raise exception 'seamless:idempotency_mismatch';
  end if;
end $$
