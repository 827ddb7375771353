import { type Static, Type } from 'typebox';

/**
 * Money on the wire (money-rules.md): amounts are integers of the currency's minor unit, carried as
 * decimal strings with exactly the currency's scale ("1234.50" for MYR). Never a JS number: parsing
 * and formatting go through bigint only, so values above 2^53 survive every hop.
 */

/** ISO 4217 minor-unit digits of the currencies a brand may use; others default to 2. */
const SCALES: Record<string, number> = {
  PHP: 2,
  MYR: 2,
  CNY: 2,
  USD: 2,
  EUR: 2,
  THB: 2,
  INR: 2,
  IDR: 2,
  SGD: 2,
  HKD: 2,
  BND: 2,
  VND: 0,
  JPY: 0,
  KRW: 0,
  KWD: 3,
  BHD: 3,
};

export function currencyScale(currency: string): number {
  return SCALES[currency.toUpperCase()] ?? 2;
}

/** Largest amount a PostgreSQL bigint holds (minor units). */
export const MAX_MINOR = 9_223_372_036_854_775_807n;

const DECIMAL = /^(-?)(\d{1,19})(?:\.(\d+))?$/;

/**
 * "12.5" in MYR -> 1250n. Refuses more fraction digits than the scale, exponents, signs other than
 * a leading minus, and anything beyond a bigint; answers null instead of guessing.
 */
export function parseAmount(text: string, currency: string): bigint | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const scale = currencyScale(currency);
  const fraction = match[3] ?? '';
  if (fraction.length > scale) return null;
  const minor = BigInt(match[2] + fraction.padEnd(scale, '0'));
  if (minor > MAX_MINOR) return null;
  return match[1] === '-' ? -minor : minor;
}

/** 1250n in MYR -> "12.50"; -5n -> "-0.05". */
export function formatAmount(minor: bigint | string, currency: string): string {
  const value = typeof minor === 'bigint' ? minor : BigInt(minor);
  const scale = currencyScale(currency);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const text = scale === 0 ? whole : `${whole}.${digits.slice(digits.length - scale)}`;
  return negative ? `-${text}` : text;
}

/** A decimal amount as the API writes it: the currency's exact scale, never a JSON number. */
export const Amount = Type.String({
  pattern: '^-?\\d{1,19}(\\.\\d{1,4})?$',
  description:
    'Decimal string with exactly the currency\'s scale (MYR: 2 digits, e.g. "1234.50"); an integer of minor units underneath, never a float',
  examples: ['1234.50'],
});

/** A non-negative amount a client sends: at most the currency's scale, e.g. "10", "10.5", "10.50". */
export const AmountInput = Type.String({
  pattern: '^\\d{1,19}(\\.\\d{1,4})?$',
  maxLength: 24,
  description:
    'Decimal string, at most the currency\'s fraction digits (MYR: 2), e.g. "10", "10.5" or "10.50"; JSON numbers are refused',
  examples: ['10.50'],
});

/** 0 = the main (seamless) wallet; a vendor wallet of the transfer mode uses its vendor's id. */
export const MAIN_WALLET_TYPE = 0;

export const WalletBalanceItem = Type.Object({
  accountTypeId: Type.Integer({
    description: '0 = main wallet, otherwise the vendor wallet of that vendor id',
  }),
  availBalance: Amount,
});

/** `GET /wps/v2/wallets/balance?typeId=0` (wire-protocol.md). */
export const WalletBalance = Type.Object({
  sumBalance: Amount,
  balance: Type.Array(WalletBalanceItem),
  currency: Type.String({ description: 'ISO 4217 code of the brand, e.g. MYR' }),
  currencySymbol: Type.String({ description: 'Symbol shown before amounts, e.g. P' }),
});
export type WalletBalance = Static<typeof WalletBalance>;

export const WalletBalanceQuery = Type.Object({
  typeId: Type.Optional(
    Type.Integer({ minimum: 0, description: '0 = every wallet of the member (main and vendor wallets)' }),
  ),
});

/** `GCS_merchantWallet`: true = seamless single wallet, false = transfer wallets per vendor. */
export const MerchantWallet = Type.Object({
  isSingle: Type.Boolean({ description: 'true: one seamless wallet shared by all games' }),
});
export type MerchantWallet = Static<typeof MerchantWallet>;
