import { TRIAL_TYPE } from '@lotus/contracts/accounts';
import {
  formatAmount,
  MAIN_WALLET_TYPE,
  type MerchantWallet,
  type WalletBalance,
} from '@lotus/contracts/money';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { accountBalance, ensureAccount, type LedgerAccount } from './ledger.repository.ts';
import { moneyTransaction, postEntry } from './ledger.service.ts';

export type WalletSettings = { singleWallet: boolean; demoCredit: bigint };

/** Seamless single wallet and a 2,000.00 demo balance unless the brand says otherwise. */
export const DEFAULT_WALLET_SETTINGS: WalletSettings = { singleWallet: true, demoCredit: 200_000n };

export async function getWalletSettings(db: Executor, brandId: string): Promise<WalletSettings> {
  const row = await db
    .selectFrom('wallet_settings')
    .select(['single_wallet', 'demo_credit'])
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  return row
    ? { singleWallet: row.single_wallet, demoCredit: BigInt(row.demo_credit) }
    : DEFAULT_WALLET_SETTINGS;
}

export async function setWalletSettings(
  db: Db,
  brandId: string,
  patch: Partial<WalletSettings>,
): Promise<void> {
  const next = { ...(await getWalletSettings(db, brandId)), ...patch };
  await db
    .insertInto('wallet_settings')
    .values({ brand_id: brandId, single_wallet: next.singleWallet, demo_credit: next.demoCredit.toString() })
    .onConflict((oc) =>
      oc.column('brand_id').doUpdateSet({
        single_wallet: next.singleWallet,
        demo_credit: next.demoCredit.toString(),
      }),
    )
    .execute();
}

export type WalletOwner = { id: string; brandId: string; isAgent: number };
export type WalletBrand = { id: string; currency: string; currencySymbol: string };

export function mainWalletRef(brand: { id: string; currency: string }, memberId: string) {
  return {
    brandId: brand.id,
    kind: 'member_main' as const,
    ownerKey: `member:${memberId}`,
    memberId,
    currency: brand.currency,
  };
}

/** The member's main wallet if it exists already (no write). */
export async function findMainWallet(
  db: Executor,
  brand: { id: string; currency: string },
  memberId: string,
): Promise<LedgerAccount | null> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'brand_id', 'kind', 'currency', 'may_go_negative'])
    .where('brand_id', '=', brand.id)
    .where('kind', '=', 'member_main')
    .where('owner_key', '=', `member:${memberId}`)
    .where('currency', '=', brand.currency)
    .executeTakeFirst();
  return row
    ? { id: row.id, brandId: row.brand_id, kind: 'member_main', currency: row.currency, mayGoNegative: false }
    : null;
}

/**
 * Opens the member's main wallet (idempotent; the accounts code may call it at registration, and
 * every wallet call does it lazily). A trial account (isAgent 4) is credited the brand's demo
 * balance once, from the brand's demo_credit account, in the same transaction that opens it.
 */
export async function openMemberWallet(
  db: Db,
  brand: WalletBrand,
  member: WalletOwner,
): Promise<LedgerAccount> {
  const existing = await findMainWallet(db, brand, member.id);
  if (existing) return existing;
  return moneyTransaction(db, async (trx) => {
    const { account, created } = await ensureAccount(trx, mainWalletRef(brand, member.id));
    if (created && member.isAgent === TRIAL_TYPE) {
      const { demoCredit } = await getWalletSettings(trx, brand.id);
      const { account: source } = await ensureAccount(trx, {
        brandId: brand.id,
        kind: 'demo_credit',
        ownerKey: '',
        currency: brand.currency,
      });
      const key = `demo_credit:member:${member.id}`;
      if (demoCredit > 0n) {
        await postEntry(trx, {
          brandId: brand.id,
          kind: 'demo_credit',
          idempotencyKey: key,
          requestHash: sha256Hex(`${key}|${demoCredit}`),
          reference: `member:${member.id}`,
          legs: [
            { account: source, amount: -demoCredit },
            { account, amount: demoCredit },
          ],
        });
      }
    }
    return account;
  });
}

/** `GET /wps/v2/wallets/balance`: the main wallet (0) and any vendor wallets, in the brand's currency. */
export async function walletBalance(db: Db, brand: WalletBrand, member: WalletOwner): Promise<WalletBalance> {
  const main = await openMemberWallet(db, brand, member);
  const vendorWallets = await db
    .selectFrom('ledger_accounts')
    .select(['vendor_id', 'balance'])
    .where('brand_id', '=', brand.id)
    .where('kind', '=', 'member_vendor')
    .where('member_id', '=', member.id)
    .where('currency', '=', brand.currency)
    .orderBy('vendor_id')
    .execute();
  const items = [
    { accountTypeId: MAIN_WALLET_TYPE, minor: await accountBalance(db, main.id) },
    ...vendorWallets.map((w) => ({ accountTypeId: Number(w.vendor_id), minor: BigInt(w.balance) })),
  ];
  const sum = items.reduce((total, item) => total + item.minor, 0n);
  return {
    sumBalance: formatAmount(sum, brand.currency),
    balance: items.map((i) => ({
      accountTypeId: i.accountTypeId,
      availBalance: formatAmount(i.minor, brand.currency),
    })),
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
  };
}

export async function merchantWallet(db: Db, brandId: string): Promise<MerchantWallet> {
  return { isSingle: (await getWalletSettings(db, brandId)).singleWallet };
}

/**
 * Moves money between the brand's house account and a member's main wallet (positive: credit the
 * member). The building block of operator adjustments, and how tests and benchmarks fund wallets.
 * Idempotent by `key`; a debit beyond the balance throws InsufficientFunds.
 */
export async function houseAdjustment(
  db: Db,
  brand: WalletBrand,
  member: WalletOwner,
  amount: bigint,
  key: string,
): Promise<{ entryId: string; replayed: boolean; balance: bigint }> {
  const wallet = await openMemberWallet(db, brand, member);
  return moneyTransaction(db, async (trx) => {
    const { account: house } = await ensureAccount(trx, {
      brandId: brand.id,
      kind: 'house',
      ownerKey: '',
      currency: brand.currency,
    });
    const posted = await postEntry(trx, {
      brandId: brand.id,
      kind: 'adjustment',
      idempotencyKey: key,
      requestHash: sha256Hex(`adjustment|${member.id}|${amount}`),
      reference: `member:${member.id}`,
      legs: [
        { account: house, amount: -amount },
        { account: wallet, amount },
      ],
    });
    return {
      entryId: posted.entryId,
      replayed: posted.replayed,
      balance: posted.balances.get(wallet.id) ?? (await accountBalance(trx, wallet.id)),
    };
  });
}

/** A member's wallet at one vendor in the transfer mode (kind member_vendor, one per member and vendor). */
export function vendorWalletRef(brand: { id: string; currency: string }, memberId: string, vendorId: string) {
  return {
    brandId: brand.id,
    kind: 'member_vendor' as const,
    ownerKey: `member:${memberId}:vendor:${vendorId}`,
    memberId,
    vendorId,
    currency: brand.currency,
  };
}
