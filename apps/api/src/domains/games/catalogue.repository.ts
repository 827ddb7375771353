import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { CategoryColumn, GameStatusColumn } from './games.tables.ts';

/** What the lobby shows of a vendor (vendors-table columns of migration 0019). */
export type VendorPresentation = {
  displayName?: string;
  smallIcon?: string;
  isHot?: boolean;
  sortOrder?: number;
  lobbyEnabled?: boolean;
  maintenance?: boolean;
  launchUrl?: string;
  verifyUrl?: string;
};

export async function updateVendorPresentation(
  db: Executor,
  brandId: string,
  vendorId: string,
  p: VendorPresentation,
): Promise<void> {
  const set = {
    ...(p.displayName !== undefined ? { display_name: p.displayName } : {}),
    ...(p.smallIcon !== undefined ? { small_icon: p.smallIcon } : {}),
    ...(p.isHot !== undefined ? { is_hot: p.isHot } : {}),
    ...(p.sortOrder !== undefined ? { sort_order: p.sortOrder } : {}),
    ...(p.lobbyEnabled !== undefined ? { lobby_enabled: p.lobbyEnabled } : {}),
    ...(p.maintenance !== undefined ? { maintenance: p.maintenance } : {}),
    ...(p.launchUrl !== undefined ? { launch_url: p.launchUrl } : {}),
    ...(p.verifyUrl !== undefined ? { verify_url: p.verifyUrl } : {}),
  };
  if (Object.keys(set).length === 0) return;
  await db
    .updateTable('vendors')
    .set(set)
    .where('brand_id', '=', brandId)
    .where('id', '=', vendorId)
    .execute();
}

/** Replaces a vendor's category placements. */
export async function replacePlacements(
  db: Executor,
  brandId: string,
  vendorId: string,
  placements: readonly { category: CategoryColumn; sortOrder: number }[],
): Promise<void> {
  await db.deleteFrom('vendor_categories').where('vendor_id', '=', vendorId).execute();
  if (placements.length === 0) return;
  await db
    .insertInto('vendor_categories')
    .values(
      placements.map((p) => ({
        vendor_id: vendorId,
        brand_id: brandId,
        category: p.category,
        sort_order: p.sortOrder,
      })),
    )
    .execute();
}

export type NewGame = {
  code: string;
  category: CategoryColumn;
  gameType: string;
  accountTypeName?: string;
  names: { en: string; ms: string; cn: string };
  icon: string;
  isHot: boolean;
  supportPlay: boolean;
  minBet: bigint;
  /** The stakes of one round the game accepts (minor units, ascending); none = any from minBet. */
  stakes?: readonly bigint[];
  lines: number;
  sortOrder: number;
  status?: GameStatusColumn;
};

/** Adds games a vendor does not have yet (by code); existing ones keep what operators set. */
export async function insertMissingGames(
  db: Executor,
  brandId: string,
  vendorId: string,
  games: readonly NewGame[],
): Promise<number> {
  if (games.length === 0) return 0;
  const rows = await db
    .insertInto('games')
    .values(
      games.map((g) => ({
        brand_id: brandId,
        vendor_id: vendorId,
        code: g.code,
        category: g.category,
        game_type: g.gameType,
        account_type_name: g.accountTypeName ?? '',
        name_en: g.names.en,
        name_ms: g.names.ms,
        name_cn: g.names.cn,
        icon: g.icon,
        is_hot: g.isHot,
        support_play: g.supportPlay,
        min_bet: g.minBet,
        stakes: sql<string[]>`cast(${`{${(g.stakes ?? []).join(',')}}`} as bigint[])`,
        lines: g.lines,
        sort_order: g.sortOrder,
        status: g.status ?? 'active',
      })),
    )
    .onConflict((oc) => oc.columns(['vendor_id', 'code']).doNothing())
    .returning('id')
    .execute();
  return rows.length;
}

export async function placementCount(db: Executor, vendorId: string): Promise<number> {
  const row = await db
    .selectFrom('vendor_categories')
    .select(sql<string>`count(*)`.as('n'))
    .where('vendor_id', '=', vendorId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Places a vendor in one more category unless it is there already. */
export async function addPlacement(
  db: Executor,
  brandId: string,
  vendorId: string,
  placement: { category: CategoryColumn; sortOrder: number },
): Promise<void> {
  await db
    .insertInto('vendor_categories')
    .values({
      vendor_id: vendorId,
      brand_id: brandId,
      category: placement.category,
      sort_order: placement.sortOrder,
    })
    .onConflict((oc) => oc.columns(['vendor_id', 'category']).doNothing())
    .execute();
}

export type NewRoom = {
  gameCode: string;
  code: string;
  names: { en: string; ms: string; cn: string };
  minBet: bigint;
  maxBet: bigint;
  sortOrder: number;
};

/** Adds the rooms (by game code and room code) a vendor's games do not have yet. */
export async function insertMissingRooms(
  db: Executor,
  brandId: string,
  vendorId: string,
  rooms: readonly NewRoom[],
): Promise<number> {
  if (rooms.length === 0) return 0;
  const games = await db
    .selectFrom('games')
    .select(['id', 'code'])
    .where('brand_id', '=', brandId)
    .where('vendor_id', '=', vendorId)
    .where(
      'code',
      'in',
      rooms.map((r) => r.gameCode),
    )
    .execute();
  const idOf = new Map(games.map((g) => [g.code, g.id]));
  const values = rooms.flatMap((r) => {
    const gameId = idOf.get(r.gameCode);
    return gameId === undefined
      ? []
      : [
          {
            brand_id: brandId,
            game_id: gameId,
            code: r.code,
            name_en: r.names.en,
            name_ms: r.names.ms,
            name_cn: r.names.cn,
            min_bet: r.minBet,
            max_bet: r.maxBet,
            sort_order: r.sortOrder,
          },
        ];
  });
  if (values.length === 0) return 0;
  const rows = await db
    .insertInto('game_rooms')
    .values(values)
    .onConflict((oc) => oc.columns(['game_id', 'code']).doNothing())
    .returning('id')
    .execute();
  return rows.length;
}
