import { formatAmount, parseAmount } from '@lotus/contracts/money';
import type {
  AdminExchange,
  AdminExchangePage,
  AdminMemberPoints,
  AdminPointSettings,
  AdminPointSettingsInput,
  AdminProduct,
  AdminProductInput,
  PointCategory,
} from '@lotus/contracts/points';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { type AuditOperator, auditChange as audit } from '../operators/audit.service.ts';
import { ensureAccount, moneyTransaction, postEntry } from '../wallet/ledger.service.ts';
import { mainWalletRef } from '../wallet/wallet.service.ts';
import {
  decideExchange,
  type ExchangeRow,
  exchangePage,
  findProduct,
  insertProduct,
  listProducts,
  type ProductRow,
  type ProductValues,
  pointsRates,
  pointsSettings,
  returnStock,
  savePointsRate,
  savePointsSettings,
  updateProduct,
} from './points.repository.ts';
import {
  type PointsBrand,
  pointBalance,
  pointTransactions,
  textToMilli,
  toWireExchange,
  toWireProduct,
  toWireRates,
} from './points.service.ts';
import { pointsAccount, postPoints } from './points-ledger.repository.ts';

/**
 * The points back office: rates and conversion, products, the exchange queue and a member's points
 * statement. Every change writes its audit row in the transaction that makes it.
 */
export type Operator = AuditOperator;

export async function adminPointSettings(db: Executor, brand: PointsBrand): Promise<AdminPointSettings> {
  const s = await pointsSettings(db, brand.id);
  return {
    rates: toWireRates(await pointsRates(db, brand.id)),
    convertPoints: s.convertPoints.toString(),
    convertAmount: formatAmount(s.convertCash, brand.currency),
    minConvertPoints: s.minConvertPoints.toString(),
  };
}

export async function changePointSettings(
  db: Db,
  brand: PointsBrand,
  operator: Operator,
  input: AdminPointSettingsInput,
): Promise<AdminPointSettings> {
  const rates: [PointCategory, number][] = [];
  for (const r of input.rates) {
    const milli = textToMilli(r.value);
    if (milli === null || milli > 1_000_000) throw new AppError('points_settings_invalid');
    rates.push([r.category, milli]);
  }
  if (new Set(rates.map(([c]) => c)).size !== rates.length) throw new AppError('points_settings_invalid');
  const convertCash = parseAmount(input.convertAmount, brand.currency);
  if (convertCash === null) throw new AppError('points_settings_invalid');
  const next = {
    convertPoints: BigInt(input.convertPoints),
    convertCash,
    minConvertPoints: BigInt(input.minConvertPoints),
  };
  return db.transaction().execute(async (trx) => {
    const before = await adminPointSettings(trx, brand);
    for (const [category, milli] of rates) await savePointsRate(trx, brand.id, category, milli);
    await savePointsSettings(trx, brand.id, next);
    const after = await adminPointSettings(trx, brand);
    await audit(
      trx,
      operator,
      'points.settings.update',
      { type: 'points_settings', id: brand.id },
      before,
      after,
    );
    return after;
  });
}

function toAdminProduct(p: ProductRow, currency: string): AdminProduct {
  return {
    ...toWireProduct(p, currency),
    status: p.status === 'inactive' ? 'inactive' : 'active',
    sortOrder: p.sort_order,
  };
}

export async function adminProducts(db: Executor, brand: PointsBrand): Promise<{ items: AdminProduct[] }> {
  return { items: (await listProducts(db, brand.id, false)).map((p) => toAdminProduct(p, brand.currency)) };
}

function productValues(input: AdminProductInput, currency: string): ProductValues {
  const cash = parseAmount(input.cashAmount, currency);
  if (cash === null) throw new AppError('points_product_invalid');
  if ((input.type === 'cash') !== cash > 0n) throw new AppError('points_product_invalid');
  return {
    name: input.name.trim(),
    description: input.description.trim(),
    kind: input.type,
    image_url: input.imageUrl,
    points: input.points,
    cash_amount: cash.toString(),
    stock: input.stock,
    status: input.status,
    sort_order: input.sortOrder,
  };
}

export async function createProduct(
  db: Db,
  brand: PointsBrand,
  operator: Operator,
  input: AdminProductInput,
): Promise<AdminProduct> {
  const values = productValues(input, brand.currency);
  if (values.name === '') throw new AppError('points_product_invalid');
  return db.transaction().execute(async (trx) => {
    const row = await insertProduct(trx, brand.id, values);
    const wire = toAdminProduct(row, brand.currency);
    await audit(trx, operator, 'points.product.create', { type: 'points_product', id: row.id }, null, wire);
    return wire;
  });
}

export async function changeProduct(
  db: Db,
  brand: PointsBrand,
  operator: Operator,
  id: string,
  input: AdminProductInput,
): Promise<AdminProduct> {
  const values = productValues(input, brand.currency);
  if (values.name === '') throw new AppError('points_product_invalid');
  return db.transaction().execute(async (trx) => {
    const before = await findProduct(trx, brand.id, id);
    if (!before) throw new AppError('points_product_not_found');
    const row = await updateProduct(trx, brand.id, id, values);
    if (!row) throw new AppError('points_product_not_found');
    const wire = toAdminProduct(row, brand.currency);
    await audit(
      trx,
      operator,
      'points.product.update',
      { type: 'points_product', id },
      toAdminProduct(before, brand.currency),
      wire,
    );
    return wire;
  });
}

function toAdminExchange(x: ExchangeRow & { account: string }, currency: string): AdminExchange {
  return {
    ...toWireExchange(x),
    id: x.id,
    memberId: x.member_id,
    account: x.account,
    address: x.address,
    phone: x.phone,
    cashAmount: formatAmount(x.cash_amount, currency),
    decidedAt: x.decided_at ? x.decided_at.toISOString() : null,
  };
}

export async function adminExchanges(
  db: Executor,
  brand: PointsBrand,
  query: { page?: number; size?: number; status?: string; memberId?: string },
): Promise<AdminExchangePage> {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const { rows, total } = await exchangePage(
    db,
    brand.id,
    { status: query.status, memberId: query.memberId },
    page,
    size,
  );
  return { items: rows.map((r) => toAdminExchange(r, brand.currency)), total, page, size };
}

async function exchangeView(db: Executor, brand: PointsBrand, id: string): Promise<AdminExchange> {
  const row = (await exchangePage(db, brand.id, { id }, 1, 1)).rows[0];
  if (!row) throw new AppError('points_exchange_not_found');
  return toAdminExchange(row, brand.currency);
}

/** Why an exchange could not be decided: not one of the brand's, or decided already. */
async function undecided(db: Executor, brand: PointsBrand, id: string): Promise<AppError> {
  const found = (await exchangePage(db, brand.id, { id }, 1, 1)).rows[0];
  return new AppError(found ? 'points_exchange_state_invalid' : 'points_exchange_not_found');
}

/**
 * Passes an applying exchange (once: a conditional UPDATE of its status): its points leave the
 * exchange hold for the brand's `redeemed` account and, for a cash product, its amount is paid from
 * the house into the member's main wallet (ledger key `points_exchange:<id>:pay`), in one
 * transaction with the audit row.
 */
export async function passExchange(db: Db, brand: PointsBrand, operator: Operator, id: string) {
  return moneyTransaction(db, async (trx) => {
    const x = await decideExchange(trx, brand.id, id, 'passed', operator.id, '');
    if (!x) throw await undecided(trx, brand, id);
    const points = BigInt(x.points);
    await postPoints(trx, {
      brandId: brand.id,
      kind: 'exchange_pass',
      idempotencyKey: `exchange:${x.id}:pass`,
      requestHash: sha256Hex(`pass|${x.id}|${points}`),
      reference: `exchange:${x.id}`,
      legs: [
        { account: await pointsAccount(trx, brand.id, 'exchange_hold'), amount: -points },
        { account: await pointsAccount(trx, brand.id, 'redeemed'), amount: points },
      ],
    });
    const cash = BigInt(x.cash_amount);
    if (x.kind === 'cash' && cash > 0n) {
      const { account: wallet } = await ensureAccount(trx, mainWalletRef(brand, x.member_id));
      const { account: house } = await ensureAccount(trx, {
        brandId: brand.id,
        kind: 'house',
        ownerKey: '',
        currency: brand.currency,
      });
      const key = `points_exchange:${x.id}:pay`;
      await postEntry(trx, {
        brandId: brand.id,
        kind: 'points_exchange_cash',
        idempotencyKey: key,
        requestHash: sha256Hex(`${key}|${cash}`),
        reference: `member:${x.member_id}`,
        metadata: { memberId: x.member_id, exchangeId: x.id },
        legs: [
          { account: house, amount: -cash },
          { account: wallet, amount: cash },
        ],
      });
    }
    await audit(
      trx,
      operator,
      'points.exchange.pass',
      { type: 'points_exchange', id },
      { status: 'applying' },
      {
        status: 'passed',
      },
    );
    return exchangeView(trx, brand, id);
  });
}

/**
 * Rejects an applying exchange with a reason (once): its points go back from the exchange hold to
 * the member (key `exchange:<id>:reject`) and its quantity back to the product's stock.
 */
export async function rejectExchange(
  db: Db,
  brand: PointsBrand,
  operator: Operator,
  id: string,
  reason: string,
) {
  const why = reason.trim();
  if (why === '') throw new AppError('points_settings_invalid');
  return moneyTransaction(db, async (trx) => {
    const x = await decideExchange(trx, brand.id, id, 'rejected', operator.id, why);
    if (!x) throw await undecided(trx, brand, id);
    const points = BigInt(x.points);
    await postPoints(trx, {
      brandId: brand.id,
      kind: 'exchange_reject',
      idempotencyKey: `exchange:${x.id}:reject`,
      requestHash: sha256Hex(`reject|${x.id}|${points}`),
      reference: `exchange:${x.id}`,
      legs: [
        { account: await pointsAccount(trx, brand.id, 'exchange_hold'), amount: -points },
        { account: await pointsAccount(trx, brand.id, 'member', x.member_id), amount: points },
      ],
    });
    await returnStock(trx, brand.id, x.product_id, x.quantity);
    await audit(
      trx,
      operator,
      'points.exchange.reject',
      { type: 'points_exchange', id },
      { status: 'applying' },
      {
        status: 'rejected',
        reason: why,
      },
    );
    return exchangeView(trx, brand, id);
  });
}

/** A member's points statement (the member must be of the operator's brand). */
export async function memberPointsStatement(
  db: Executor,
  brand: PointsBrand,
  memberId: string,
  query: { page?: number; size?: number },
): Promise<AdminMemberPoints> {
  const member = await db
    .selectFrom('members')
    .select('id')
    .where('id', '=', memberId)
    .where('brand_id', '=', brand.id)
    .executeTakeFirst();
  if (!member) throw new AppError('member_not_found');
  return {
    pointBalance: await pointBalance(db, brand.id, memberId),
    transactions: await pointTransactions(db, brand.id, memberId, query),
  };
}
