import type { Executor, Tx } from '../../db/executor.ts';

/** What a registration hook learns of a new member, inside the registration's transaction. */
export type RegisteredMember = {
  brandId: string;
  memberId: string;
  /** The upline agent the affiliate code (or the agent opening the account) named, null when none. */
  uplineId: string | null;
  /** The register form's referral code, trimmed ('' when none). */
  referralCode: string;
  ip: string;
  /** The browser's device id (loginDeviceId), '' when none. */
  deviceId: string;
};

export type RegistrationHook = (trx: Tx, member: RegisteredMember) => Promise<void>;

const hooks: RegistrationHook[] = [];

/**
 * Published for other domains (referrals): `hook` runs inside the transaction that inserts each new
 * member, so it commits with the member; an AppError it throws refuses the registration and
 * nothing is written. Registering the same hook twice keeps one.
 */
export function onMemberRegistered(hook: RegistrationHook): void {
  if (!hooks.includes(hook)) hooks.push(hook);
}

export async function runRegistrationHooks(trx: Tx, member: RegisteredMember): Promise<void> {
  for (const hook of hooks) await hook(trx, member);
}

/** The identity a registration gives, before anything is written (typed values; mobile as E.164). */
export type RegisteringIdentity = {
  brandId: string;
  mobile: string | null;
  email: string;
  idNumber: string;
  name: string;
  birthday: string;
};

export type IdentityCheck = (db: Executor, identity: RegisteringIdentity) => Promise<void>;

const identityChecks: IdentityCheck[] = [];

/**
 * Published for other domains (exclusion: an excluded person's identity): `check` runs before the
 * registration looks for an existing mobile or writes anything, so its AppError is the answer.
 * Registering the same check twice keeps one.
 */
export function onRegistrationIdentity(check: IdentityCheck): void {
  if (!identityChecks.includes(check)) identityChecks.push(check);
}

export async function runIdentityChecks(db: Executor, identity: RegisteringIdentity): Promise<void> {
  for (const check of identityChecks) await check(db, identity);
}
