import { TRIAL_TYPE } from '@lotus/contracts/accounts';
import type { GgrGroup } from '@lotus/contracts/games';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { CategoryColumn, GameStatusColumn } from './games.tables.ts';

export type AdminVendorRow = {
  id: string;
  code: string;
  name: string;
  display_name: string;
  small_icon: string;
  is_hot: boolean;
  sort_order: number;
  lobby_enabled: boolean;
  maintenance: boolean;
  active: boolean;
  launch_url: string;
  verify_url: string;
  game_count: string;
};

const vendorColumns = sql`
  v.id, v.code, v.name, v.display_name, v.small_icon, v.is_hot, v.sort_order, v.lobby_enabled,
  v.maintenance, v.active, v.launch_url, v.verify_url,
  (select count(*) from games g where g.vendor_id = v.id)::text as game_count`;

export async function listAdminVendors(db: Executor, brandId: string): Promise<AdminVendorRow[]> {
  const { rows } = await sql<AdminVendorRow>`
    select ${vendorColumns} from vendors v where v.brand_id = ${brandId}
    order by v.sort_order, v.code`.execute(db);
  return rows;
}

export async function findAdminVendor(
  db: Executor,
  brandId: string,
  id: string,
): Promise<AdminVendorRow | null> {
  const { rows } = await sql<AdminVendorRow>`
    select ${vendorColumns} from vendors v where v.brand_id = ${brandId} and v.id = ${id}`.execute(db);
  return rows[0] ?? null;
}

export async function placementsOf(
  db: Executor,
  brandId: string,
): Promise<{ vendor_id: string; category: CategoryColumn; sort_order: number }[]> {
  return db
    .selectFrom('vendor_categories')
    .select(['vendor_id', 'category', 'sort_order'])
    .where('brand_id', '=', brandId)
    .orderBy('sort_order')
    .orderBy('category')
    .execute();
}

export type AdminGameRow = {
  id: string;
  vendor_id: string;
  vendor_code: string;
  code: string;
  name_en: string;
  name_ms: string;
  name_cn: string;
  category: CategoryColumn;
  game_type: string;
  account_type_name: string;
  icon: string;
  is_hot: boolean;
  support_play: boolean;
  min_bet: string;
  stakes: string[];
  lines: number;
  status: GameStatusColumn;
  enabled: boolean;
  sort_order: number;
  default_play_type: string;
  is_game: string;
  node_name: string;
};

/** `%`, `_` and `\` of a search stay literal in LIKE patterns. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function adminGames(db: Executor, brandId: string) {
  return db
    .selectFrom('games')
    .innerJoin('vendors', 'vendors.id', 'games.vendor_id')
    .where('games.brand_id', '=', brandId);
}

const gameColumns = [
  'games.id',
  'games.vendor_id',
  'vendors.code as vendor_code',
  'games.code',
  'games.name_en',
  'games.name_ms',
  'games.name_cn',
  'games.category',
  'games.game_type',
  'games.account_type_name',
  'games.icon',
  'games.is_hot',
  'games.support_play',
  'games.min_bet',
  'games.lines',
  'games.status',
  'games.enabled',
  'games.sort_order',
  'games.default_play_type',
  'games.is_game',
  'games.node_name',
] as const;

/** Stakes as text: int8 arrays would reach PGlite and pg parsed differently. */
const stakesColumn = sql<string[]>`cast(games.stakes as text[])`.as('stakes');

export async function listAdminGames(
  db: Executor,
  brandId: string,
  filter: { vendorId?: string; category?: CategoryColumn; search?: string },
  page: number,
  pageSize: number,
): Promise<{ rows: AdminGameRow[]; total: number }> {
  let query = adminGames(db, brandId);
  if (filter.vendorId) query = query.where('games.vendor_id', '=', filter.vendorId);
  if (filter.category) query = query.where('games.category', '=', filter.category);
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${likeLiteral(search)}%`;
    query = query.where((eb) =>
      eb.or(
        ['games.code', 'games.name_en', 'games.name_ms', 'games.name_cn'].map(
          (column) => sql<boolean>`${sql.ref(column)} ilike ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select(gameColumns)
      .select(stakesColumn)
      .orderBy('vendors.sort_order')
      .orderBy('vendors.code')
      .orderBy('games.sort_order')
      .orderBy('games.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findAdminGame(db: Executor, brandId: string, id: string): Promise<AdminGameRow | null> {
  const row = await adminGames(db, brandId)
    .select(gameColumns)
    .select(stakesColumn)
    .where('games.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function updateGame(
  db: Executor,
  brandId: string,
  id: string,
  patch: {
    enabled?: boolean;
    sortOrder?: number;
    isHot?: boolean;
    status?: GameStatusColumn;
    icon?: string;
    supportPlay?: boolean;
    defaultPlayType?: string;
    isGame?: 'GAME' | 'VASSALAGE';
    nodeName?: string;
  },
): Promise<void> {
  await db
    .updateTable('games')
    .set({
      ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
      ...(patch.sortOrder !== undefined ? { sort_order: patch.sortOrder } : {}),
      ...(patch.isHot !== undefined ? { is_hot: patch.isHot } : {}),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.icon !== undefined ? { icon: patch.icon } : {}),
      ...(patch.supportPlay !== undefined ? { support_play: patch.supportPlay } : {}),
      ...(patch.defaultPlayType !== undefined ? { default_play_type: patch.defaultPlayType } : {}),
      ...(patch.isGame !== undefined ? { is_game: patch.isGame } : {}),
      ...(patch.nodeName !== undefined ? { node_name: patch.nodeName.trim() } : {}),
      updated_at: new Date(),
    })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .execute();
}

export type RoundKey = { vendor_id: string; round_id: string };

/** Rounds of the brand with this round id (one per vendor that used it). */
export async function roundKeysById(db: Executor, brandId: string, roundId: string): Promise<RoundKey[]> {
  const { rows } = await sql<RoundKey>`
    select distinct st.vendor_id, st.round_id from seamless_transactions st
    where st.round_id = ${roundId} and st.brand_id = ${brandId}
    order by st.vendor_id`.execute(db);
  return rows;
}

export type RoundHead = {
  vendor_id: string;
  vendor_code: string;
  verify_url: string;
  round_id: string;
  game_id: string;
  status: string;
  created_at: Date;
  closed_at: Date | null;
};

export type RoundCall = {
  vendor_id: string;
  round_id: string;
  transaction_id: string;
  kind: string;
  bet_transaction_id: string | null;
  amount: string;
  win_amount: string;
  bet_state: string | null;
  error_code: string;
  entry_id: string | null;
  member_id: string | null;
  username: string | null;
  created_at: Date;
};

/** The rounds and every seamless call of them, oldest call first. */
export async function roundDetails(
  db: Executor,
  brandId: string,
  keys: readonly RoundKey[],
): Promise<{ heads: RoundHead[]; calls: RoundCall[] }> {
  if (keys.length === 0) return { heads: [], calls: [] };
  const pairs = sql.join(keys.map((k) => sql`(${k.vendor_id}::bigint, ${k.round_id}::text)`));
  const heads = await sql<RoundHead>`
    select r.vendor_id, v.code as vendor_code, v.verify_url, r.round_id, r.game_id, r.status, r.created_at, r.closed_at
    from seamless_rounds r join vendors v on v.id = r.vendor_id
    where r.brand_id = ${brandId} and (r.vendor_id, r.round_id) in (${pairs})`.execute(db);
  const calls = await sql<RoundCall>`
    select st.vendor_id, st.round_id, st.transaction_id, st.kind, st.bet_transaction_id,
           st.amount::text as amount, st.win_amount::text as win_amount, st.bet_state, st.error_code,
           st.entry_id, st.member_id, m.username, st.created_at
    from seamless_transactions st left join members m on m.id = st.member_id
    where st.brand_id = ${brandId} and (st.vendor_id, st.round_id) in (${pairs})
    order by st.created_at, st.id`.execute(db);
  return { heads: heads.rows, calls: calls.rows };
}

export type GgrRow = {
  key: string;
  label: string;
  bets: string;
  stake: string;
  payout: string;
  players: string;
};

/**
 * Money the brand's seamless calls moved in `[from, to)` (real members only), grouped: bets and
 * their stakes less refunds, wins paid, distinct players who bet. Counted when the money moved (the
 * day of each call), as the ledger does.
 */
export async function ggrRows(
  db: Executor,
  brandId: string,
  from: Date,
  to: Date,
  groupBy: GgrGroup,
  timeZone: string,
): Promise<GgrRow[]> {
  const key = {
    // The brand's day of the call (its time zone, daylight saving included), computed in `calls`.
    day: sql`c.local_day`,
    category: sql`c.category`,
    vendor: sql`c.vendor_code`,
    game: sql`c.vendor_code || ':' || c.game_code`,
  }[groupBy];
  const label = {
    day: key,
    category: key,
    vendor: sql`max(c.vendor_name)`,
    game: sql`max(coalesce(c.game_name, c.game_code))`,
  }[groupBy];
  const { rows } = await sql<GgrRow>`
    with calls as (
      select st.kind, st.amount, st.win_amount, st.member_id, st.created_at,
             to_char(st.created_at at time zone ${timeZone}, 'YYYY-MM-DD') as local_day,
             v.code as vendor_code, coalesce(nullif(v.display_name, ''), v.name) as vendor_name,
             coalesce(b.game_id, st.game_id) as game_code, g.name_en as game_name,
             coalesce(g.category,
               (select vc.category from vendor_categories vc where vc.vendor_id = st.vendor_id
                  order by vc.sort_order, vc.category limit 1),
               'RNG') as category
      from seamless_transactions st
      join members m on m.id = st.member_id and m.is_agent <> ${TRIAL_TYPE}
      join vendors v on v.id = st.vendor_id
      left join seamless_transactions b
        on st.kind in ('win', 'rollback') and b.vendor_id = st.vendor_id
        and b.transaction_id = st.bet_transaction_id
      left join games g on g.vendor_id = st.vendor_id and g.code = coalesce(b.game_id, st.game_id)
      where st.brand_id = ${brandId} and st.created_at >= ${from} and st.created_at < ${to}
        and st.entry_id is not null and st.kind in ('bet', 'bet_win', 'win', 'rollback')
    )
    select ${key} as key, ${label} as label,
           (count(*) filter (where c.kind in ('bet', 'bet_win'))
             - count(*) filter (where c.kind = 'rollback'))::text as bets,
           coalesce(sum(case when c.kind in ('bet', 'bet_win') then c.amount
                             when c.kind = 'rollback' then -c.amount else 0 end), 0)::text as stake,
           coalesce(sum(case when c.kind = 'win' then c.amount
                             when c.kind = 'bet_win' then c.win_amount else 0 end), 0)::text as payout,
           count(distinct c.member_id) filter (where c.kind in ('bet', 'bet_win'))::text as players
    from calls c
    group by 1
    order by 1`.execute(db);
  return rows;
}

export async function ggrPlayers(db: Executor, brandId: string, from: Date, to: Date): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(distinct st.member_id)::text as n from seamless_transactions st
    join members m on m.id = st.member_id and m.is_agent <> ${TRIAL_TYPE}
    where st.brand_id = ${brandId} and st.created_at >= ${from} and st.created_at < ${to}
      and st.entry_id is not null and st.kind in ('bet', 'bet_win')`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export async function memberIdByUsername(
  db: Executor,
  brandId: string,
  username: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('brand_id', '=', brandId)
    .where('username', '=', username)
    .executeTakeFirst();
  return row?.id ?? null;
}
