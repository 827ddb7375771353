import { randomUUID } from 'node:crypto';
import type { LoginResult } from '@lotus/contracts/accounts';
import { findBrandByMerchantCode } from '../src/domains/brands/brand.repository.ts';
import type { Brand } from '../src/domains/brands/brand.ts';
import { findMemberById, updateMember } from '../src/domains/members/member.repository.ts';
import { SessionService } from '../src/domains/members/session.service.ts';
import type { OperatorRole } from '../src/domains/operators/operator.ts';
import { issueVendorSession } from '../src/domains/vendors/vendor-session.service.ts';
import { accountBalance } from '../src/domains/wallet/ledger.repository.ts';
import { houseAdjustment, openMemberWallet } from '../src/domains/wallet/wallet.service.ts';
import { createMember, createVendor, type HarnessMember } from '../src/harness.ts';
import { hashPassword } from '../src/lib/hashing.ts';
import { loginAs, randomIp } from './members.ts';
import { createOperator } from './operators.ts';
import { TEST_PASSWORD_HASHING, type TestContext } from './support.ts';

/**
 * Test data factories (the shared builders of the API tests): a brand, a member (optionally signed
 * in, funded, with a funds password), a vendor player with its seamless session. Each takes the
 * test's database handle, so it works with `setupTestApp` contexts and bare databases alike.
 */
type HasDb = { db: Parameters<typeof createMember>[0] };

/** The owner of a member's wallets, as the wallet service takes it. */
export type WalletOwner = { id: string; brandId: string; isAgent: number };

export type TestMember = {
  id: string;
  username: string;
  password: string;
  brand: Brand;
  owner: WalletOwner;
};

export type SignedInMember = TestMember & { token: string; ip: string };

export const MEMBER_PASSWORD = 'Secret123';
export const FUNDS_PASSWORD = '246810';

export async function brandOf(ctx: HasDb, merchant = 'DEMO'): Promise<Brand> {
  const brand = await findBrandByMerchantCode(ctx.db, merchant);
  if (!brand) throw new Error(`no brand ${merchant}`);
  return brand;
}

export type MemberOptions = {
  merchant?: string;
  /** Username prefix (a random suffix keeps every member unique). */
  prefix?: string;
  isAgent?: number;
  /** Minor units credited from the brand's house account. */
  funds?: bigint;
  /** Sets a funds password (null: none). Default: none. */
  fundsPassword?: string | null;
} & Pick<
  HarnessMember,
  | 'uplineUsername'
  | 'mobile'
  | 'email'
  | 'affiliateCode'
  | 'knownIps'
  | 'mustChangePassword'
  | 'passwordChangedAt'
>;

/** A member of a brand (DEMO by default), with `funds` in its main wallet. */
export async function makeMember(ctx: HasDb, options: MemberOptions = {}): Promise<TestMember> {
  const merchant = options.merchant ?? 'DEMO';
  const brand = await brandOf(ctx, merchant);
  const username = `${options.prefix ?? 'm'}${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const isAgent = options.isAgent ?? 0;
  const { id } = await createMember(ctx.db, {
    merchantCode: merchant,
    username,
    password: MEMBER_PASSWORD,
    isAgent,
    ...(options.uplineUsername ? { uplineUsername: options.uplineUsername } : {}),
    ...(options.mobile ? { mobile: options.mobile } : {}),
    ...(options.email ? { email: options.email } : {}),
    ...(options.affiliateCode ? { affiliateCode: options.affiliateCode } : {}),
    ...(options.knownIps ? { knownIps: options.knownIps } : {}),
    ...(options.mustChangePassword ? { mustChangePassword: true } : {}),
    ...(options.passwordChangedAt ? { passwordChangedAt: options.passwordChangedAt } : {}),
  });
  if (options.fundsPassword) {
    await updateMember(ctx.db, id, {
      fundsPasswordHash: await hashPassword(options.fundsPassword, TEST_PASSWORD_HASHING),
    });
  }
  const owner = { id, brandId: brand.id, isAgent };
  if ((options.funds ?? 0n) > 0n) await fund(ctx, { brand, owner }, options.funds ?? 0n);
  return { id, username, password: MEMBER_PASSWORD, brand, owner };
}

/** A member with a live session token (started from a random address unless `ip` is given). */
export async function signedInMember(
  ctx: HasDb,
  options: MemberOptions & { ip?: string } = {},
): Promise<SignedInMember> {
  const member = await makeMember(ctx, options);
  const row = await findMemberById(ctx.db, member.brand.id, member.id);
  if (!row) throw new Error('member vanished');
  const ip = options.ip ?? randomIp();
  const token = await new SessionService(ctx.db, 120).start(row, { ip, device: 'web' });
  return { ...member, token, ip };
}

/** A member who already used `ip` (a random address unless given): no new-address verification from it. */
export async function memberAt(
  ctx: HasDb,
  options: MemberOptions & { ip?: string } = {},
): Promise<TestMember & { ip: string }> {
  const ip = options.ip ?? randomIp();
  const member = await makeMember(ctx, { ...options, knownIps: [ip, ...(options.knownIps ?? [])] });
  return { ...member, ip };
}

/** A member logged in through the real login call (POST /wps/session/login) from its known address. */
export async function loggedInMember(
  ctx: TestContext,
  options: MemberOptions & { ip?: string } = {},
): Promise<TestMember & { ip: string; token: string; login: LoginResult }> {
  const member = await memberAt(ctx, options);
  const res = await loginAs(ctx, member.username, member.password, {
    ip: member.ip,
    ...(options.merchant ? { merchant: options.merchant } : {}),
  });
  if (!res.body.success) throw new Error(`login failed: ${res.body.errorCode}`);
  return { ...member, token: res.body.value.token, login: res.body.value };
}

/** Credits `minor` to the member's main wallet from the brand's house account. */
export async function fund(ctx: HasDb, member: Pick<TestMember, 'brand' | 'owner'>, minor: bigint) {
  return houseAdjustment(ctx.db, member.brand, member.owner, minor, `fund:${randomUUID()}`);
}

/** The member's main-wallet balance in minor units. */
export async function mainBalance(ctx: HasDb, member: Pick<TestMember, 'brand' | 'owner'>): Promise<bigint> {
  const wallet = await openMemberWallet(ctx.db, member.brand, member.owner);
  return accountBalance(ctx.db, wallet.id);
}

/** A member with funds and a seamless session token of `vendorCode` for `gameId`. */
export async function vendorPlayer(
  ctx: HasDb,
  vendorCode: string,
  options: MemberOptions & { gameId?: string } = {},
): Promise<TestMember & { token: string }> {
  const member = await makeMember(ctx, { prefix: 's', ...options });
  const { token } = await issueVendorSession(ctx.db, member.id, vendorCode, options.gameId ?? 'slots-1');
  return { ...member, token };
}

/** A vendor of a brand for the seamless-wallet API, with a random code unless given; the secret is returned once. */
export function makeVendor(ctx: HasDb, options: { merchant?: string; code?: string; secret?: string } = {}) {
  return createVendor(ctx.db, {
    merchantCode: options.merchant ?? 'DEMO',
    code: options.code ?? `V${randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase()}`,
    ...(options.secret ? { secret: options.secret } : {}),
  });
}

/** An operator of a brand (TOTP enrolled on a known secret, see test/operators.ts operatorLogin). */
export function makeOperator(
  ctx: HasDb,
  options: { merchant?: string; role?: OperatorRole; withoutTotp?: boolean } = {},
) {
  const username = `op${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const password = 'Operator123';
  return createOperator(ctx.db, {
    merchantCode: options.merchant ?? 'DEMO',
    username,
    password,
    role: options.role ?? 'admin',
    ...(options.withoutTotp ? { withoutTotp: true } : {}),
  }).then((created) => ({ ...created, username, password }));
}

/** A brand of its own (with its domains and content; see test/support.ts createBrand). */
export { createBrand as makeBrand } from './support.ts';
