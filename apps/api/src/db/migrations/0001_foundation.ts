import { type Kysely, sql } from 'kysely';

/** Brands (tenants) with their whole configuration, their content and the feedback inbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const jsonList = (col: string) => sql.raw(`${col} jsonb not null default '[]'::jsonb`);

  await sql`
    create table brands (
      id bigint generated always as identity primary key,
      merchant_code text not null unique,
      name text not null,
      platform text not null default 'web',
      lottery_type text not null default 'SEA',
      device text not null default 'WEB',
      default_language text not null default 'EN',
      ${jsonList('supported_languages')},
      ${jsonList('ui_languages')},
      chat_header_colour text not null default '#1f6feb',
      theme jsonb not null default '{}'::jsonb,
      currency text not null default 'PHP',
      currency_symbol text not null default 'P',
      ${jsonList('prize_modes')},
      ${jsonList('announcement_types')},
      default_announcement_type text not null default 'B',
      feature_flags jsonb not null default '{}'::jsonb,
      logined_to_home_page boolean not null default false,
      system_status smallint not null default 0 check (system_status in (0, 1, 2)),
      maintenance_start timestamptz,
      maintenance_end timestamptz,
      ${jsonList('blocked_countries')},
      ${jsonList('category_order')},
      analytics_gtag_id text not null default '',
      ${jsonList('image_cdns')},
      ${jsonList('launch_game_cdns')},
      ${jsonList('domain_list')},
      logo_url text not null default '',
      ${jsonList('footer_links')},
      ${jsonList('help_menu')},
      copyright text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table brand_domains (
      domain text primary key check (domain = lower(domain)),
      brand_id bigint not null references brands (id) on delete cascade
    )`.execute(db);
  await sql`create index brand_domains_brand_idx on brand_domains (brand_id)`.execute(db);

  await sql`
    create table customer_service_resources (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      cs_type text not null check (cs_type in ('LIVECHAT', 'WHATSAPP', 'TELEGRAM', 'VIP')),
      url text not null,
      qr_code_url text not null default '',
      label_name_en text not null,
      label_name_ms text not null default '',
      label_name_cn text not null default '',
      sort_order integer not null default 0
    )`.execute(db);
  await sql`create index customer_service_resources_brand_idx on customer_service_resources (brand_id, sort_order)`.execute(
    db,
  );

  await sql`
    create table announcements (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      type text not null check (type in ('B', 'PL', 'PU', 'PR', 'H')),
      execution text not null check (execution in ('A', 'B', 'F')),
      platform text not null default 'W',
      promotion_type text,
      title_en text not null,
      title_ms text not null default '',
      title_cn text not null default '',
      content_en text not null,
      content_ms text not null default '',
      content_cn text not null default '',
      sort_order integer not null default 0,
      published_at timestamptz not null default now(),
      active boolean not null default true
    )`.execute(db);
  await sql`create index announcements_brand_idx on announcements (brand_id, execution, type)`.execute(db);

  await sql`
    create table banners (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      image_url text not null,
      link text not null default '',
      title_en text not null,
      title_ms text not null default '',
      title_cn text not null default '',
      sort_order integer not null default 0,
      active boolean not null default true
    )`.execute(db);
  await sql`create index banners_brand_idx on banners (brand_id, sort_order)`.execute(db);

  await sql`
    create table help_categories (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      slug text not null,
      title_en text not null,
      title_ms text not null default '',
      title_cn text not null default '',
      sort_order integer not null default 0,
      unique (brand_id, slug)
    )`.execute(db);

  await sql`
    create table help_articles (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      category_id bigint not null references help_categories (id) on delete cascade,
      slug text not null,
      title_en text not null,
      title_ms text not null default '',
      title_cn text not null default '',
      content_en text not null,
      content_ms text not null default '',
      content_cn text not null default '',
      sort_order integer not null default 0,
      unique (brand_id, slug)
    )`.execute(db);
  await sql`create index help_articles_category_idx on help_articles (category_id, sort_order)`.execute(db);

  await sql`
    create table feedback (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      content text not null,
      language text not null,
      client_ip text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index feedback_brand_idx on feedback (brand_id, created_at)`.execute(db);

  await sql`
    create table feedback_images (
      id bigint generated always as identity primary key,
      feedback_id bigint not null references feedback (id) on delete cascade,
      brand_id bigint not null references brands (id) on delete cascade,
      stored_name text not null unique,
      mime_type text not null check (mime_type in ('image/png', 'image/jpeg')),
      size_bytes integer not null
    )`.execute(db);
  await sql`create index feedback_images_feedback_idx on feedback_images (feedback_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'feedback_images',
    'feedback',
    'help_articles',
    'help_categories',
    'banners',
    'announcements',
    'customer_service_resources',
    'brand_domains',
    'brands',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
