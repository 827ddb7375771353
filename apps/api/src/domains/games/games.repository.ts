import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { CategoryColumn, GameStatusColumn } from './games.tables.ts';

/** A vendor as the lobby lists it (active for the seamless API and listed in the lobby). */
export type VendorRow = {
  id: string;
  code: string;
  name: string;
  display_name: string;
  small_icon: string;
  is_hot: boolean;
  sort_order: number;
  maintenance: boolean;
};

export type PlacementRow = { vendor_id: string; category: CategoryColumn; sort_order: number };

export type GameRow = {
  id: string;
  vendor_id: string;
  code: string;
  category: CategoryColumn;
  game_type: string;
  account_type_name: string;
  name_en: string;
  name_ms: string;
  name_cn: string;
  icon: string;
  is_hot: boolean;
  support_play: boolean;
  min_bet: string;
  lines: number;
  status: GameStatusColumn;
  sort_order: number;
  default_play_type: string;
  is_game: string;
  node_name: string;
};

/**
 * Everything the lobby shows of a brand: its listed vendors (seamless-active and lobby-enabled),
 * their placements in categories, and their enabled games that are not disabled.
 */
export async function loadCatalogue(
  db: Executor,
  brandId: string,
): Promise<{ vendors: VendorRow[]; placements: PlacementRow[]; games: GameRow[] }> {
  const vendors = await db
    .selectFrom('vendors')
    .select(['id', 'code', 'name', 'display_name', 'small_icon', 'is_hot', 'sort_order', 'maintenance'])
    .where('brand_id', '=', brandId)
    .where('active', '=', true)
    .where('lobby_enabled', '=', true)
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
  if (vendors.length === 0) return { vendors, placements: [], games: [] };
  const ids = vendors.map((v) => v.id);
  const placements = await db
    .selectFrom('vendor_categories')
    .select(['vendor_id', 'category', 'sort_order'])
    .where('brand_id', '=', brandId)
    .where('vendor_id', 'in', ids)
    .execute();
  const games = await db
    .selectFrom('games')
    .select([
      'id',
      'vendor_id',
      'code',
      'category',
      'game_type',
      'account_type_name',
      'name_en',
      'name_ms',
      'name_cn',
      'icon',
      'is_hot',
      'support_play',
      'min_bet',
      'lines',
      'status',
      'sort_order',
      'default_play_type',
      'is_game',
      'node_name',
    ])
    .where('brand_id', '=', brandId)
    .where('vendor_id', 'in', ids)
    .where('enabled', '=', true)
    .where('status', '<>', 'disabled')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return { vendors, placements, games };
}

/** Which of `gameIds` the member has as favourites. */
export async function favoriteIdsAmong(
  db: Executor,
  memberId: string,
  gameIds: readonly string[],
): Promise<Set<string>> {
  if (gameIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('member_favorite_games')
    .select('game_id')
    .where('member_id', '=', memberId)
    .where('game_id', 'in', gameIds)
    .execute();
  return new Set(rows.map((r) => r.game_id));
}

/** The member's favourite game ids, newest first. */
export async function favoriteIds(db: Executor, memberId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('member_favorite_games')
    .select('game_id')
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('game_id', 'desc')
    .execute();
  return rows.map((r) => r.game_id);
}

/** A game of the brand by its platform id (any state), or null. */
export async function findBrandGame(
  db: Executor,
  brandId: string,
  gameId: string,
): Promise<{ id: string } | null> {
  const row = await db
    .selectFrom('games')
    .select('id')
    .where('brand_id', '=', brandId)
    .where('id', '=', gameId)
    .executeTakeFirst();
  return row ?? null;
}

export async function addFavorite(db: Executor, brandId: string, memberId: string, gameId: string) {
  await db
    .insertInto('member_favorite_games')
    .values({ brand_id: brandId, member_id: memberId, game_id: gameId })
    .onConflict((oc) => oc.columns(['member_id', 'game_id']).doNothing())
    .execute();
}

export async function removeFavorite(db: Executor, memberId: string, gameId: string) {
  await db
    .deleteFrom('member_favorite_games')
    .where('member_id', '=', memberId)
    .where('game_id', '=', gameId)
    .execute();
}

/** The member's recently launched game ids, newest first. */
export async function recentIds(db: Executor, memberId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('member_recent_games')
    .select('game_id')
    .where('member_id', '=', memberId)
    .orderBy('played_at', 'desc')
    .orderBy('game_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.game_id);
}

/** Records a launch among the member's recent games and keeps only the newest `keep`. */
export async function touchRecent(
  db: Executor,
  brandId: string,
  memberId: string,
  gameId: string,
  keep: number,
): Promise<void> {
  await db
    .insertInto('member_recent_games')
    .values({ brand_id: brandId, member_id: memberId, game_id: gameId, played_at: new Date() })
    .onConflict((oc) => oc.columns(['member_id', 'game_id']).doUpdateSet({ played_at: new Date() }))
    .execute();
  await sql`
    delete from member_recent_games
    where member_id = ${memberId} and game_id not in (
      select game_id from member_recent_games where member_id = ${memberId}
      order by played_at desc, game_id desc limit ${keep}
    )`.execute(db);
}

export type RoomRow = {
  id: string;
  code: string;
  game_id: string;
  name_en: string;
  name_ms: string;
  name_cn: string;
  min_bet: string;
  max_bet: string;
  status: GameStatusColumn;
};

/** Rooms of the given games that are not disabled, in the brand's order. */
export async function roomsOf(db: Executor, brandId: string, gameIds: readonly string[]): Promise<RoomRow[]> {
  if (gameIds.length === 0) return [];
  return db
    .selectFrom('game_rooms')
    .select(['id', 'code', 'game_id', 'name_en', 'name_ms', 'name_cn', 'min_bet', 'max_bet', 'status'])
    .where('brand_id', '=', brandId)
    .where('game_id', 'in', gameIds)
    .where('status', '<>', 'disabled')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** A game to launch, read fresh (not from the lobby cache), with its vendor's launch settings. */
export type LaunchTarget = {
  game_id: string;
  code: string;
  support_play: boolean;
  status: GameStatusColumn;
  enabled: boolean;
  category: CategoryColumn;
  vendor_id: string;
  vendor_code: string;
  vendor_active: boolean;
  lobby_enabled: boolean;
  maintenance: boolean;
  launch_url: string;
  room_status: GameStatusColumn | null;
};

const launchColumns = [
  'games.id as game_id',
  'games.code',
  'games.support_play',
  'games.status',
  'games.enabled',
  'games.category',
  'vendors.id as vendor_id',
  'vendors.code as vendor_code',
  'vendors.active as vendor_active',
  'vendors.lobby_enabled',
  'vendors.maintenance',
  'vendors.launch_url',
] as const;

export async function findLaunchTarget(
  db: Executor,
  brandId: string,
  vendorCode: string,
  gameCode: string,
): Promise<LaunchTarget | null> {
  const row = await db
    .selectFrom('games')
    .innerJoin('vendors', 'vendors.id', 'games.vendor_id')
    .select(launchColumns)
    .where('games.brand_id', '=', brandId)
    .where('vendors.brand_id', '=', brandId)
    .where('vendors.code', '=', vendorCode)
    .where('games.code', '=', gameCode)
    .executeTakeFirst();
  return row ? { ...row, room_status: null } : null;
}

export async function findRoomLaunchTarget(
  db: Executor,
  brandId: string,
  roomId: string,
): Promise<LaunchTarget | null> {
  const row = await db
    .selectFrom('game_rooms')
    .innerJoin('games', 'games.id', 'game_rooms.game_id')
    .innerJoin('vendors', 'vendors.id', 'games.vendor_id')
    .select([...launchColumns, 'game_rooms.status as room_status'])
    .where('game_rooms.brand_id', '=', brandId)
    .where('games.brand_id', '=', brandId)
    .where('game_rooms.id', '=', roomId)
    .executeTakeFirst();
  return row ?? null;
}

export async function insertLaunchToken(
  db: Executor,
  row: {
    tokenHash: string;
    brandId: string;
    memberId: string;
    vendorId: string;
    gameId: string;
    gameCode: string;
    mode: 'real' | 'demo' | 'free';
    language: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('launch_tokens')
    .values({
      token_hash: row.tokenHash,
      brand_id: row.brandId,
      member_id: row.memberId,
      vendor_id: row.vendorId,
      game_id: row.gameId,
      game_code: row.gameCode,
      mode: row.mode,
      language: row.language,
      expires_at: row.expiresAt,
    })
    .execute();
}

export type SpentLaunchToken = {
  brand_id: string;
  member_id: string;
  vendor_id: string;
  game_code: string;
  mode: 'real' | 'demo' | 'free';
  language: string;
};

/**
 * Spends a launch token: one conditional update (unused and unexpired), so of any number of
 * concurrent exchanges exactly one gets the row; null when it was used, expired or never issued.
 */
export async function spendLaunchTokenRow(db: Executor, tokenHash: string): Promise<SpentLaunchToken | null> {
  const row = await db
    .updateTable('launch_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['brand_id', 'member_id', 'vendor_id', 'game_code', 'mode', 'language'])
    .executeTakeFirst();
  return row ?? null;
}

/** Deletes launch tokens that expired before `before` (used or not): they can never be spent again. */
export async function purgeLaunchTokens(db: Executor, before: Date): Promise<number> {
  const result = await db.deleteFrom('launch_tokens').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
