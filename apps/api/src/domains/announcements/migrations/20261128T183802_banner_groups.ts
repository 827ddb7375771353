import { type Kysely, sql } from 'kysely';

/**
 * Content management (issue 24): a banner belongs to a group, `home` (the home carousel) or `w_reg`
 * (the picture of the login and register modals); the existing banners are home banners.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table banners
      add column banner_group text not null default 'home' check (banner_group in ('home', 'w_reg'))
  `.execute(db);
  await sql`drop index banners_brand_idx`.execute(db);
  await sql`create index banners_brand_idx on banners (brand_id, banner_group, sort_order)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index banners_brand_idx`.execute(db);
  await sql`alter table banners drop column banner_group`.execute(db);
  await sql`create index banners_brand_idx on banners (brand_id, sort_order)`.execute(db);
}
