import { type Kysely, sql } from 'kysely';

/**
 * Points rewards (issue 15): a promotion of reward kind `points` gives whole points
 * (`reward_points`, 1 to 999999999999, the raffle prizes' bound) instead of bonus money. The member's
 * record keeps the points it gives (`member_promotions.reward_points`, fixed when applied, as the
 * bonus amount is); claiming it (or, for a promotion that needs approval, the operator's approval)
 * credits them to the member's points ledger once (key `promotion:<record>:points`): no bonus money,
 * no wagering.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promotions drop constraint promotions_reward_kind_check`.execute(db);
  await sql`alter table promotions add constraint promotions_reward_kind_check
    check (reward_kind in ('fixed', 'percent', 'raffle', 'free_rounds', 'points'))`.execute(db);
  await sql`alter table promotions
    add column reward_points bigint not null default 0 check (reward_points between 0 and 999999999999)`.execute(
    db,
  );
  await sql`alter table promotions add constraint promotions_reward_points_kind_check
    check ((reward_kind = 'points') = (reward_points > 0))`.execute(db);
  await sql`alter table member_promotions
    add column reward_points bigint not null default 0 check (reward_points between 0 and 999999999999)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from promotions where reward_kind = 'points'`.execute(db);
  await sql`alter table member_promotions drop column reward_points`.execute(db);
  await sql`alter table promotions drop constraint promotions_reward_points_kind_check`.execute(db);
  await sql`alter table promotions drop column reward_points`.execute(db);
  await sql`alter table promotions drop constraint promotions_reward_kind_check`.execute(db);
  await sql`alter table promotions add constraint promotions_reward_kind_check
    check (reward_kind in ('fixed', 'percent', 'raffle', 'free_rounds'))`.execute(db);
}
