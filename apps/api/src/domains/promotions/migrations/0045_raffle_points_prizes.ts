import { type Kysely, sql } from 'kysely';

/**
 * Raffle prizes of points (issue 15): a prize is money (`amount`, bonus money under the promotion's
 * wagering, as before) or points (`points`, whole points credited to the member's points ledger once,
 * key `raffle:<ticket>:points`). Exactly one of the two is above zero, as the kind says.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promotion_raffle_prizes
    add column kind text not null default 'money' check (kind in ('money', 'points')),
    add column points bigint not null default 0 check (points between 0 and 999999999999)`.execute(db);
  await sql`alter table promotion_raffle_prizes drop constraint promotion_raffle_prizes_amount_check`.execute(
    db,
  );
  await sql`alter table promotion_raffle_prizes add constraint promotion_raffle_prizes_value_check
    check ((kind = 'money' and amount > 0 and points = 0) or (kind = 'points' and points > 0 and amount = 0))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from promotion_raffle_draws d using promotion_raffle_prizes p
    where p.id = d.prize_id and p.kind = 'points'`.execute(db);
  await sql`delete from promotion_raffle_prizes where kind = 'points'`.execute(db);
  await sql`alter table promotion_raffle_prizes drop constraint promotion_raffle_prizes_value_check`.execute(
    db,
  );
  await sql`alter table promotion_raffle_prizes drop column kind, drop column points`.execute(db);
  await sql`alter table promotion_raffle_prizes add constraint promotion_raffle_prizes_amount_check
    check (amount > 0)`.execute(db);
}
