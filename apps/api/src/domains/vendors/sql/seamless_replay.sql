-- The answer to a transaction id that was claimed before: the one home of the replay rules of every
-- seamless call (money-rules.md). A bet (or bet-and-win) whose id a rollback left as a tombstone is
-- refused with bet_cancelled; the same kind of call with the same fingerprint answers the stored
-- answer again; anything else raises idempotency_mismatch (and the caller's claim rolls back).
create or replace function seamless_replay(
  p_vendor bigint, p_transaction text, p_kind text, p_hash text
) returns jsonb language plpgsql as $$
declare
  v_prev record;
begin
  select kind, request_hash, answer into v_prev from seamless_transactions
    where vendor_id = p_vendor and transaction_id = p_transaction;
  if v_prev.kind = 'tombstone' and p_kind in ('bet', 'bet_win') then
    return seamless_answer(false, 'bet_cancelled', null, null, 0);
  end if;
  if v_prev.kind is distinct from p_kind or v_prev.request_hash is distinct from p_hash then
    raise exception 'seamless:idempotency_mismatch';
  end if;
  return v_prev.answer;
end $$
