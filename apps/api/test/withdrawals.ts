import { randomUUID } from 'node:crypto';
import type { BankCard, Withdrawal } from '@lotus/contracts/withdrawals';
import { TRANSFER_UPLINE_RELAY, WITHDRAW_RELAY } from '@lotus/contracts/withdrawals';
import type { Brand } from '../src/domains/brands/brand.ts';
import { passwordCheckUrl } from '../src/domains/members/funds-password.ts';
import { brandOf, FUNDS_PASSWORD, type SignedInMember, signedInMember } from './factories.ts';
import { sealed } from './members.ts';
import type { TestContext } from './support.ts';

export { FUNDS_PASSWORD, mainBalance } from './factories.ts';

export async function demoBrand(ctx: TestContext): Promise<Brand> {
  return brandOf(ctx, 'DEMO');
}

export type SignedIn = SignedInMember;

/** A member with a live session, a funds password (unless told otherwise) and `funds` in its wallet. */
export function memberWithFunds(
  ctx: TestContext,
  options: { funds?: bigint; fundsPassword?: string | null; isAgent?: number; uplineUsername?: string } = {},
): Promise<SignedIn> {
  return signedInMember(ctx, {
    ...options,
    prefix: 'wd',
    fundsPassword: options.fundsPassword === undefined ? FUNDS_PASSWORD : options.fundsPassword,
  });
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
