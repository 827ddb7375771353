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
