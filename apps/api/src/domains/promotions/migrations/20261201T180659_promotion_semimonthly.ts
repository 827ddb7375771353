import { type Kysely, sql } from 'kysely';

/**
 * The semi-monthly period of spec §9 ("Periods: daily, weekly, semimonthly, monthly"): a promotion
 * may be taken once per half month (the 1st to the 15th, the 16th to the month's end, UTC), its
 * records keyed `YYYY-MM-h1` / `YYYY-MM-h2`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promotions drop constraint promotions_frequency_check`.execute(db);
  await sql`alter table promotions add constraint promotions_frequency_check
    check (frequency in ('once', 'daily', 'weekly', 'semimonthly', 'monthly'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update promotions set frequency = 'monthly' where frequency = 'semimonthly'`.execute(db);
  await sql`alter table promotions drop constraint promotions_frequency_check`.execute(db);
  await sql`alter table promotions add constraint promotions_frequency_check
    check (frequency in ('once', 'daily', 'weekly', 'monthly'))`.execute(db);
}
