import { formatAmount, MAIN_WALLET_TYPE, parseAmount } from '@lotus/contracts/money';
import type {
  ConsolidatedFunds,
  VendorWallet,
  WalletSweepBody,
  WalletTransferBody,
  WalletTransferResult,
} from '@lotus/contracts/wallet';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { ensureAccount, type LedgerAccount } from './ledger.repository.ts';
import { moneyTransaction, postEntry } from './ledger.service.ts';
import {
  brandVendors,
  findBrandVendor,
  heldWithdrawals,
  lockVendorWallets,
  memberWallets,
  pendingDeposits,
} from './wallet.repository.ts';
import {
  getWalletSettings,
  openMemberWallet,
  vendorWalletRef,
  type WalletBrand,
  type WalletOwner,
} from './wallet.service.ts';

/**
 * `GET /wps/member/info/funds/consolidated`: main wallet, every vendor wallet of the transfer mode,
 * their sum, and the money in flight, outside the sum: withdrawals requested and not yet paid out
 * or returned (already out of the main wallet, held in the ledger's withdrawal_hold account) and
 * deposits submitted and not yet credited (no money has moved for them yet).
 */
export async function consolidatedFunds(
  db: Db,
  brand: WalletBrand,
  member: WalletOwner,
): Promise<ConsolidatedFunds> {
  const main = await openMemberWallet(db, brand, member);
  const [{ singleWallet }, wallets, vendors, held, incoming] = await Promise.all([
    getWalletSettings(db, brand.id),
    memberWallets(db, brand.id, member.id, brand.currency),
    brandVendors(db, brand.id),
    heldWithdrawals(db, brand.id, member.id),
    pendingDeposits(db, brand.id, member.id),
  ]);
  const byVendor = new Map(wallets.filter((w) => w.vendor_id).map((w) => [w.vendor_id, BigInt(w.balance)]));
  const mainBalance = BigInt(wallets.find((w) => w.id === main.id)?.balance ?? '0');
  const vendorWallets: VendorWallet[] = vendors
    .filter((v) => (v.active && !singleWallet) || (byVendor.get(v.id) ?? 0n) > 0n)
    .map((v) => ({
      accountTypeId: Number(v.id),
      vendorCode: v.code,
      vendorName: v.name,
      balance: formatAmount(byVendor.get(v.id) ?? 0n, brand.currency),
      active: v.active,
    }));
  const sum = [...byVendor.values()].reduce((total, b) => total + b, mainBalance);
  return {
    isSingle: singleWallet,
    main: formatAmount(mainBalance, brand.currency),
    vendorWallets,
    sumBalance: formatAmount(sum, brand.currency),
    pendingDeposits: formatAmount(incoming, brand.currency),
    pendingWithdrawals: formatAmount(held, brand.currency),
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
  };
}

async function requireTransferMode(db: Db, brandId: string): Promise<void> {
  if ((await getWalletSettings(db, brandId)).singleWallet) throw new AppError('wallet_transfer_not_needed');
}

/**
 * `GCS_walletTransfer`: moves `amount` between the main wallet and one vendor wallet, either way,
 * as one ledger entry whose idempotency key is the member's requestId (a double click or a retry
 * moves once; the same requestId with another content is idempotency_mismatch). Insufficient funds
 * throws and nothing is moved. Unknown or inactive vendors are refused.
 */
export async function transferBetweenWallets(
  db: Db,
  brand: WalletBrand,
  member: WalletOwner,
  body: WalletTransferBody,
): Promise<WalletTransferResult> {
  await requireTransferMode(db, brand.id);
  const vendorSide = body.from === MAIN_WALLET_TYPE ? body.to : body.from;
  if ((body.from === MAIN_WALLET_TYPE) === (body.to === MAIN_WALLET_TYPE)) {
    throw new AppError('wallet_transfer_invalid');
  }
  const amount = parseAmount(body.amount, brand.currency);
  if (amount === null || amount <= 0n) throw new AppError('amount_invalid');
  const vendor = await findBrandVendor(db, brand.id, vendorSide);
  if (!vendor?.active) throw new AppError('wallet_vendor_unavailable');
  const main = await openMemberWallet(db, brand, member);
  const posted = await moneyTransaction(db, async (trx) => {
    const { account: vendorWallet } = await ensureAccount(trx, vendorWalletRef(brand, member.id, vendor.id));
    const [source, target] = body.from === MAIN_WALLET_TYPE ? [main, vendorWallet] : [vendorWallet, main];
    return postEntry(trx, {
      brandId: brand.id,
      kind: 'wallet_transfer',
      idempotencyKey: `wallet_transfer:member:${member.id}:${body.requestId}`,
      requestHash: sha256Hex(JSON.stringify(['wallet_transfer', body.from, body.to, amount.toString()])),
      reference: body.requestId,
      metadata: { vendor: vendor.code, from: body.from, to: body.to },
      legs: [
        { account: source, amount: -amount },
        { account: target, amount },
      ],
    });
  });
  return {
    transferred: formatAmount(amount, brand.currency),
    replayed: posted.replayed,
    funds: await consolidatedFunds(db, brand, member),
  };
}

/**
 * "All back to main": every vendor wallet holding money (inactive vendors included, so money is
 * never stranded) emptied into the main wallet as one entry under the requestId. The wallets are
 * locked before their balances are read, so a concurrent bet waits and the amounts are exact.
 */
export async function sweepToMain(
  db: Db,
  brand: WalletBrand,
  member: WalletOwner,
  body: WalletSweepBody,
): Promise<WalletTransferResult> {
  await requireTransferMode(db, brand.id);
  const main = await openMemberWallet(db, brand, member);
  const result = await moneyTransaction(db, async (trx) => {
    const wallets = (await lockVendorWallets(trx, brand.id, member.id, brand.currency)).filter(
      (w) => BigInt(w.balance) > 0n,
    );
    const total = wallets.reduce((sum, w) => sum + BigInt(w.balance), 0n);
    const key = `wallet_transfer:member:${member.id}:${body.requestId}`;
    if (total === 0n) {
      // Nothing to move: a replay of an earlier sweep under this key is still reported as such.
      const earlier = await trx
        .selectFrom('journal_entries')
        .select('id')
        .where('brand_id', '=', brand.id)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return { total, replayed: earlier !== undefined };
    }
    const legs = wallets.map((w) => ({
      account: {
        id: w.id,
        brandId: brand.id,
        kind: 'member_vendor',
        currency: brand.currency,
        mayGoNegative: false,
      } satisfies LedgerAccount,
      amount: -BigInt(w.balance),
    }));
    const posted = await postEntry(trx, {
      brandId: brand.id,
      kind: 'wallet_transfer_sweep',
      idempotencyKey: key,
      // The amounts are whatever the wallets hold: the key alone identifies a sweep.
      requestHash: sha256Hex('wallet_transfer_sweep'),
      reference: body.requestId,
      metadata: { to: MAIN_WALLET_TYPE },
      legs: [...legs, { account: main, amount: total }],
    });
    return { total: posted.replayed ? 0n : total, replayed: posted.replayed };
  });
  return {
    transferred: formatAmount(result.total, brand.currency),
    replayed: result.replayed,
    funds: await consolidatedFunds(db, brand, member),
  };
}
