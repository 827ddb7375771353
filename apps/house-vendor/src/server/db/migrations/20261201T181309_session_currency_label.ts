import { type Kysely, sql } from 'kysely';

/**
 * The currency label of a session: the brand's currency symbol the platform sends with the launch
 * (SeamlessSession `currencySymbol`, "RM"), so a game shows money exactly as the site around it does
 * ("RM 1,234.50"). Empty when the platform sent none: the page shows the ISO code instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions add column currency_label text not null default ''
    check (char_length(currency_label) <= 8)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions drop column currency_label`.execute(db);
}
