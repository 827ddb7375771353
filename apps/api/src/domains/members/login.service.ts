import { randomBytes } from 'node:crypto';
import type { LoginBody, LoginResult } from '@lotus/contracts/accounts';
import { TRIAL_TYPE } from '@lotus/contracts/accounts';
import { AppError } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import type { MemberServices } from '../../http/member-services.ts';
import { throttleKey } from '../../http/throttle.ts';
import { verifyPassword } from '../../lib/hashing.ts';
import { toE164 } from '../../lib/phone.ts';
import { flagOn } from '../brands/brand.ts';
import { assertOldEnough } from '../kyc/age.ts';
import { FieldErrors } from './field-validation.ts';
import {
  hasAnyKnownIp,
  isKnownIp,
  type LoginAttempt,
  recentFailuresFromIp,
  recordLoginAttempt,
  rememberIp,
} from './login-attempt.repository.ts';
import { runLoginChecks } from './login-hooks.ts';
import { loginResult } from './login-result.ts';
import {
  findMemberById,
  findMemberByMobile,
  findMemberByUsername,
  insertMember,
  updateMember,
} from './member.repository.ts';
import type { Member } from './member.ts';
import type { AccountPolicy } from './registration-settings.ts';
import { retryOnUniqueViolation } from './session.service.ts';

const CAPTCHA_WINDOW_MS = 30 * 60_000;
/** Verified against when the account does not exist, so both answers take the same time. */
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$R/IUstOTqIDe8wV2izqkgw$ibTeAi34dEHWqnmigS0F0Od8lnUDEdWeAiuoh2J80HA';

export function passwordExpired(brandFlags: Record<string, boolean>, policy: AccountPolicy, member: Member) {
  if (brandFlags.PWDEXPFORCECHANGE3 !== true || policy.passwordMaxAgeDays <= 0) return false;
  if (member.isAgent === TRIAL_TYPE) return false;
  return Date.now() - member.passwordChangedAt.getTime() > policy.passwordMaxAgeDays * 86_400_000;
}

function attempt(caller: Caller, fields: Pick<LoginAttempt, 'memberId' | 'username' | 'method' | 'outcome'>) {
  return {
    brandId: caller.brand.id,
    ip: caller.ip,
    country: caller.country,
    device: caller.device,
    ...fields,
  };
}

/** Session start shared by every way in: remembers the address and the last login, in one transaction. */
export async function completeLogin(
  svc: MemberServices,
  caller: Caller,
  member: Member,
  method: LoginAttempt['method'],
  expired: boolean,
): Promise<LoginResult> {
  // The session, the known address, the last login and the login record commit together.
  const token = await retryOnUniqueViolation(() =>
    svc.db.transaction().execute(async (trx) => {
      const started = await svc.sessions.startIn(trx, member, caller);
      // After startIn took the member's row lock: a check that refuses rolls the session back, and
      // whatever ends sessions under that lock (an exclusion) ends this one too.
      await runLoginChecks(trx, member);
      await rememberIp(trx, member.id, caller.ip);
      await updateMember(trx, member.id, { lastLoginAt: new Date() });
      await recordLoginAttempt(
        trx,
        attempt(caller, { memberId: member.id, username: member.username, method, outcome: 'success' }),
      );
      return started;
    }),
  );
  await svc.throttle.reset('loginPerAccountIp', throttleKey(caller.brand, member.username, caller.ip));
  await svc.throttle.reset('loginFailuresPerAccount', throttleKey(caller.brand, member.username));
  return loginResult(member, token, { passwordExpired: expired });
}

/** A locked account (too many problems, operator action) or a closed one (no longer a member). */
export function assertActive(member: Member) {
  if (member.status === 'LOCKED') throw new AppError('account_locked');
  if (member.status !== 'ACTIVE') throw new AppError('member_no_enter');
}

/**
 * Whether this login must bring the image captcha: after the brand's number of failures from the
 * caller's address, or once the user name's failures from anywhere used up `loginFailuresPerAccount`
 * (a stranger's guesses slow every login of the name down instead of locking the member out). Both
 * are counted by user name, so an unknown name answers exactly like a member's.
 */
async function captchaNeeded(svc: MemberServices, caller: Caller, username: string): Promise<boolean> {
  const { brand } = caller;
  if (await svc.throttle.reached('loginFailuresPerAccount', throttleKey(brand, username))) return true;
  const policy = await svc.policies.get(brand.id);
  if (policy.loginCaptchaAfterFailures <= 0) return false;
  const since = new Date(Date.now() - CAPTCHA_WINDOW_MS);
  return (await recentFailuresFromIp(svc.db, brand.id, caller.ip, since)) >= policy.loginCaptchaAfterFailures;
}

/**
 * Username and password. Refused (TOO_MANY_REQUESTS) only per address and per (user name, address);
 * the captcha after repeated failures (see captchaNeeded); new-IP verification by SMS.
 */
async function loginByPassword(svc: MemberServices, caller: Caller, body: LoginBody): Promise<LoginResult> {
  const { brand } = caller;
  const username = (body.username ?? '').trim();
  const password = (body.password ?? '').trim();
  const errors = new FieldErrors(caller.language);
  if (username === '') errors.add('username', 'request_param_err');
  if (password === '') errors.add('password', 'request_param_err');
  errors.throwIfAny();
  try {
    await svc.throttle.consume([
      ['loginPerIp', throttleKey(brand, caller.ip)],
      ['loginPerAccountIp', throttleKey(brand, username, caller.ip)],
    ]);
  } catch (error) {
    await recordLoginAttempt(
      svc.db,
      attempt(caller, { memberId: null, username, method: 'username', outcome: 'throttled' }),
    );
    throw error;
  }
  if (await captchaNeeded(svc, caller, username)) {
    try {
      await svc.captcha.check(brand.id, body.captchaId, body.captcha);
    } catch (error) {
      await recordLoginAttempt(
        svc.db,
        attempt(caller, { memberId: null, username, method: 'username', outcome: 'captcha_failed' }),
      );
      throw error;
    }
  }
  const policy = await svc.policies.get(brand.id);
  const member = await findMemberByUsername(svc.db, brand.id, username);
  const matches = await verifyPassword(member?.passwordHash ?? DUMMY_HASH, password);
  if (!member || !matches || member.isAgent === TRIAL_TYPE) {
    await recordLoginAttempt(
      svc.db,
      attempt(caller, {
        memberId: member?.id ?? null,
        username,
        method: 'username',
        outcome: member ? 'wrong_password' : 'unknown_account',
      }),
    );
    await svc.throttle.record('loginFailuresPerAccount', throttleKey(brand, username));
    throw new AppError('wrong_account_or_password');
  }
  if (member.status !== 'ACTIVE') {
    await recordLoginAttempt(
      svc.db,
      attempt(caller, { memberId: member.id, username, method: 'username', outcome: 'locked' }),
    );
    assertActive(member);
  }
  if (
    member.mobile &&
    (await hasAnyKnownIp(svc.db, member.id)) &&
    !(await isKnownIp(svc.db, member.id, caller.ip))
  ) {
    await svc.throttle.consume(
      [
        ['smsPerPhone', throttleKey(brand, member.mobile)],
        ['smsPerIp', throttleKey(brand, caller.ip)],
      ],
      'phone_too_many_requests',
    );
    await svc.sms.send(brand, member.mobile, 'verify_login', caller.language);
    await recordLoginAttempt(
      svc.db,
      attempt(caller, { memberId: member.id, username, method: 'username', outcome: 'verify_required' }),
    );
    throw new AppError('login_verify_required');
  }
  return completeLogin(svc, caller, member, 'username', passwordExpired(brand.featureFlags, policy, member));
}

/** Mobile number and the SMS code of /wps/verification/sms/noLogin (MOBILEVERCODELOGIN3). */
async function loginBySms(svc: MemberServices, caller: Caller, body: LoginBody): Promise<LoginResult> {
  const { brand } = caller;
  if (!flagOn(brand, 'MOBILEVERCODELOGIN3')) throw new AppError('feature_disabled');
  const phone = toE164(body.mobileNum ?? body.username, body.countryDialingCode);
  // Each code allows 5 tries (sms.service.ts), so the number needs no account-wide limit here.
  await svc.throttle.consume([
    ['loginPerIp', throttleKey(brand, caller.ip)],
    ['loginPerAccountIp', throttleKey(brand, phone, caller.ip)],
  ]);
  const code = (body.verificationCode ?? body.password ?? '').trim();
  try {
    await svc.sms.consume(brand.id, phone, 'login', code);
  } catch (error) {
    await recordLoginAttempt(
      svc.db,
      attempt(caller, { memberId: null, username: phone, method: 'sms', outcome: 'code_failed' }),
    );
    throw error;
  }
  const member = await findMemberByMobile(svc.db, brand.id, phone);
  if (!member) throw new AppError('mobile_not_registered');
  assertActive(member);
  return completeLogin(svc, caller, member, 'sms', false);
}

export function login(svc: MemberServices, caller: Caller, body: LoginBody): Promise<LoginResult> {
  return body.type === 'sms' ? loginBySms(svc, caller, body) : loginByPassword(svc, caller, body);
}

/**
 * Completes a login from a new address with the code sent to the bound mobile. The code is checked
 * before the password: without the code (which only the mobile's owner has, sent after the right
 * password) every call answers verification_code_invalid, known user name or not, so this step
 * cannot be used to guess passwords around the login's captcha. Throttled per address and per
 * (user name, address) only; each code allows 5 tries.
 */
export async function verifyLogin(
  svc: MemberServices,
  caller: Caller,
  body: { username: string; password: string; verificationCode: string },
): Promise<LoginResult> {
  const { brand } = caller;
  const username = body.username.trim();
  await svc.throttle.consume([
    ['verifyPerIp', throttleKey(brand, caller.ip)],
    ['verifyPerAccountIp', throttleKey(brand, username, caller.ip)],
  ]);
  if (body.verificationCode.trim() === '') throw new AppError('verification_code_missing');
  const member = await findMemberByUsername(svc.db, brand.id, username);
  try {
    if (!member?.mobile) throw new AppError('verification_code_invalid');
    await svc.sms.consume(brand.id, member.mobile, 'verify_login', body.verificationCode);
  } catch (error) {
    await recordLoginAttempt(
      svc.db,
      attempt(caller, {
        memberId: member?.id ?? null,
        username,
        method: 'verification',
        outcome: 'verify_failed',
      }),
    );
    throw error;
  }
  if (!(await verifyPassword(member.passwordHash, body.password.trim()))) {
    await recordLoginAttempt(
      svc.db,
      attempt(caller, { memberId: member.id, username, method: 'verification', outcome: 'wrong_password' }),
    );
    await svc.throttle.record('loginFailuresPerAccount', throttleKey(brand, username));
    throw new AppError('wrong_account_or_password');
  }
  assertActive(member);
  const policy = await svc.policies.get(brand.id);
  return completeLogin(
    svc,
    caller,
    member,
    'verification',
    passwordExpired(brand.featureFlags, policy, member),
  );
}

/** Free demo play (FREEPLAY3): a new trial account (isAgent 4) with its own session, of age. */
export async function freePlay(
  svc: MemberServices,
  caller: Caller,
  body: { birthday?: string | undefined } = {},
): Promise<LoginResult> {
  const { brand } = caller;
  if (!flagOn(brand, 'FREEPLAY3')) throw new AppError('feature_disabled');
  // The brand's minimum age holds for a trial account too (issue 25).
  const birthday = await assertOldEnough(svc.db, brand, body.birthday);
  await svc.throttle.consume([['freePlayPerIp', throttleKey(brand, caller.ip)]]);
  const username = `demo${randomBytes(5).toString('hex')}`;
  const id = await insertMember(svc.db, {
    profile: { birthday },
    brandId: brand.id,
    username,
    // Trial accounts have no password: nothing can ever verify against this marker.
    passwordHash: '!trial',
    isAgent: TRIAL_TYPE,
    language: caller.language,
    registerMethod: 'FREEPLAY',
    registerIp: caller.ip,
  });
  const member = await findMemberById(svc.db, brand.id, id);
  if (!member) throw new Error('trial member vanished');
  return completeLogin(svc, caller, member, 'freeplay', false);
}

/** The first-login call: marks the member's first login once; answers whether this was it. */
export async function markFirstLogin(
  svc: MemberServices,
  member: Member,
): Promise<{ firstTimeLogin: boolean }> {
  if (member.firstLoginAt !== null) return { firstTimeLogin: false };
  const updated = await svc.db
    .updateTable('members')
    .set({ first_login_at: new Date() })
    .where('id', '=', member.id)
    .where('first_login_at', 'is', null)
    .executeTakeFirst();
  return { firstTimeLogin: Number(updated.numUpdatedRows) === 1 };
}
