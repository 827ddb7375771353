import { type Kysely, sql } from 'kysely';

const CATEGORIES = sql.raw(`('ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'RNG', 'PVP')`);

/**
 * The game catalogue (issue 12):
 * - vendors (a vendors-domain table, per brand) get what the lobby shows of them: display name, small
 *   icon, hot flag, order, whether the lobby lists them, a maintenance switch, the game page they are
 *   launched on (`launch_url`, `{game}` and `{cdn}` placeholders) and their fairness page of a round
 *   (`verify_url`, `{round}`); `vendor_categories` places a vendor in one or more categories, each
 *   with its order there;
 * - `games`: per brand (through its vendor), code = the vendor's game id, category and finer game
 *   type, names in EN/MS/CN, icon, hot, free play, minimum bet, lines, status, enablement, order;
 * - `game_rooms`: tables of live and card games (GLS2_roomList);
 * - `member_favorite_games`, `member_recent_games`: per member;
 * - `launch_tokens`: the single-use tokens of game-launch.ts, kept as SHA-256 only; spending one is a
 *   conditional update (`used_at is null and expires_at > now()`);
 * - a BRIN index on `seamless_transactions.created_at` for the reports over a brand's days (winners
 *   board, popular games, GGR): a few pages of summary, no extra B-tree entry on the seamless hot path.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table vendors
      add column display_name text not null default '' check (length(display_name) <= 64),
      add column small_icon text not null default '' check (length(small_icon) <= 300),
      add column is_hot boolean not null default false,
      add column sort_order integer not null default 0,
      add column lobby_enabled boolean not null default true,
      add column maintenance boolean not null default false,
      add column launch_url text not null default '' check (length(launch_url) <= 500),
      add column verify_url text not null default '' check (length(verify_url) <= 500)`.execute(db);

  await sql`
    create table vendor_categories (
      vendor_id bigint not null references vendors (id) on delete cascade,
      brand_id bigint not null references brands (id) on delete cascade,
      category text not null check (category in ${CATEGORIES}),
      sort_order integer not null default 0,
      primary key (vendor_id, category)
    )`.execute(db);
  await sql`create index vendor_categories_brand_idx on vendor_categories (brand_id, category, sort_order)`.execute(
    db,
  );

  await sql`
    create table games (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      vendor_id bigint not null references vendors (id) on delete cascade,
      code text not null check (code ~ '^[A-Za-z0-9_.-]{1,64}$'),
      category text not null check (category in ${CATEGORIES}),
      game_type text not null default '' check (game_type ~ '^[A-Za-z0-9_]{0,32}$'),
      account_type_name text not null default '' check (length(account_type_name) <= 32),
      name_en text not null check (length(name_en) between 1 and 100),
      name_ms text not null default '' check (length(name_ms) <= 100),
      name_cn text not null default '' check (length(name_cn) <= 100),
      icon text not null default '' check (length(icon) <= 300),
      is_hot boolean not null default false,
      support_play boolean not null default false,
      min_bet bigint not null default 0 check (min_bet >= 0),
      lines integer not null default 0 check (lines >= 0),
      status text not null default 'active' check (status in ('active', 'maintenance', 'disabled')),
      enabled boolean not null default true,
      sort_order integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index games_vendor_code_uq on games (vendor_id, code)`.execute(db);
  await sql`create index games_brand_idx on games (brand_id, category, sort_order, id)`.execute(db);

  await sql`
    create table game_rooms (
      id bigint generated always as identity primary key,
      brand_id bigint not null references brands (id) on delete cascade,
      game_id bigint not null references games (id) on delete cascade,
      code text not null check (code ~ '^[A-Za-z0-9_.-]{1,64}$'),
      name_en text not null check (length(name_en) between 1 and 100),
      name_ms text not null default '' check (length(name_ms) <= 100),
      name_cn text not null default '' check (length(name_cn) <= 100),
      min_bet bigint not null default 0 check (min_bet >= 0),
      max_bet bigint not null default 0,
      status text not null default 'active' check (status in ('active', 'maintenance', 'disabled')),
      sort_order integer not null default 0,
      check (max_bet >= min_bet)
    )`.execute(db);
  await sql`create unique index game_rooms_game_code_uq on game_rooms (game_id, code)`.execute(db);
  await sql`create index game_rooms_brand_idx on game_rooms (brand_id, sort_order, id)`.execute(db);

  await sql`
    create table member_favorite_games (
      member_id bigint not null references members (id) on delete cascade,
      game_id bigint not null references games (id) on delete cascade,
      brand_id bigint not null references brands (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (member_id, game_id)
    )`.execute(db);
  await sql`create index member_favorite_games_recent_idx on member_favorite_games (member_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table member_recent_games (
      member_id bigint not null references members (id) on delete cascade,
      game_id bigint not null references games (id) on delete cascade,
      brand_id bigint not null references brands (id) on delete cascade,
      played_at timestamptz not null default now(),
      primary key (member_id, game_id)
    )`.execute(db);
  await sql`create index member_recent_games_recent_idx on member_recent_games (member_id, played_at desc)`.execute(
    db,
  );

  await sql`
    create table launch_tokens (
      id bigint generated always as identity primary key,
      token_hash text not null unique,
      brand_id bigint not null references brands (id) on delete cascade,
      member_id bigint not null references members (id) on delete cascade,
      vendor_id bigint not null references vendors (id) on delete cascade,
      game_id bigint not null references games (id) on delete cascade,
      game_code text not null,
      mode text not null check (mode in ('real', 'demo', 'free')),
      language text not null default 'EN',
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create index launch_tokens_expiry_idx on launch_tokens (expires_at)`.execute(db);

  await sql`create index seamless_transactions_time_brin on seamless_transactions using brin (created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists seamless_transactions_time_brin`.execute(db);
  for (const table of [
    'launch_tokens',
    'member_recent_games',
    'member_favorite_games',
    'game_rooms',
    'games',
    'vendor_categories',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
  await sql`
    alter table vendors
      drop column display_name, drop column small_icon, drop column is_hot, drop column sort_order,
      drop column lobby_enabled, drop column maintenance, drop column launch_url, drop column verify_url`.execute(
    db,
  );
}
