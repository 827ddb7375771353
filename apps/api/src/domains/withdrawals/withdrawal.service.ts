import { formatAmount, parseAmount } from '@lotus/contracts/money';
import {
  BANK_CARD_RULES,
  type BankCard,
  type BankCardInput,
  type BankCardList,
  type Confirmation,
  checkWithdrawAmount,
  type MemberWithdrawSettings,
  type Withdrawal,
  type WithdrawalPage,
  type WithdrawalStatus,
  type WithdrawRequestBody,
  type WithdrawSettings,
} from '@lotus/contracts/withdrawals';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Executor, Tx } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { assertKycAllows } from '../kyc/kyc.service.ts';
import { bonusWithdrawalCheck } from '../promotions/promotions.service.ts';
import { vipWithdrawalLimits } from '../vip/vip.service.ts';
import { ensureAccount, moneyTransaction, postEntry } from '../wallet/ledger.service.ts';
import { openMemberWallet, type WalletBrand, type WalletOwner } from '../wallet/wallet.service.ts';
import {
  type CardRow,
  countActiveCards,
  countToday,
  disableCard,
  findActiveCard,
  findRequest,
  findSettings,
  insertCard,
  insertWithdrawal,
  listActiveCards,
  listMemberWithdrawals,
  lockMember,
  type SettingsRow,
  sumToday,
  type WithdrawalRow,
} from './withdrawal.repository.ts';

/** A brand that never configured withdrawals: 100.00 to 50,000.00, 5 a day, received after an hour. */
export const DEFAULT_WITHDRAW_SETTINGS: SettingsRow = {
  minimumAmount: 10_000n,
  maximumAmount: 5_000_000n,
  dailyCountLimit: 5,
  autoReceiptMinutes: 60,
  confirmationRequired: true,
  maxBankCards: 5,
};

export async function withdrawSettingsOf(db: Executor, brandId: string): Promise<SettingsRow> {
  return (await findSettings(db, brandId)) ?? DEFAULT_WITHDRAW_SETTINGS;
}

export function toWireSettings(
  s: SettingsRow,
  brand: { currency: string; currencySymbol: string },
  limits: { count: number; amount: bigint } = { count: s.dailyCountLimit, amount: 0n },
): WithdrawSettings {
  const { currency } = brand;
  return {
    minimumAmount: formatAmount(s.minimumAmount, currency),
    maximumAmount: formatAmount(s.maximumAmount, currency),
    dailyCountLimit: limits.count,
    dailyAmountLimit: formatAmount(limits.amount, currency),
    autoReceiptMinutes: s.autoReceiptMinutes,
    confirmationRequired: s.confirmationRequired,
    maxBankCards: s.maxBankCards,
    currency,
    currencySymbol: brand.currencySymbol,
  };
}

/** Only the last four digits of an account number ever reach the member's screen. */
export function maskAccountNumber(number: string): string {
  return `**** ${number.slice(-4)}`;
}

function toWireCard(row: CardRow): BankCard {
  return {
    id: row.id,
    bankName: row.bank_name,
    accountHolderName: row.account_holder_name,
    accountNumber: maskAccountNumber(row.account_number),
    createdAt: row.created_at.getTime(),
  };
}

export function toWireWithdrawal(row: WithdrawalRow, autoReceiptMinutes: number): Withdrawal {
  const paidAt = row.paid_at ? row.paid_at.getTime() : null;
  return {
    id: row.id,
    amount: formatAmount(row.amount, row.currency),
    currency: row.currency,
    status: row.status as WithdrawalStatus,
    bankName: row.bank_name,
    accountHolderName: row.account_holder_name,
    accountNumber: maskAccountNumber(row.account_number),
    rejectReason: row.reject_reason,
    confirmation: (row.confirmation as Confirmation | null) ?? null,
    receivedAmount: row.received_amount === null ? null : formatAmount(row.received_amount, row.currency),
    createdAt: row.created_at.getTime(),
    paidAt,
    autoReceiptAt: row.status === 'paid' && paidAt !== null ? paidAt + autoReceiptMinutes * 60_000 : null,
  };
}

// Bank cards ------------------------------------------------------------------------------------

const TEXT = /^[\p{L}\p{M}\p{N} .,'&()/-]+$/u;

function cleanCard(input: Omit<BankCardInput, 'password'>): {
  bankName: string;
  holder: string;
  accountNumber: string;
} {
  const bankName = input.bankName.trim().replace(/\s+/g, ' ');
  const holder = input.accountHolderName.trim().replace(/\s+/g, ' ');
  const accountNumber = input.accountNumber.replace(/[\s-]/g, '');
  const valid =
    bankName !== '' &&
    bankName.length <= BANK_CARD_RULES.bankNameMax &&
    TEXT.test(bankName) &&
    holder !== '' &&
    holder.length <= BANK_CARD_RULES.holderNameMax &&
    TEXT.test(holder) &&
    new RegExp(BANK_CARD_RULES.accountNumberPattern).test(accountNumber);
  if (!valid) throw new AppError('bank_card_invalid');
  return { bankName, holder, accountNumber };
}

export async function listBankCards(db: Db, brandId: string, memberId: string): Promise<BankCardList> {
  const [cards, settings] = await Promise.all([
    listActiveCards(db, brandId, memberId),
    withdrawSettingsOf(db, brandId),
  ]);
  return { cards: cards.map(toWireCard), maxCards: settings.maxBankCards };
}

/**
 * Binds a bank account to the member: at most the brand's maximum of active cards (counted under
 * the member's row lock, so parallel adds cannot pass it together), and an account number already
 * bound in this brand (to this member or another) is refused by the unique index.
 */
export async function addBankCard(
  db: Db,
  brandId: string,
  memberId: string,
  input: Omit<BankCardInput, 'password'>,
): Promise<BankCard> {
  const card = cleanCard(input);
  const settings = await withdrawSettingsOf(db, brandId);
  try {
    return await db.transaction().execute(async (trx) => {
      await lockMember(trx, brandId, memberId);
      if ((await countActiveCards(trx, brandId, memberId)) >= settings.maxBankCards) {
        throw new AppError('bank_card_limit');
      }
      return toWireCard(await insertCard(trx, { brandId, memberId, ...card }));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('bank_card_duplicate', { cause: error });
    throw error;
  }
}

export async function removeBankCard(db: Db, brandId: string, memberId: string, cardId: string) {
  if (!(await disableCard(db, brandId, memberId, cardId))) throw new AppError('bank_card_not_found');
}

// Withdrawal requests ---------------------------------------------------------------------------

/** The brand's account of requested withdrawals not yet paid out or returned. */
export async function withdrawalHoldAccount(trx: Executor, brand: WalletBrand) {
  const { account } = await ensureAccount(trx, {
    brandId: brand.id,
    kind: 'withdrawal_hold',
    ownerKey: '',
    currency: brand.currency,
  });
  return account;
}

/** Where paid-out withdrawals go: the brand's bank payout account (it may go negative). */
export async function payoutAccount(trx: Executor, brand: { id: string; currency: string }) {
  const { account } = await ensureAccount(trx, {
    brandId: brand.id,
    kind: 'payment_provider',
    ownerKey: 'bank_payout',
    currency: brand.currency,
  });
  return account;
}

/**
 * A member's daily withdrawal limits: the VIP level's (published by the vip domain), where the level
 * sets them, else the brand's count (the brand sets no daily amount). 0 = no limit. Requests of the
 * day that were not rejected count, pending ones included.
 */
export async function dailyLimitsOf(
  db: Executor,
  brandId: string,
  memberId: string,
  settings: SettingsRow,
): Promise<{ count: number; amount: bigint }> {
  const vip = await vipWithdrawalLimits(db, brandId, memberId);
  return {
    count: vip.dailyCount > 0 ? vip.dailyCount : settings.dailyCountLimit,
    amount: vip.dailyMax,
  };
}

/** The member's limits with today's use of them: what the withdrawal form shows. */
export async function memberWithdrawSettings(
  db: Executor,
  brand: { id: string; currency: string; currencySymbol: string },
  memberId: string,
): Promise<MemberWithdrawSettings> {
  const settings = await withdrawSettingsOf(db, brand.id);
  const [limits, count, amount] = await Promise.all([
    dailyLimitsOf(db, brand.id, memberId, settings),
    countToday(db, brand.id, memberId),
    sumToday(db, brand.id, memberId),
  ]);
  const clamp = (n: bigint): bigint => (n < 0n ? 0n : n);
  return {
    ...toWireSettings(settings, brand, limits),
    dailyCountUsed: count,
    dailyAmountUsed: formatAmount(amount, brand.currency),
    dailyCountRemaining: limits.count > 0 ? Math.max(0, limits.count - count) : null,
    dailyAmountRemaining:
      limits.amount > 0n ? formatAmount(clamp(limits.amount - amount), brand.currency) : null,
  };
}

function sameRequest(row: WithdrawalRow, amount: bigint, cardId: string): boolean {
  return BigInt(row.amount) === amount && row.bank_card_id === cardId;
}

/**
 * `passwordCheck/MCSFE_applyWithdraw` (after the funds password): checks the amount against the
 * brand's limits and the daily count, then in one transaction stores the withdrawal and holds its
 * amount (member main wallet -> withdrawal hold, key `withdrawal:<id>:hold`). Insufficient balance
 * rolls both back: nothing is stored. The client's request id makes a repeat (a double click, a
 * retry after a lost answer) return the first withdrawal instead of a second one.
 */
export async function requestWithdrawal(
  db: Db,
  brand: WalletBrand,
  member: WalletOwner,
  body: WithdrawRequestBody,
): Promise<Withdrawal> {
  const settings = await withdrawSettingsOf(db, brand.id);
  const checked = checkWithdrawAmount(body.amount, brand.currency, {
    minimum: settings.minimumAmount,
    maximum: settings.maximumAmount,
  });
  if (!checked.ok) {
    throw new AppError(
      checked.reason === 'below_minimum'
        ? 'withdraw_amount_below_minimum'
        : checked.reason === 'above_maximum'
          ? 'withdraw_amount_above_maximum'
          : 'amount_invalid',
    );
  }
  const amount = checked.minor;
  const replay = (row: WithdrawalRow) => {
    if (!sameRequest(row, amount, body.bankCardId)) throw new AppError('idempotency_mismatch');
    return toWireWithdrawal(row, settings.autoReceiptMinutes);
  };
  const earlier = await findRequest(db, brand.id, member.id, body.clientRequestId);
  if (earlier) return replay(earlier);

  const card = await findActiveCard(db, brand.id, member.id, body.bankCardId);
  if (!card) throw new AppError('bank_card_not_found');
  const wallet = await openMemberWallet(db, brand, member);
  return moneyTransaction(db, async (trx: Tx) => {
    await lockMember(trx, brand.id, member.id);
    const concurrent = await findRequest(trx, brand.id, member.id, body.clientRequestId);
    if (concurrent) return replay(concurrent);
    // A bonus in wagering locks its amount: refused until the member confirms, then forfeited.
    await bonusWithdrawalCheck(trx, brand, member.id, body.forfeitBonus === true);
    // The brand's KYC policy: a state may be kept from withdrawing, or above an amount (docs/kyc.md).
    await assertKycAllows(trx, brand, member.id, 'withdraw', amount);
    // The daily limits, counted under the member's row lock so parallel requests cannot pass them together.
    const limits = await dailyLimitsOf(trx, brand.id, member.id, settings);
    if (limits.count > 0 && (await countToday(trx, brand.id, member.id)) >= limits.count) {
      throw new AppError('withdraw_daily_limit');
    }
    if (limits.amount > 0n && (await sumToday(trx, brand.id, member.id)) + amount > limits.amount) {
      throw new AppError('withdraw_daily_amount_limit');
    }
    const row = await insertWithdrawal(trx, {
      brandId: brand.id,
      memberId: member.id,
      card,
      amount,
      currency: brand.currency,
      clientRequestId: body.clientRequestId,
    });
    const key = `withdrawal:${row.id}:hold`;
    await postEntry(trx, {
      brandId: brand.id,
      kind: 'withdrawal_hold',
      idempotencyKey: key,
      requestHash: sha256Hex(`${key}|${amount}`),
      reference: `withdrawal:${row.id}`,
      metadata: { memberId: member.id },
      legs: [
        { account: wallet, amount: -amount },
        { account: await withdrawalHoldAccount(trx, brand), amount },
      ],
    });
    return toWireWithdrawal(row, settings.autoReceiptMinutes);
  });
}

export async function memberWithdrawals(
  db: Db,
  brandId: string,
  memberId: string,
  query: { page?: number | undefined; size?: number | undefined },
): Promise<WithdrawalPage> {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const [settings, list] = await Promise.all([
    withdrawSettingsOf(db, brandId),
    listMemberWithdrawals(db, brandId, memberId, { limit: size, offset: (page - 1) * size }),
  ]);
  return {
    items: list.rows.map((r) => toWireWithdrawal(r, settings.autoReceiptMinutes)),
    total: list.total,
    page,
    size,
  };
}

/** Parses a member's "partial amount received": above zero and below the amount withdrawn. */
export function parseReceivedAmount(text: string, row: WithdrawalRow): bigint {
  const minor = parseAmount(text.trim(), row.currency);
  if (minor === null || minor <= 0n || minor >= BigInt(row.amount)) {
    throw new AppError('received_amount_invalid');
  }
  return minor;
}
