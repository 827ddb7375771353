import { randomUUID } from 'node:crypto';
import type { BankCard, Withdrawal } from '@lotus/contracts/withdrawals';
import { TRANSFER_UPLINE_RELAY, WITHDRAW_RELAY } from '@lotus/contracts/withdrawals';
import { findBrandByMerchantCode } from '../src/domains/brands/brand.repository.ts';
import type { Brand } from '../src/domains/brands/brand.ts';
import { findMemberById, updateMember } from '../src/domains/members/member.repository.ts';
import { SessionService } from '../src/domains/members/session.service.ts';
import { accountBalance } from '../src/domains/wallet/ledger.repository.ts';
import { houseAdjustment, openMemberWallet } from '../src/domains/wallet/wallet.service.ts';
import { passwordCheckUrl } from '../src/domains/withdrawals/funds-password.ts';
import { createMember } from '../src/harness.ts';
import { hashPassword } from '../src/lib/hashing.ts';
import { randomIp, sealed } from './members.ts';
import { TEST_PASSWORD_HASHING, type TestContext } from './support.ts';

export const FUNDS_PASSWORD = '246810';

export async function demoBrand(ctx: TestContext): Promise<Brand> {
  const brand = await findBrandByMerchantCode(ctx.db, 'DEMO');
  if (!brand) throw new Error('no demo brand');
  return brand;
}

export type SignedIn = {
  id: string;
  username: string;
  token: string;
  ip: string;
  owner: { id: string; brandId: string; isAgent: number };
};

/** A member with a live session, a funds password (unless told otherwise) and `funds` in its wallet. */
export async function memberWithFunds(
  ctx: TestContext,
  options: { funds?: bigint; fundsPassword?: string | null; isAgent?: number; uplineUsername?: string } = {},
): Promise<SignedIn> {
  const brand = await demoBrand(ctx);
  const username = `wd${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const isAgent = options.isAgent ?? 0;
  const { id } = await createMember(ctx.db, {
    merchantCode: 'DEMO',
    username,
    password: 'Secret123',
    isAgent,
    ...(options.uplineUsername ? { uplineUsername: options.uplineUsername } : {}),
  });
  const fundsPassword = options.fundsPassword === undefined ? FUNDS_PASSWORD : options.fundsPassword;
  if (fundsPassword !== null) {
    await updateMember(ctx.db, id, {
      fundsPasswordHash: await hashPassword(fundsPassword, TEST_PASSWORD_HASHING),
    });
  }
  const member = await findMemberById(ctx.db, brand.id, id);
  if (!member) throw new Error('member vanished');
  const ip = randomIp();
  const token = await new SessionService(ctx.db, 120).start(member, { ip, device: 'web' });
  const owner = { id, brandId: brand.id, isAgent };
  if ((options.funds ?? 0n) > 0n) {
    await houseAdjustment(ctx.db, brand, owner, options.funds ?? 0n, `fund:${randomUUID()}`);
  }
  return { id, username, token, ip, owner };
}

export async function mainBalance(ctx: TestContext, m: SignedIn): Promise<bigint> {
  const brand = await demoBrand(ctx);
  const wallet = await openMemberWallet(ctx.db, brand, m.owner);
  return accountBalance(ctx.db, wallet.id);
}

export async function addCard(ctx: TestContext, m: SignedIn, accountNumber = randomAccountNumber()) {
  const res = await sealed<BankCard>(
    ctx,
    '/wps/member/bankCards',
    { bankName: 'Maybank', accountHolderName: 'Ali Bin Abu', accountNumber, password: 'Secret123' },
    { token: m.token, ip: m.ip },
  );
  return res;
}

export function randomAccountNumber(): string {
  return String(Math.floor(Math.random() * 1e12)).padStart(12, '1');
}

export function withdraw(
  ctx: TestContext,
  m: SignedIn,
  body: { amount: string; bankCardId: string; clientRequestId?: string; fundsPassword?: string },
) {
  return sealed<Withdrawal>(
    ctx,
    passwordCheckUrl(WITHDRAW_RELAY),
    {
      fundsPassword: body.fundsPassword ?? FUNDS_PASSWORD,
      amount: body.amount,
      bankCardId: body.bankCardId,
      clientRequestId: body.clientRequestId ?? randomUUID(),
    },
    { token: m.token, ip: m.ip },
  );
}

export function transferUpline(
  ctx: TestContext,
  m: SignedIn,
  body: { amount: string; clientRequestId?: string; fundsPassword?: string },
) {
  return sealed<{ id: string; amount: string; uplineAccount: string; balance: string }>(
    ctx,
    passwordCheckUrl(TRANSFER_UPLINE_RELAY),
    {
      fundsPassword: body.fundsPassword ?? FUNDS_PASSWORD,
      amount: body.amount,
      clientRequestId: body.clientRequestId ?? randomUUID(),
    },
    { token: m.token, ip: m.ip },
  );
}

/** A funded member with one bank card and a pending withdrawal of `amount`. */
export async function pendingWithdrawal(ctx: TestContext, amount = '500.00', funds = 100_000n) {
  const m = await memberWithFunds(ctx, { funds });
  const card = await addCard(ctx, m);
  const res = await withdraw(ctx, m, { amount, bankCardId: card.body.value.id });
  if (!res.body.success) throw new Error(`withdrawal refused: ${res.body.errorCode}`);
  return { member: m, cardId: card.body.value.id, withdrawal: res.body.value };
}
