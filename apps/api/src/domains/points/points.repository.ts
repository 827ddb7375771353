import { DEFAULT_MILLI_POINTS, POINT_CATEGORIES, type PointCategory } from '@lotus/contracts/points';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

/** A brand's conversion of points to money: `convertPoints` points give `convertCash` minor units. */
export type PointsSettings = { convertPoints: bigint; convertCash: bigint; minConvertPoints: bigint };
export const DEFAULT_POINTS_SETTINGS: PointsSettings = {
  convertPoints: 100n,
  convertCash: 100n,
  minConvertPoints: 100n,
};

export async function pointsSettings(db: Executor, brandId: string): Promise<PointsSettings> {
  const row = await db
    .selectFrom('points_settings')
    .selectAll()
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  if (!row) return DEFAULT_POINTS_SETTINGS;
  return {
    convertPoints: BigInt(row.convert_points),
    convertCash: BigInt(row.convert_cash),
    minConvertPoints: BigInt(row.min_convert_points),
  };
}

export async function savePointsSettings(db: Executor, brandId: string, s: PointsSettings): Promise<void> {
  const values = {
    convert_points: s.convertPoints.toString(),
    convert_cash: s.convertCash.toString(),
    min_convert_points: s.minConvertPoints.toString(),
  };
  await db
    .insertInto('points_settings')
    .values({ brand_id: brandId, ...values })
    .onConflict((oc) => oc.column('brand_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}

/** Milli-points per major unit of turnover, per category: the brand's, else the spec's defaults. */
export async function pointsRates(db: Executor, brandId: string): Promise<Record<PointCategory, number>> {
  const rows = await db
    .selectFrom('points_rates')
    .select(['category', 'milli_points'])
    .where('brand_id', '=', brandId)
    .execute();
  const rates = { ...DEFAULT_MILLI_POINTS };
  for (const r of rows) {
    if ((POINT_CATEGORIES as readonly string[]).includes(r.category))
      rates[r.category as PointCategory] = r.milli_points;
  }
  return rates;
}

export async function savePointsRate(db: Executor, brandId: string, category: PointCategory, milli: number) {
  await db
    .insertInto('points_rates')
    .values({ brand_id: brandId, category, milli_points: milli })
    .onConflict((oc) =>
      oc.columns(['brand_id', 'category']).doUpdateSet({ milli_points: milli, updated_at: new Date() }),
    )
    .execute();
}

/** Claims the journal entries not counted yet; answers the ids claimed now (the others were counted). */
export async function claimEarnedEvents(
  trx: Executor,
  events: readonly { entryId: string; brandId: string }[],
): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const rows = await trx
    .insertInto('points_earned_events')
    .values(events.map((e) => ({ journal_entry_id: e.entryId, brand_id: e.brandId })))
    .onConflict((oc) => oc.column('journal_entry_id').doNothing())
    .returning('journal_entry_id')
    .execute();
  return new Set(rows.map((r) => String(r.journal_entry_id)));
}

export type Accrual = { accrued: bigint; posted: bigint };

/** A member's accrual of a category, locked until commit (created at zero). */
export async function lockAccrual(
  trx: Executor,
  brandId: string,
  memberId: string,
  category: string,
): Promise<Accrual> {
  await trx
    .insertInto('points_accruals')
    .values({ brand_id: brandId, member_id: memberId, category })
    .onConflict((oc) => oc.columns(['brand_id', 'member_id', 'category']).doNothing())
    .execute();
  const row = await trx
    .selectFrom('points_accruals')
    .select([sql<string>`accrued::text`.as('accrued'), 'posted'])
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('category', '=', category)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { accrued: BigInt(row.accrued), posted: BigInt(row.posted) };
}

export async function saveAccrual(
  trx: Executor,
  brandId: string,
  memberId: string,
  category: string,
  accrual: Accrual,
): Promise<void> {
  await trx
    .updateTable('points_accruals')
    .set({
      accrued: sql<string>`${accrual.accrued.toString()}::numeric`,
      posted: accrual.posted.toString(),
      updated_at: new Date(),
    })
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('category', '=', category)
    .execute();
}

// ---- statement -----------------------------------------------------------------------------------

export type PointsPostingRow = {
  id: string;
  created_at: Date;
  kind: string;
  category: string | null;
  amount: string;
  balance_after: string;
  reference: string;
};

/** A member's points postings, newest first, and their count. */
export async function memberPostings(
  db: Executor,
  brandId: string,
  memberId: string,
  page: number,
  size: number,
): Promise<{ rows: PointsPostingRow[]; total: number }> {
  const account = db
    .selectFrom('points_accounts')
    .select('id')
    .where('brand_id', '=', brandId)
    .where('kind', '=', 'member')
    .where('owner_key', '=', `member:${memberId}`);
  const rows = await db
    .selectFrom('points_postings as p')
    .innerJoin('points_entries as e', 'e.id', 'p.entry_id')
    .select(['p.id', 'p.created_at', 'e.kind', 'e.category', 'p.amount', 'p.balance_after', 'e.reference'])
    .where('p.account_id', 'in', account)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const count = await db
    .selectFrom('points_postings')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', 'in', account)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

// ---- products ------------------------------------------------------------------------------------

export type ProductRow = {
  id: string;
  name: string;
  description: string;
  kind: string;
  image_url: string;
  points: string;
  cash_amount: string;
  stock: number;
  status: string;
  sort_order: number;
};

const PRODUCT_COLUMNS = [
  'id',
  'name',
  'description',
  'kind',
  'image_url',
  'points',
  'cash_amount',
  'stock',
  'status',
  'sort_order',
] as const;

export async function listProducts(
  db: Executor,
  brandId: string,
  activeOnly: boolean,
): Promise<ProductRow[]> {
  let q = db.selectFrom('points_products').select(PRODUCT_COLUMNS).where('brand_id', '=', brandId);
  if (activeOnly) q = q.where('status', '=', 'active');
  return q.orderBy('sort_order').orderBy('id').execute();
}

export async function findProduct(
  db: Executor,
  brandId: string,
  id: string,
): Promise<ProductRow | undefined> {
  return db
    .selectFrom('points_products')
    .select(PRODUCT_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export type ProductValues = Omit<ProductRow, 'id'>;

export async function insertProduct(db: Executor, brandId: string, v: ProductValues): Promise<ProductRow> {
  return db
    .insertInto('points_products')
    .values({ brand_id: brandId, ...v })
    .returning(PRODUCT_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateProduct(
  db: Executor,
  brandId: string,
  id: string,
  v: ProductValues,
): Promise<ProductRow | undefined> {
  return db
    .updateTable('points_products')
    .set({ ...v, updated_at: new Date() })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .returning(PRODUCT_COLUMNS)
    .executeTakeFirst();
}

/** Takes `quantity` from the stock unless fewer are left: false then (the stock never goes below zero). */
export async function takeStock(
  trx: Executor,
  brandId: string,
  id: string,
  quantity: number,
): Promise<boolean> {
  const row = await trx
    .updateTable('points_products')
    .set({ stock: sql<number>`stock - ${quantity}` })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('stock', '>=', quantity)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function returnStock(
  trx: Executor,
  brandId: string,
  id: string,
  quantity: number,
): Promise<void> {
  await trx
    .updateTable('points_products')
    .set({ stock: sql<number>`stock + ${quantity}` })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .execute();
}

// ---- exchanges -----------------------------------------------------------------------------------

export type ExchangeRow = {
  id: string;
  member_id: string;
  product_id: string;
  product_name: string;
  kind: string;
  quantity: number;
  points: string;
  cash_amount: string;
  address: string;
  phone: string;
  status: string;
  reason: string;
  decided_at: Date | null;
  created_at: Date;
};

const EXCHANGE_COLUMNS = [
  'id',
  'member_id',
  'product_id',
  'product_name',
  'kind',
  'quantity',
  'points',
  'cash_amount',
  'address',
  'phone',
  'status',
  'reason',
  'decided_at',
  'created_at',
] as const;

export type NewExchange = Omit<ExchangeRow, 'id' | 'status' | 'reason' | 'decided_at' | 'created_at'> & {
  client_request_id: string;
};

/** Inserts the exchange unless the member's request id was used: undefined then. */
export async function insertExchange(
  trx: Executor,
  brandId: string,
  v: NewExchange,
): Promise<ExchangeRow | undefined> {
  return trx
    .insertInto('points_exchanges')
    .values({ brand_id: brandId, ...v })
    .onConflict((oc) => oc.columns(['brand_id', 'member_id', 'client_request_id']).doNothing())
    .returning(EXCHANGE_COLUMNS)
    .executeTakeFirst();
}

export async function exchangeByRequest(
  db: Executor,
  brandId: string,
  memberId: string,
  clientRequestId: string,
): Promise<ExchangeRow | undefined> {
  return db
    .selectFrom('points_exchanges')
    .select(EXCHANGE_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('client_request_id', '=', clientRequestId)
    .executeTakeFirst();
}

/** Moves an applying exchange to `status` (once: undefined when it is not applying any more). */
export async function decideExchange(
  trx: Executor,
  brandId: string,
  id: string,
  status: 'passed' | 'rejected',
  operatorId: string,
  reason: string,
): Promise<ExchangeRow | undefined> {
  return trx
    .updateTable('points_exchanges')
    .set({ status, reason, operator_id: operatorId, decided_at: new Date() })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .where('status', '=', 'applying')
    .returning(EXCHANGE_COLUMNS)
    .executeTakeFirst();
}

export async function exchangePage(
  db: Executor,
  brandId: string,
  filter: { memberId?: string; status?: string; id?: string },
  page: number,
  size: number,
): Promise<{ rows: (ExchangeRow & { account: string })[]; total: number }> {
  let q = db
    .selectFrom('points_exchanges as x')
    .innerJoin('members as m', 'm.id', 'x.member_id')
    .where('x.brand_id', '=', brandId);
  if (filter.memberId) q = q.where('x.member_id', '=', filter.memberId);
  if (filter.status) q = q.where('x.status', '=', filter.status);
  if (filter.id) q = q.where('x.id', '=', filter.id);
  const rows = await q
    .select(EXCHANGE_COLUMNS.map((c) => `x.${c}` as const))
    .select('m.username as account')
    .orderBy('x.created_at', 'desc')
    .orderBy('x.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const count = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** The product showing an uploaded image (its served path), with its brand. */
export async function productByImage(
  db: Executor,
  imageUrl: string,
): Promise<{ id: string; brand_id: string } | undefined> {
  return db
    .selectFrom('points_products')
    .select(['id', 'brand_id'])
    .where('image_url', '=', imageUrl)
    .executeTakeFirst();
}

export async function setProductImage(
  trx: Executor,
  brandId: string,
  id: string,
  imageUrl: string,
): Promise<void> {
  await trx
    .updateTable('points_products')
    .set({ image_url: imageUrl, updated_at: new Date() })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .execute();
}

/** Locks a product row (for its image change) and answers its current image path. */
export async function lockProduct(
  trx: Executor,
  brandId: string,
  id: string,
): Promise<{ image_url: string } | undefined> {
  return trx
    .selectFrom('points_products')
    .select('image_url')
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}
