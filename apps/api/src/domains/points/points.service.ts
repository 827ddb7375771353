import { currencyScale, formatAmount } from '@lotus/contracts/money';
import {
  type ConvertPointBody,
  type ConvertResult,
  type ExchangeStatus,
  POINT_CATEGORIES,
  type PointCategory,
  type PointConfig,
  type PointExchange,
  type PointProduct,
  type PointRate,
  type PointTransaction,
  type PointTransactionPage,
  type PointType,
  type RedeemPointBody,
  type RedeemPointList,
  type RedeemResult,
} from '@lotus/contracts/points';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { toE164 } from '../../lib/phone.ts';
import { assertReachable } from '../exclusion/exclusion.service.ts';
import { ensureAccount, moneyTransaction, postEntry } from '../wallet/ledger.service.ts';
import { mainWalletRef } from '../wallet/wallet.service.ts';
import {
  type ExchangeRow,
  exchangeByRequest,
  exchangePage,
  findProduct,
  insertExchange,
  listProducts,
  memberPostings,
  type ProductRow,
  pointsRates,
  pointsSettings,
  takeStock,
} from './points.repository.ts';
import { memberPoints, pointsAccount, postPoints } from './points-ledger.repository.ts';

export type PointsBrand = { id: string; currency: string };

/** Milli-points as the wire's decimal: 700 -> `0.70`, 1250 -> `1.25`, 1005 -> `1.005`. */
export function milliToText(milli: number): string {
  const whole = Math.floor(milli / 1000);
  const frac = String(milli % 1000).padStart(3, '0');
  return `${whole}.${frac.endsWith('0') ? frac.slice(0, 2) : frac}`;
}

/** `0.7` / `1.25` / `2` -> milli-points; null when not a decimal of at most 3 places. */
export function textToMilli(text: string): number | null {
  const m = /^(\d{1,4})(?:\.(\d{1,3}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
}

export function toWireRates(rates: Record<PointCategory, number>): PointRate[] {
  return POINT_CATEGORIES.map((category) => ({ category, value: milliToText(rates[category]) }));
}

/** `MCS2_getPointBalance`. */
export async function pointBalance(db: Executor, brandId: string, memberId: string): Promise<string> {
  return (await memberPoints(db, brandId, memberId)).toString();
}

/** `MCS2_getPointConfig`: the earning rates and the conversion to money. */
export async function pointConfig(db: Executor, brand: PointsBrand): Promise<PointConfig> {
  const settings = await pointsSettings(db, brand.id);
  return {
    rates: toWireRates(await pointsRates(db, brand.id)),
    convertPoints: settings.convertPoints.toString(),
    convertAmount: formatAmount(settings.convertCash, brand.currency),
    minConvertPoints: settings.minConvertPoints.toString(),
    currency: brand.currency,
  };
}

export function toWireProduct(p: ProductRow, currency: string): PointProduct {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    type: p.kind === 'cash' ? 'cash' : 'physical',
    imageUrl: p.image_url,
    points: p.points,
    cashAmount: formatAmount(p.cash_amount, currency),
    stock: p.stock,
  };
}

/** `MCS2_getPointReward`: the mall's active products. */
export async function pointReward(db: Executor, brand: PointsBrand): Promise<{ items: PointProduct[] }> {
  return { items: (await listProducts(db, brand.id, true)).map((p) => toWireProduct(p, brand.currency)) };
}

export function toWireExchange(x: ExchangeRow): PointExchange {
  return {
    transactionNo: x.id,
    applyTime: x.created_at.toISOString(),
    exchangeType: x.kind === 'cash' ? 'cash' : 'physical',
    productName: x.product_name,
    quantity: x.quantity,
    requiredPoints: x.points,
    status: x.status as ExchangeStatus,
    reason: x.reason,
  };
}

/**
 * `passwordCheck/MCS2_redeemPointReward` (after the funds password): one transaction stores the
 * exchange (the member's `clientRequestId` is unique, so a double click is one exchange), takes the
 * quantity from the stock with a conditional UPDATE (never below zero: `points_out_of_stock`) and
 * moves the points from the member to the brand's exchange hold (`points_insufficient` without
 * enough); any refusal keeps nothing. The delivery address is required and the phone must be valid.
 */
export async function redeemPoints(
  db: Db,
  brand: PointsBrand,
  memberId: string,
  body: RedeemPointBody,
): Promise<RedeemResult> {
  await assertReachable(db, memberId);
  const address = body.address.trim();
  if (address.length < 5) throw new AppError('points_redeem_invalid');
  const phone = toE164(body.mobileNum, body.countryDialingCode);
  const earlier = await exchangeByRequest(db, brand.id, memberId, body.clientRequestId);
  if (earlier)
    return { exchange: toWireExchange(earlier), pointBalance: await pointBalance(db, brand.id, memberId) };
  const product = await findProduct(db, brand.id, body.productId);
  if (product?.status !== 'active') throw new AppError('points_product_not_found');
  const points = BigInt(product.points) * BigInt(body.quantity);
  return moneyTransaction(db, async (trx) => {
    const inserted = await insertExchange(trx, brand.id, {
      member_id: memberId,
      product_id: product.id,
      product_name: product.name,
      kind: product.kind,
      quantity: body.quantity,
      points: points.toString(),
      cash_amount: (BigInt(product.cash_amount) * BigInt(body.quantity)).toString(),
      address,
      phone,
      client_request_id: body.clientRequestId,
    });
    if (!inserted) {
      // The same request committed meanwhile: its exchange is the answer.
      const same = await exchangeByRequest(trx, brand.id, memberId, body.clientRequestId);
      if (!same) throw new AppError('points_exchange_not_found');
      return { exchange: toWireExchange(same), pointBalance: await pointBalance(trx, brand.id, memberId) };
    }
    if (!(await takeStock(trx, brand.id, product.id, body.quantity)))
      throw new AppError('points_out_of_stock');
    const member = await pointsAccount(trx, brand.id, 'member', memberId);
    const hold = await pointsAccount(trx, brand.id, 'exchange_hold');
    await postPoints(trx, {
      brandId: brand.id,
      kind: 'redeem',
      idempotencyKey: `exchange:${inserted.id}:redeem`,
      requestHash: sha256Hex(`redeem|${memberId}|${points}`),
      reference: `exchange:${inserted.id}`,
      legs: [
        { account: member, amount: -points },
        { account: hold, amount: points },
      ],
    });
    return { exchange: toWireExchange(inserted), pointBalance: await pointBalance(trx, brand.id, memberId) };
  });
}

/**
 * Credits points a promotion gave (a raffle's points prize) inside the caller's transaction: one
 * `earn` entry of category PROMOTION from the brand's `earned` account to the member, keyed by `key`
 * (unique per brand), so the same prize credits once. Answers false when the key was credited before.
 */
export async function creditPromotionPoints(
  trx: Executor,
  grant: { brandId: string; memberId: string; points: bigint; key: string; reference: string },
): Promise<boolean> {
  if (grant.points <= 0n) throw new Error('points: a promotion credits a positive number of points');
  const member = await pointsAccount(trx, grant.brandId, 'member', grant.memberId);
  const source = await pointsAccount(trx, grant.brandId, 'earned');
  const posted = await postPoints(trx, {
    brandId: grant.brandId,
    kind: 'earn',
    category: 'PROMOTION',
    idempotencyKey: grant.key,
    requestHash: sha256Hex(`promotion|${grant.key}|${grant.memberId}|${grant.points}`),
    reference: grant.reference,
    legs: [
      { account: source, amount: -grant.points },
      { account: member, amount: grant.points },
    ],
  });
  return posted !== null;
}

/** `MCS2_getRedeemPointList`: the member's exchange records, newest first. */
export async function redeemList(
  db: Executor,
  brandId: string,
  memberId: string,
  query: { page?: number; size?: number; status?: string },
): Promise<RedeemPointList> {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const { rows, total } = await exchangePage(db, brandId, { memberId, status: query.status }, page, size);
  return { items: rows.map(toWireExchange), total, page, size };
}

const EARN_TYPES: Record<string, PointType> = {
  LIVE: 'live',
  SPORTS: 'sports',
  ESPORTS: 'sports',
  RNG: 'rng',
  FISH: 'fish',
  PVP: 'pvp',
  LOTT: 'lottery',
  ELOTT: 'lottery',
  DEPOSIT: 'deposit',
  PROMOTION: 'promotion',
};

function pointTypeOf(kind: string, category: string | null, amount: bigint): PointType {
  switch (kind) {
    case 'earn':
      return EARN_TYPES[category ?? ''] ?? 'rng';
    case 'convert':
      return 'convert';
    case 'exchange_reject':
      return 'return';
    default:
      return amount > 0n ? 'return' : 'redeem';
  }
}

/** `ODSFE2_MemTransDet`: the member's points movements, newest first, with the balance after each. */
export async function pointTransactions(
  db: Executor,
  brandId: string,
  memberId: string,
  query: { page?: number; size?: number },
): Promise<PointTransactionPage> {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const { rows, total } = await memberPostings(db, brandId, memberId, page, size);
  const items: PointTransaction[] = rows.map((r) => ({
    id: r.id,
    time: r.created_at.toISOString(),
    pointType: pointTypeOf(r.kind, r.category, BigInt(r.amount)),
    points: r.amount,
    balanceAfter: r.balance_after,
    reference: r.reference,
  }));
  return { items, total, page, size };
}

/**
 * `passwordCheck/MCS2_convertPoint` (after the funds password): converts points to money at the
 * brand's rate (`convertPoints` points give `convertAmount`; at least `minConvertPoints`, in whole
 * multiples of `convertPoints`). One transaction moves the points from the member to the brand's
 * `converted` account and pays the money from the house into the main wallet; both are keyed by the
 * member's `clientRequestId`, so a repeated request converts once.
 */
export async function convertPoints(
  db: Db,
  brand: PointsBrand,
  memberId: string,
  body: ConvertPointBody,
): Promise<ConvertResult> {
  const points = BigInt(body.points);
  const settings = await pointsSettings(db, brand.id);
  if (
    settings.convertCash <= 0n ||
    points < settings.minConvertPoints ||
    points % settings.convertPoints !== 0n
  ) {
    throw new AppError('points_convert_invalid');
  }
  const amount = (points / settings.convertPoints) * settings.convertCash;
  if (amount <= 0n) throw new AppError('points_convert_invalid');
  const key = `points_convert:${memberId}:${body.clientRequestId}`;
  const hash = sha256Hex(`${key}|${points}|${amount}`);
  return moneyTransaction(db, async (trx) => {
    const member = await pointsAccount(trx, brand.id, 'member', memberId);
    const converted = await pointsAccount(trx, brand.id, 'converted');
    await postPoints(trx, {
      brandId: brand.id,
      kind: 'convert',
      idempotencyKey: key,
      requestHash: hash,
      reference: key,
      legs: [
        { account: member, amount: -points },
        { account: converted, amount: points },
      ],
    });
    const { account: wallet } = await ensureAccount(trx, mainWalletRef(brand, memberId));
    const { account: house } = await ensureAccount(trx, {
      brandId: brand.id,
      kind: 'house',
      ownerKey: '',
      currency: brand.currency,
    });
    await postEntry(trx, {
      brandId: brand.id,
      kind: 'points_convert',
      idempotencyKey: key,
      requestHash: hash,
      reference: `member:${memberId}`,
      metadata: { memberId, points: points.toString() },
      legs: [
        { account: house, amount: -amount },
        { account: wallet, amount },
      ],
    });
    const balance = await trx
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('id', '=', wallet.id)
      .executeTakeFirstOrThrow();
    return {
      points: points.toString(),
      amount: formatAmount(amount, brand.currency),
      pointBalance: await pointBalance(trx, brand.id, memberId),
      balance: formatAmount(balance.balance, brand.currency),
    };
  });
}

/** Minor units per major unit of the currency, times 1000 (the rates are milli-points). */
export function earnDenominator(currency: string): bigint {
  return 1000n * 10n ** BigInt(currencyScale(currency));
}
