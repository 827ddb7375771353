-- The member's money that counts for the limits (docs/limits.md) in (p_from, p_to], one row per
-- posting on a member account (member_main, member_vendor, lottery_hold): its time and what it adds
-- to each measure. deposit: a deposit or a received transfer credited to the main wallet; wager:
-- a stake, less a stake given back; loss: a stake, less a stake given back, less a win (and less
-- bonus money where the brand counts it as a win). One index range per account
-- (postings_account_time_idx), the entry by its key.
create or replace function limits_moves(
  p_brand bigint, p_member bigint, p_from timestamptz, p_to timestamptz
) returns table (o_at timestamptz, o_deposit bigint, o_wager bigint, o_loss bigint)
language sql stable as $$
  with settings as (
    select coalesce((select bonus_counts_as_win from limit_settings where brand_id = p_brand), false) as bonus_win
  ), moves as (
    select p.created_at, p.amount, a.kind as account_kind, limits_kind_class(e.kind) as cls
      from ledger_accounts a
      join postings p on p.account_id = a.id and p.created_at > p_from and p.created_at <= p_to
      join journal_entries e on e.id = p.entry_id
     where a.member_id = p_member and a.brand_id = p_brand
       and a.kind in ('member_main', 'member_vendor', 'lottery_hold')
  )
  select m.created_at,
         case when m.cls = 'deposit' and m.amount > 0 and m.account_kind = 'member_main' then m.amount else 0 end,
         case when m.cls in ('game', 'return') and m.amount < 0 then -m.amount
              when m.cls = 'return' and m.amount > 0 then -m.amount
              else 0 end,
         case when m.cls in ('game', 'return') then -m.amount
              when m.cls = 'bonus' and m.amount > 0 and s.bonus_win then -m.amount
              else 0 end
    from moves m cross join settings s
   where m.cls is not null
$$
