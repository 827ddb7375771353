import {
  type CatalogueGame,
  type CatalogueGamePage,
  type CatalogueGamePatch,
  type CatalogueGameQuery,
  type CatalogueVendor,
  type CatalogueVendorPatch,
  type GgrFigures,
  type GgrQuery,
  RECORD_LIMITS,
  type RoundLookupQuery,
  type RoundPage,
  type RoundRow,
} from '@lotus/contracts/games';
import { formatAmount } from '@lotus/contracts/money';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { dayRange } from '../../lib/brand-time.ts';
import { invalidateDbCaches } from '../../lib/db-cache.ts';
import type { Brand } from '../brands/brand.ts';
import { recordAudit } from '../operators/audit.service.ts';
import type { OperatorContext } from '../operators/operator-session.service.ts';
import { historyRange } from '../wallet/history.service.ts';
import { replacePlacements, updateVendorPresentation } from './catalogue.repository.ts';
import {
  type AdminGameRow,
  type AdminVendorRow,
  findAdminGame,
  findAdminVendor,
  ggrPlayers,
  ggrRows,
  listAdminGames,
  listAdminVendors,
  memberIdByUsername,
  placementsOf,
  type RoundKey,
  roundDetails,
  roundKeysById,
  updateGame,
} from './games.admin.repository.ts';
import { catalogueOf } from './games.service.ts';
import { memberRoundKeys } from './records.repository.ts';
import { verifyLink } from './verify-link.service.ts';

const DAY_MS = 86_400_000;

type Actor = { brand: Brand; operator: OperatorContext; ip: string };

function vendorOut(
  row: AdminVendorRow,
  placements: Awaited<ReturnType<typeof placementsOf>>,
): CatalogueVendor {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    displayName: row.display_name,
    smallIcon: row.small_icon,
    isHot: row.is_hot,
    sortOrder: row.sort_order,
    lobbyEnabled: row.lobby_enabled,
    maintenance: row.maintenance,
    active: row.active,
    launchUrl: row.launch_url,
    verifyUrl: row.verify_url,
    categories: placements
      .filter((p) => p.vendor_id === row.id)
      .map((p) => ({ gameCategory: p.category, sortOrder: p.sort_order })),
    gameCount: Number(row.game_count),
  };
}

export async function catalogueVendors(db: Db, brand: Brand): Promise<CatalogueVendor[]> {
  const [rows, placements] = await Promise.all([listAdminVendors(db, brand.id), placementsOf(db, brand.id)]);
  return rows.map((row) => vendorOut(row, placements));
}

async function vendorById(db: Db, brand: Brand, id: string): Promise<CatalogueVendor> {
  const row = await findAdminVendor(db, brand.id, id);
  if (!row) throw new AppError('not_found');
  return vendorOut(row, await placementsOf(db, brand.id));
}

/** Changes what the lobby shows of a vendor (and its categories); audited as `games.vendor.update`. */
export async function changeCatalogueVendor(
  db: Db,
  actor: Actor,
  id: string,
  patch: CatalogueVendorPatch,
): Promise<CatalogueVendor> {
  const categories = patch.categories;
  if (categories && new Set(categories.map((c) => c.gameCategory)).size !== categories.length) {
    throw new AppError('request_param_err', { fieldErrors: { categories: 'errors.request_param_err' } });
  }
  const before = await vendorById(db, actor.brand, id);
  await db.transaction().execute(async (trx) => {
    await updateVendorPresentation(trx, actor.brand.id, id, patch);
    if (categories) {
      await replacePlacements(
        trx,
        actor.brand.id,
        id,
        categories.map((c) => ({ category: c.gameCategory, sortOrder: c.sortOrder })),
      );
    }
    const { categories: _c, ...fields } = patch;
    await recordAudit(trx, {
      brandId: actor.brand.id,
      operatorId: actor.operator.id,
      action: 'games.vendor.update',
      targetType: 'vendor',
      targetId: id,
      before: Object.fromEntries(Object.keys(patch).map((k) => [k, before[k as keyof CatalogueVendor]])),
      after: { ...fields, ...(categories ? { categories } : {}) },
      ip: actor.ip,
    });
  });
  await invalidateDbCaches(db);
  return vendorById(db, actor.brand, id);
}

function gameOut(row: AdminGameRow, currency: string): CatalogueGame {
  return {
    id: row.id,
    vendorId: row.vendor_id,
    vassalage: row.vendor_code,
    code: row.code,
    nameEn: row.name_en,
    nameMs: row.name_ms,
    nameCn: row.name_cn,
    gameCategory: row.category,
    gameType: row.game_type,
    accountTypeName: row.account_type_name,
    icon: row.icon,
    isHot: row.is_hot,
    supportPlay: row.support_play,
    minBet: formatAmount(row.min_bet, currency),
    stakes: row.stakes.map((stake) => formatAmount(stake, currency)),
    lines: row.lines,
    status: row.status,
    enabled: row.enabled,
    sortOrder: row.sort_order,
    defaultPlayType: row.default_play_type,
    isGame: row.is_game === 'VASSALAGE' ? 'VASSALAGE' : 'GAME',
    nodeName: row.node_name,
  };
}

export async function catalogueGames(
  db: Db,
  brand: Brand,
  query: CatalogueGameQuery,
): Promise<CatalogueGamePage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 50;
  const { rows, total } = await listAdminGames(
    db,
    brand.id,
    {
      ...(query.vendorId ? { vendorId: query.vendorId } : {}),
      ...(query.gameCategory ? { category: query.gameCategory } : {}),
      ...(query.search ? { search: query.search } : {}),
    },
    page,
    pageSize,
  );
  return { items: rows.map((r) => gameOut(r, brand.currency)), total, page, pageSize };
}

/** Enables, orders, flags or puts a game under maintenance; audited as `games.game.update`. */
export async function changeCatalogueGame(
  db: Db,
  actor: Actor,
  id: string,
  patch: CatalogueGamePatch,
): Promise<CatalogueGame> {
  const changed = await db.transaction().execute(async (trx) => {
    const before = await findAdminGame(trx, actor.brand.id, id);
    if (!before) throw new AppError('not_found');
    await updateGame(trx, actor.brand.id, id, patch);
    const old = gameOut(before, actor.brand.currency);
    await recordAudit(trx, {
      brandId: actor.brand.id,
      operatorId: actor.operator.id,
      action: 'games.game.update',
      targetType: 'game',
      targetId: id,
      before: Object.fromEntries(Object.keys(patch).map((k) => [k, old[k as keyof CatalogueGame]])),
      after: { ...patch },
      ip: actor.ip,
    });
    const after = await findAdminGame(trx, actor.brand.id, id);
    if (!after) throw new AppError('not_found');
    return gameOut(after, actor.brand.currency);
  });
  await invalidateDbCaches(db);
  return changed;
}

/**
 * Round lookup: by round id (every vendor's round of that id) or by member (the rounds of the
 * member's bets in the range, newest first), each with every seamless call of it and the vendor's
 * fairness page of the round.
 */
export async function lookupRounds(db: Db, brand: Brand, query: RoundLookupQuery): Promise<RoundPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  let keys: RoundKey[] = [];
  let total = 0;
  if (query.roundId) {
    const all = await roundKeysById(db, brand.id, query.roundId);
    total = all.length;
    keys = all.slice((page - 1) * pageSize, page * pageSize);
  } else if (query.username) {
    const memberId = await memberIdByUsername(db, brand.id, query.username.trim());
    if (!memberId) throw new AppError('member_not_found');
    const range = historyRange(query);
    const found = await memberRoundKeys(
      db,
      { brandId: brand.id, memberId, from: range.from, to: range.to },
      page,
      pageSize,
    );
    keys = found.keys;
    total = found.total;
  } else {
    throw new AppError('request_param_err', { fieldErrors: { roundId: 'errors.request_param_err' } });
  }
  const [{ heads, calls }, catalogue] = await Promise.all([
    roundDetails(db, brand.id, keys),
    catalogueOf(db, brand),
  ]);
  const money = (minor: bigint) => formatAmount(minor, brand.currency);
  const items = keys.flatMap((key): RoundRow[] => {
    const head = heads.find((h) => h.vendor_id === key.vendor_id && h.round_id === key.round_id);
    if (!head) return [];
    const own = calls.filter((c) => c.vendor_id === key.vendor_id && c.round_id === key.round_id);
    let stake = 0n;
    let payout = 0n;
    for (const c of own) {
      if (c.entry_id === null) continue;
      if (c.kind === 'bet' || c.kind === 'bet_win') stake += BigInt(c.amount);
      if (c.kind === 'rollback') stake -= BigInt(c.amount);
      if (c.kind === 'win') payout += BigInt(c.amount);
      if (c.kind === 'bet_win') payout += BigInt(c.win_amount);
    }
    const player = own.find((c) => c.member_id !== null);
    const game = catalogue.games.find((g) => g.vendor_id === key.vendor_id && g.code === head.game_id);
    return [
      {
        vendorId: key.vendor_id,
        vassalage: head.vendor_code,
        roundId: key.round_id,
        gameCode: head.game_id,
        gameName: game?.name_en ?? head.game_id,
        memberId: player?.member_id ?? null,
        username: player?.username ?? '',
        status: head.status,
        openedAt: head.created_at.getTime(),
        closedAt: head.closed_at ? head.closed_at.getTime() : null,
        stake: money(stake),
        payout: money(payout),
        calls: own.map((c) => ({
          transactionId: c.transaction_id,
          kind: c.kind,
          betTransactionId: c.bet_transaction_id,
          amount: money(BigInt(c.amount)),
          winAmount: money(BigInt(c.win_amount)),
          betState: c.bet_state,
          errorCode: c.error_code,
          moved: c.entry_id !== null,
          time: c.created_at.getTime(),
        })),
        verifyUrl: verifyLink(head.verify_url, key.round_id, head.game_id),
      },
    ];
  });
  return { items, total, page, pageSize, currency: brand.currency };
}

/** payout / stake in percent with two decimals, from integers (no float), '' without a positive stake. */
export function rtpPercent(payout: bigint, stake: bigint): string {
  if (stake <= 0n) return '';
  const hundredths = (payout * 10_000n) / stake;
  const whole = hundredths / 100n;
  const fraction = (hundredths % 100n).toString().padStart(2, '0');
  return `${whole}.${fraction}`;
}

/** A `YYYY-MM-DD` that exists (2026-02-30 is request_param_err), as given. */
function calendarDate(value: string, field: string): string {
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
    throw new AppError('request_param_err', { fieldErrors: { [field]: 'errors.request_param_err' } });
  }
  return value;
}

/**
 * GGR report: stakes (less refunds), payouts, GGR = stake - payout, RTP and players of real members,
 * from the brand's seamless calls on the brand's days `from`..`to` (midnight to midnight in its time
 * zone; at most 92), grouped by day, category, vendor or game.
 */
export async function ggrReport(db: Db, brand: Brand, query: GgrQuery) {
  const { from, to } = dayRange(
    calendarDate(query.from, 'from'),
    calendarDate(query.to, 'to'),
    brand.timeZone,
  );
  // One hour of slack for the days a daylight-saving change makes 25 hours long.
  if (to <= from || to.getTime() - from.getTime() > RECORD_LIMITS.maxRangeDays * DAY_MS + 3_600_000) {
    throw new AppError('history_range_invalid');
  }
  const groupBy = query.groupBy ?? 'day';
  const [rows, players] = await Promise.all([
    ggrRows(db, brand.id, from, to, groupBy, brand.timeZone),
    ggrPlayers(db, brand.id, from, to),
  ]);
  const figures = (bets: bigint, stake: bigint, payout: bigint, playerCount: number): GgrFigures => ({
    bets: Number(bets),
    stake: formatAmount(stake, brand.currency),
    payout: formatAmount(payout, brand.currency),
    ggr: formatAmount(stake - payout, brand.currency),
    rtp: rtpPercent(payout, stake),
    players: playerCount,
  });
  let bets = 0n;
  let stake = 0n;
  let payout = 0n;
  for (const r of rows) {
    bets += BigInt(r.bets);
    stake += BigInt(r.stake);
    payout += BigInt(r.payout);
  }
  return {
    groupBy,
    rows: rows.map((r) => ({
      key: r.key,
      label: r.label,
      ...figures(BigInt(r.bets), BigInt(r.stake), BigInt(r.payout), Number(r.players)),
    })),
    totals: figures(bets, stake, payout, players),
    currency: brand.currency,
  };
}
