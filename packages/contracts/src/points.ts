import { type Static, Type } from 'typebox';
import { IdString } from './ids.ts';
import { PageQuery, pageQueryFields, SizedPage } from './paging.ts';

/**
 * Wire schemas of points and the points mall (spec §2, §3, §7, §9; issue 15). Points are whole
 * numbers, sent as decimal strings. The money-moving calls go through
 * `/wps/relay/passwordCheck/<NAME>` (E calls whose sealed body carries `fundsPassword`).
 */

export const REDEEM_POINT_RELAY = 'MCS2_redeemPointReward';
export const CONVERT_POINT_RELAY = 'MCS2_convertPoint';

/** Where points come from, per brand: the game categories and deposits. */
export const POINT_CATEGORIES = [
  'LIVE',
  'SPORTS',
  'RNG',
  'FISH',
  'PVP',
  'ESPORTS',
  'LOTT',
  'ELOTT',
  'DEPOSIT',
] as const;
export type PointCategory = (typeof POINT_CATEGORIES)[number];

/**
 * The spec's nav point values (§9): points per 1.00 of turnover, in thousandths. Lottery and
 * deposits are per brand: lottery starts at 1.00 and deposits at 0 (off) until an operator sets them.
 */
export const DEFAULT_MILLI_POINTS: Readonly<Record<PointCategory, number>> = {
  LIVE: 700,
  SPORTS: 1000,
  ESPORTS: 1000,
  FISH: 1200,
  RNG: 1200,
  PVP: 1000,
  LOTT: 1000,
  ELOTT: 1000,
  DEPOSIT: 0,
};

/** The points types of the transaction details (spec §3), and the mall's own movements. */
export const POINT_TYPES = [
  'live',
  'sports',
  'rng',
  'fish',
  'pvp',
  'lottery',
  'deposit',
  'promotion',
  'redeem',
  'return',
  'convert',
] as const;
export type PointType = (typeof POINT_TYPES)[number];

/** Exchange statuses (spec §4): in application, rejected, passed. */
export const EXCHANGE_STATUSES = ['applying', 'rejected', 'passed'] as const;
export type ExchangeStatus = (typeof EXCHANGE_STATUSES)[number];

const Points = Type.String({ pattern: '^-?\\d{1,19}$', description: 'A whole number of points' });
const Amount = Type.String({ description: "Money in the brand's currency, with its exact scale" });
/** Text without control characters (NUL included). */
const PlainText = (min: number, max: number) =>
  Type.String({ minLength: min, maxLength: max, pattern: '^[^\\u0000-\\u001f\\u007f]*$' });

export const PointBalance = Type.Object({ pointBalance: Points });
export type PointBalance = Static<typeof PointBalance>;

export const PointRate = Type.Object({
  category: Type.Enum(POINT_CATEGORIES),
  /** Points per 1.00 of turnover (deposit: per 1.00 deposited), two decimals: `0.70`. */
  value: Type.String(),
});
export type PointRate = Static<typeof PointRate>;

export const PointConfig = Type.Object({
  rates: Type.Array(PointRate),
  /** `convertPoints` points convert to `convertAmount`; at least `minConvertPoints`, in multiples of `convertPoints`. */
  convertPoints: Points,
  convertAmount: Amount,
  minConvertPoints: Points,
  currency: Type.String(),
});
export type PointConfig = Static<typeof PointConfig>;

export const PointProduct = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  /** physical: delivered; cash: paid into the main wallet when an operator passes the exchange. */
  type: Type.Union([Type.Literal('physical'), Type.Literal('cash')]),
  imageUrl: Type.String(),
  points: Points,
  cashAmount: Amount,
  stock: Type.Integer(),
});
export type PointProduct = Static<typeof PointProduct>;

export const PointReward = Type.Object({ items: Type.Array(PointProduct) });
export type PointReward = Static<typeof PointReward>;

export const RedeemPointBody = Type.Object({
  fundsPassword: Type.String({ maxLength: 64 }),
  productId: IdString(),
  quantity: Type.Integer({ minimum: 1, maximum: 100 }),
  address: PlainText(5, 300),
  mobileNum: Type.String({ minLength: 4, maxLength: 20, pattern: '^\\+?[0-9 -]+$' }),
  countryDialingCode: Type.Optional(Type.String({ maxLength: 5, pattern: '^\\+?\\d{1,4}$' })),
  clientRequestId: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type RedeemPointBody = Static<typeof RedeemPointBody>;

/** One exchange record (spec §3): transaction number, application time, type, product, quantity, points, status. */
export const PointExchange = Type.Object({
  transactionNo: Type.String(),
  applyTime: Type.String({ format: 'date-time' }),
  exchangeType: Type.Union([Type.Literal('physical'), Type.Literal('cash')]),
  productName: Type.String(),
  quantity: Type.Integer(),
  requiredPoints: Points,
  status: Type.Enum(EXCHANGE_STATUSES),
  reason: Type.String(),
});
export type PointExchange = Static<typeof PointExchange>;

export const RedeemResult = Type.Object({ exchange: PointExchange, pointBalance: Points });
export type RedeemResult = Static<typeof RedeemResult>;

export const RedeemListQuery = Type.Object({
  ...pageQueryFields,
  status: Type.Optional(Type.Enum(EXCHANGE_STATUSES)),
});
export const RedeemPointList = SizedPage(PointExchange);
export type RedeemPointList = Static<typeof RedeemPointList>;

/** One movement of the member's points (ODSFE2_MemTransDet). */
export const PointTransaction = Type.Object({
  id: Type.String(),
  time: Type.String({ format: 'date-time' }),
  pointType: Type.Enum(POINT_TYPES),
  points: Points,
  balanceAfter: Points,
  reference: Type.String(),
});
export type PointTransaction = Static<typeof PointTransaction>;
export const PointTransactionPage = SizedPage(PointTransaction);
export type PointTransactionPage = Static<typeof PointTransactionPage>;
export { PageQuery };

export const ConvertPointBody = Type.Object({
  fundsPassword: Type.String({ maxLength: 64 }),
  points: Type.String({ pattern: '^[1-9]\\d{0,17}$' }),
  clientRequestId: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type ConvertPointBody = Static<typeof ConvertPointBody>;

export const ConvertResult = Type.Object({
  points: Points,
  amount: Amount,
  pointBalance: Points,
  balance: Amount,
});
export type ConvertResult = Static<typeof ConvertResult>;

// ---- back office ---------------------------------------------------------------------------------

export const AdminPointSettings = Type.Object({
  rates: Type.Array(PointRate),
  convertPoints: Points,
  convertAmount: Amount,
  minConvertPoints: Points,
});
export type AdminPointSettings = Static<typeof AdminPointSettings>;

export const AdminPointSettingsInput = Type.Object({
  rates: Type.Array(
    Type.Object({
      category: Type.Enum(POINT_CATEGORIES),
      value: Type.String({ pattern: '^\\d{1,4}(\\.\\d{1,3})?$' }),
    }),
    { maxItems: POINT_CATEGORIES.length },
  ),
  convertPoints: Type.String({ pattern: '^[1-9]\\d{0,8}$' }),
  convertAmount: Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,4})?$' }),
  minConvertPoints: Type.String({ pattern: '^[1-9]\\d{0,8}$' }),
});
export type AdminPointSettingsInput = Static<typeof AdminPointSettingsInput>;

export const AdminProduct = Type.Object({
  ...PointProduct.properties,
  status: Type.Union([Type.Literal('active'), Type.Literal('inactive')]),
  sortOrder: Type.Integer(),
});
export type AdminProduct = Static<typeof AdminProduct>;
export const AdminProducts = Type.Object({ items: Type.Array(AdminProduct) });

export const AdminProductInput = Type.Object({
  name: PlainText(1, 100),
  description: PlainText(0, 1000),
  type: Type.Union([Type.Literal('physical'), Type.Literal('cash')]),
  imageUrl: Type.String({ maxLength: 500, pattern: '^(|/[A-Za-z0-9/_.-]*|https://[^\\s]*)$' }),
  points: Type.String({ pattern: '^[1-9]\\d{0,12}$' }),
  cashAmount: Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,4})?$' }),
  stock: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  status: Type.Union([Type.Literal('active'), Type.Literal('inactive')]),
  sortOrder: Type.Integer({ minimum: 0, maximum: 100_000 }),
});
export type AdminProductInput = Static<typeof AdminProductInput>;

export const AdminExchange = Type.Object({
  ...PointExchange.properties,
  id: Type.String(),
  memberId: Type.String(),
  account: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  cashAmount: Amount,
  decidedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type AdminExchange = Static<typeof AdminExchange>;
export const AdminExchangePage = SizedPage(AdminExchange);
export type AdminExchangePage = Static<typeof AdminExchangePage>;
export const AdminExchangeQuery = Type.Object({
  ...pageQueryFields,
  status: Type.Optional(Type.Enum(EXCHANGE_STATUSES)),
});
export const RejectExchangeBody = Type.Object({ reason: PlainText(1, 200) });

export const AdminMemberPoints = Type.Object({
  pointBalance: Points,
  transactions: PointTransactionPage,
});
export type AdminMemberPoints = Static<typeof AdminMemberPoints>;
