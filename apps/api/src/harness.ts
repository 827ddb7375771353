import { randomBytes } from 'node:crypto';
import { formatAmount, parseAmount } from '@lotus/contracts/money';
import { sql } from 'kysely';
import { createDatabase, type DatabaseTarget, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { brandTemplate } from './db/seed/demo-brand.ts';
import { createBrandWithContent, DEMO_CONTENT } from './db/seed.ts';
import { findBrandByMerchantCode } from './domains/brands/brand.repository.ts';
import {
  type BrandSettings,
  type BrandSettingsPatch,
  updateBrandSettings,
} from './domains/brands/brand-settings.ts';
import { type ExternalProviderName, upsertProvider } from './domains/external/external.repository.ts';
import { launchGame } from './domains/games/launch.service.ts';
import { forgetIp, rememberIp } from './domains/members/login-attempt.repository.ts';
import { findMemberByUsername, insertMember, updateMember } from './domains/members/member.repository.ts';
import { type AccountPolicy, upsertPolicy } from './domains/members/registration-settings.ts';
import { upsertVendor } from './domains/vendors/vendor.repository.ts';
import {
  houseAdjustment,
  setWalletSettings as storeWalletSettings,
} from './domains/wallet/wallet.service.ts';
import { THROTTLE_RULES, type ThrottleRules } from './http/throttle.ts';
import { hashPassword } from './lib/hashing.ts';

export { DEMO_AGENT, DEMO_PLAYER } from './db/seed/demo-accounts.ts';
export { DEMO_OPERATORS } from './db/seed/demo-operators.ts';
/**
 * What end-to-end tests and benchmarks need to prepare a database the real server then serves
 * (import `@lotus/api/harness`). Start the server itself with `@lotus/api/server` or `main.ts`.
 */
export { getBrandSettings, updateBrandSettings } from './domains/brands/brand-settings.ts';
export {
  createOperator,
  currentTotpCode,
  forgetTotpStep,
  HARNESS_TOTP_SECRET,
  type HarnessOperator,
} from './harness-operators.ts';
export type { AccountPolicy, BrandSettings, BrandSettingsPatch, Db };

/** Opens a database (a PostgreSQL URL or a PGlite target), migrates it, and runs `work` on it. */
export async function withDatabase<T>(
  target: string | DatabaseTarget,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const db = await createDatabase(typeof target === 'string' ? { databaseUrl: target } : target);
  try {
    await migrateToLatest(db);
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/**
 * A brand with the demo brand's whole content under another merchant code and domains (for example
 * a brand in maintenance on `maintenance.localhost`), then `settings` applied. Idempotent: an
 * existing code keeps its content and only gets the settings.
 */
export async function createDemoLikeBrand(
  db: Db,
  brand: { merchantCode: string; name?: string; domains: string[]; settings?: BrandSettingsPatch },
): Promise<BrandSettings> {
  await createBrandWithContent(db, {
    ...DEMO_CONTENT,
    brand: brandTemplate(brand.merchantCode, brand.name ?? `Lotus ${brand.merchantCode}`, brand.domains),
  });
  return updateBrandSettings(db, brand.merchantCode, brand.settings ?? {});
}

/** The newest 6-digit code sent by SMS to a phone (E.164, `+60123000001`), or null. */
export async function latestSmsCode(db: Db, phone: string): Promise<string | null> {
  const row = await db
    .selectFrom('sms_outbox')
    .select('body')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? (/\b(\d{6})\b/.exec(row.body)?.[1] ?? null) : null;
}

/** The newest e-mail to an address, with the first link in it (password reset links). */
export async function latestEmail(
  db: Db,
  to: string,
): Promise<{ subject: string; body: string; link: string | null } | null> {
  const row = await db
    .selectFrom('email_outbox')
    .select(['subject', 'body'])
    .where(sql<string>`lower(to_address)`, '=', to.toLowerCase())
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return { subject: row.subject, body: row.body, link: /https?:\/\/\S+/.exec(row.body)?.[0] ?? null };
}

export type HarnessMember = {
  merchantCode: string;
  username: string;
  password: string;
  /** E.164, e.g. +60123000042. */
  mobile?: string;
  email?: string;
  /** 0 member (default), 1/2/41/42 agent, 4 trial. */
  isAgent?: number;
  affiliateCode?: string;
  uplineUsername?: string;
  /** The member must change the (default) password at the next login. */
  mustChangePassword?: boolean;
  /** Back-date the password, e.g. 100 days ago, to test the expiry. */
  passwordChangedAt?: Date;
  /** Addresses the member already used (no new-IP verification from these). */
  knownIps?: string[];
};

/** Creates a member (or replaces the password and flags of an existing one with that username). */
export async function createMember(db: Db, input: HarnessMember): Promise<{ id: string }> {
  const brand = await findBrandByMerchantCode(db, input.merchantCode);
  if (!brand) throw new Error(`Unknown merchant code ${input.merchantCode}`);
  const passwordHash = await hashPassword(input.password, { memoryCost: 1024, timeCost: 1, parallelism: 1 });
  const upline = input.uplineUsername ? await findMemberByUsername(db, brand.id, input.uplineUsername) : null;
  let member = await findMemberByUsername(db, brand.id, input.username);
  if (!member) {
    await insertMember(db, {
      brandId: brand.id,
      username: input.username,
      passwordHash,
      mobile: input.mobile ?? null,
      email: input.email ?? null,
      isAgent: input.isAgent ?? 0,
      affiliateCode: input.affiliateCode ?? null,
      uplineId: upline?.id ?? null,
      mustChangePassword: input.mustChangePassword ?? false,
      registerMethod: 'HARNESS',
    });
    member = await findMemberByUsername(db, brand.id, input.username);
  } else {
    await updateMember(db, member.id, {
      passwordHash,
      mustChangePassword: input.mustChangePassword ?? false,
    });
  }
  if (!member) throw new Error('member vanished');
  if (input.passwordChangedAt)
    await updateMember(db, member.id, { passwordChangedAt: input.passwordChangedAt });
  for (const ip of input.knownIps ?? []) await rememberIp(db, member.id, ip);
  return { id: member.id };
}

async function memberOf(db: Db, merchantCode: string, username: string) {
  const brand = await findBrandByMerchantCode(db, merchantCode);
  const member = brand ? await findMemberByUsername(db, brand.id, username) : null;
  if (!member) throw new Error(`Unknown member ${merchantCode}/${username}`);
  return member;
}

/** Marks an address as used by the member (no new-IP verification from it) or forgets it. */
export async function setKnownIp(
  db: Db,
  target: { merchantCode: string; username: string; ip: string; known: boolean },
): Promise<void> {
  const member = await memberOf(db, target.merchantCode, target.username);
  if (target.known) await rememberIp(db, member.id, target.ip);
  else await forgetIp(db, member.id, target.ip);
}

/** Switches feature flags of a brand (merged with the others). */
export async function setBrandFlags(db: Db, merchantCode: string, flags: Record<string, boolean>) {
  return updateBrandSettings(db, merchantCode, { featureFlags: flags });
}

/**
 * Changes the brand's account policy (registration field rules, password age, captcha threshold).
 * A running server sees it within its few-seconds settings cache.
 */
export async function setAccountPolicy(db: Db, merchantCode: string, policy: Partial<AccountPolicy>) {
  const brand = await findBrandByMerchantCode(db, merchantCode);
  if (!brand) throw new Error(`Unknown merchant code ${merchantCode}`);
  await upsertPolicy(db, brand.id, policy);
}

/** Clears a brand's login failures so the login captcha is no longer required. */
export async function clearLoginFailures(db: Db, merchantCode: string): Promise<void> {
  const brand = await findBrandByMerchantCode(db, merchantCode);
  if (brand) await db.deleteFrom('login_attempts').where('brand_id', '=', brand.id).execute();
}

/** Configures an external sign-in provider (OpenID issuer and client) for a brand. */
export async function setExternalProvider(
  db: Db,
  merchantCode: string,
  provider: ExternalProviderName,
  config: { issuer: string; clientId: string; clientSecret: string },
): Promise<void> {
  const brand = await findBrandByMerchantCode(db, merchantCode);
  if (!brand) throw new Error(`Unknown merchant code ${merchantCode}`);
  await upsertProvider(db, brand.id, provider, config);
}

/**
 * Credential throttles a thousand times looser (the captcha refresh gap excepted), for suites that
 * log in and register many times from one address: pass as `startServer({ throttle })`.
 */
export function relaxedThrottle(): ThrottleRules {
  const rules = { ...THROTTLE_RULES } as ThrottleRules;
  for (const name of Object.keys(rules) as (keyof ThrottleRules)[]) {
    if (name !== 'captchaPerClient') rules[name] = { ...rules[name], points: rules[name].points * 1000 };
  }
  return rules;
}

export { signSeamlessRequest } from '@lotus/contracts/seamless-signature';
export { issueVendorSession } from './domains/vendors/vendor-session.service.ts';
export { type ReconcileReport, reconcile as reconcileLedger } from './domains/wallet/reconcile.ts';

/**
 * Registers a game vendor of a brand for the seamless-wallet API (or replaces its secret). Returns
 * the plain secret once: the platform stores it encrypted and never shows it again.
 */
export async function createVendor(
  db: Db,
  input: { merchantCode: string; code: string; name?: string; secret?: string },
): Promise<{ id: string; code: string; secret: string }> {
  const brand = await findBrandByMerchantCode(db, input.merchantCode);
  if (!brand) throw new Error(`Unknown merchant code ${input.merchantCode}`);
  const secret = input.secret ?? randomBytes(32).toString('hex');
  const vendor = await upsertVendor(db, {
    brandId: brand.id,
    code: input.code,
    name: input.name ?? input.code,
    secret,
  });
  return { id: vendor.id, code: vendor.code, secret };
}

/** Sets a member's funds password (the one money-moving passwordCheck relays ask for). */
export async function setFundsPassword(
  db: Db,
  input: { merchantCode: string; username: string; fundsPassword: string },
): Promise<void> {
  const member = await memberOf(db, input.merchantCode, input.username);
  const fundsPasswordHash = await hashPassword(input.fundsPassword, {
    memoryCost: 1024,
    timeCost: 1,
    parallelism: 1,
  });
  await updateMember(db, member.id, { fundsPasswordHash });
}

/**
 * Credits (positive) or debits a member's main wallet from the brand's house account, e.g.
 * `amount: "1000.00"`; idempotent by `key`. Answers the balance after, as a decimal string.
 */
export async function fundMember(
  db: Db,
  input: { merchantCode: string; username: string; amount: string; key?: string },
): Promise<string> {
  const brand = await findBrandByMerchantCode(db, input.merchantCode);
  const member = brand ? await findMemberByUsername(db, brand.id, input.username) : null;
  if (!brand || !member) throw new Error(`Unknown member ${input.merchantCode}/${input.username}`);
  const minor = parseAmount(input.amount, brand.currency);
  if (minor === null) throw new Error(`Bad amount ${input.amount}`);
  const result = await houseAdjustment(
    db,
    brand,
    { id: member.id, brandId: brand.id, isAgent: member.isAgent },
    minor,
    input.key ?? `harness:${randomBytes(8).toString('hex')}`,
  );
  return formatAmount(result.balance, brand.currency);
}

/** Wallet mode of a brand (single seamless wallet or transfer wallets) and the trial demo credit. */
export async function setWalletSettings(
  db: Db,
  merchantCode: string,
  settings: { singleWallet?: boolean; demoCredit?: string },
): Promise<void> {
  const brand = await findBrandByMerchantCode(db, merchantCode);
  if (!brand) throw new Error(`Unknown merchant code ${merchantCode}`);
  const demoCredit =
    settings.demoCredit === undefined ? undefined : parseAmount(settings.demoCredit, brand.currency);
  if (demoCredit === null) throw new Error(`Bad amount ${settings.demoCredit}`);
  await storeWalletSettings(db, brand.id, {
    ...(settings.singleWallet === undefined ? {} : { singleWallet: settings.singleWallet }),
    ...(demoCredit === undefined ? {} : { demoCredit }),
  });
}

/**
 * Presses play for a member, as `GET /wps/game/launchGame` does (the same service): answers the
 * vendor's game page URL carrying the single-use launch token (benchmarks open many players' games
 * without logging each one in).
 */
export async function launchGameFor(
  db: Db,
  input: { merchantCode: string; username: string; vendorCode: string; gameCode: string },
): Promise<string> {
  const brand = await findBrandByMerchantCode(db, input.merchantCode);
  if (!brand) throw new Error(`no brand ${input.merchantCode}`);
  const member = await findMemberByUsername(db, brand.id, input.username);
  if (!member) throw new Error(`no member ${input.username}`);
  const answer = await launchGame(
    db,
    brand,
    { id: member.id, brandId: brand.id, isAgent: member.isAgent },
    'EN',
    { vassalage: input.vendorCode, gameId: input.gameCode },
  );
  return answer.content.game_url;
}
