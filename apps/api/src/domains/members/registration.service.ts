import type { LoginResult, RegisterByMobileBody, RegisterByUsernameBody } from '@lotus/contracts/accounts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import type { MemberServices } from '../../http/member-services.ts';
import { throttleKey } from '../../http/throttle.ts';
import { hashPassword, hmacHex } from '../../lib/hashing.ts';
import { toE164 } from '../../lib/phone.ts';
import { flagOn } from '../brands/brand.ts';
import { assertOldEnough } from '../kyc/age.ts';
import { FieldErrors, required } from './field-validation.ts';
import { recordLoginAttempt, rememberIp } from './login-attempt.repository.ts';
import { loginResult } from './login-result.ts';
import {
  findAgentByAffiliateCode,
  findMemberById,
  findMemberByMobile,
  findMemberByUsername,
  insertMember,
} from './member.repository.ts';
import type { Member } from './member.ts';
import { runIdentityChecks, runRegistrationHooks } from './registration-hooks.ts';

type RegisterInput = RegisterByUsernameBody | RegisterByMobileBody;

/** Profile fields a registration form may carry, stored on the member as given. */
const PROFILE_INPUTS = ['payeeName', 'qqNum', 'line', 'whatsapp', 'facebook', 'wechat', 'idNumber'] as const;
const RETRY_WINDOW_MS = 10 * 60_000;

/**
 * A keyed fingerprint of the registration (everything but the single-use human check and the
 * device id): an identical retry within 10 minutes logs in the member the first request created
 * instead of creating a second one or failing on the taken username.
 */
function fingerprint(hmacKey: string, brandId: string, mode: string, input: RegisterInput): string {
  const { humanCheck: _h, loginDeviceId: _d, ...rest } = input;
  const canonical = JSON.stringify(
    Object.keys(rest)
      .sort()
      .map((k) => [k, rest[k as keyof typeof rest]]),
  );
  return hmacHex(hmacKey, `register|${brandId}|${mode}|${canonical}`);
}

async function retried(svc: MemberServices, brandId: string, hash: string): Promise<Member | null> {
  const row = await svc.db
    .selectFrom('registration_requests')
    .select(['member_id', 'created_at'])
    .where('request_hash', '=', hash)
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  if (!row || row.created_at.getTime() < Date.now() - RETRY_WINDOW_MS) return null;
  return findMemberById(svc.db, brandId, row.member_id);
}

async function logIn(svc: MemberServices, caller: Caller, member: Member): Promise<LoginResult> {
  const token = await svc.sessions.start(member, caller);
  await rememberIp(svc.db, member.id, caller.ip);
  return loginResult(member, token, { passwordExpired: false });
}

/** A username for a member who registered by mobile: `m` + the national digits (+ a suffix if taken). */
async function usernameForMobile(svc: MemberServices, brandId: string, e164: string): Promise<string> {
  const digits = e164.replace(/\D/g, '').slice(-12);
  for (let i = 0; i < 5; i += 1) {
    const candidate = i === 0 ? `m${digits}` : `m${digits}${i}`;
    if (!(await findMemberByUsername(svc.db, brandId, candidate))) return candidate;
  }
  return `m${digits}${Date.now().toString(36)}`;
}

/**
 * PUT /wps/member/register and /wps/member/register/mobile: flags, throttle, retry, human check,
 * field rules (shared validator), affiliate code, username, SMS code, mobile, then the member and its
 * first session in one go. Nothing is written when any check fails.
 */
export async function register(
  svc: MemberServices,
  caller: Caller,
  mode: 'username' | 'mobile',
  input: RegisterInput,
): Promise<LoginResult> {
  const { brand } = caller;
  if (!flagOn(brand, mode === 'username' ? 'USERNAMEREG3' : 'MOBILENUMREG3')) {
    throw new AppError('feature_disabled');
  }
  await svc.throttle.consume([['registerPerIp', throttleKey(brand, caller.ip)]]);
  const keys = await svc.keyring.get();
  const requestHash = fingerprint(keys.hmacKey, brand.id, mode, input);
  const earlier = await retried(svc, brand.id, requestHash);
  if (earlier) return logIn(svc, caller, earlier);

  await svc.humanCheck.verify(input.humanCheck);

  const policy = await svc.policies.get(brand.id);
  const f = policy.fields;
  const errors = new FieldErrors(caller.language);
  const username = mode === 'username' ? ((input as RegisterByUsernameBody).username ?? '').trim() : '';
  if (mode === 'username' && f.username) errors.check('username', username, required(f.username));
  const passwordNeeded = mode === 'username' || flagOn(brand, 'MOBILENUMPASSREG3');
  const password = input.password ?? '';
  if (passwordNeeded && f.password) errors.check('password', password, required(f.password));
  if (passwordNeeded && input.confirmPassword !== undefined && input.confirmPassword !== password) {
    errors.add('confirmPassword', 'password_not_match');
  }
  const mobileTyped = (input.mobileNum ?? '').trim();
  if (f.mobileNum) {
    errors.check('mobileNum', mobileTyped, mode === 'mobile' ? required(f.mobileNum) : f.mobileNum);
  } else if (mode === 'mobile' && mobileTyped === '') {
    errors.add('mobileNum', 'phone_number_missing');
  }
  let mobile: string | null = null;
  if (mobileTyped !== '' && !errors.keys.mobileNum) {
    try {
      mobile = toE164(mobileTyped, input.countryDialingCode);
    } catch (error) {
      errors.add(
        'mobileNum',
        error instanceof AppError && error.code === 'phone_number_missing'
          ? 'phone_number_missing'
          : 'phone_number_invalid',
      );
    }
  }
  const smsNeeded = mobile !== null && flagOn(brand, 'REGMOBVERF3');
  if (smsNeeded && f.verificationCode) {
    errors.check('verificationCode', input.verificationCode, required(f.verificationCode));
  }
  for (const name of [
    ...PROFILE_INPUTS,
    'email',
    'affiliateCode',
    'recommenderId',
    'paymentPassword',
  ] as const) {
    errors.check(name, input[name], f[name]);
  }
  const affiliateCode = (input.affiliateCode ?? '').trim();
  if (!flagOn(brand, 'DIRECTREG3') && affiliateCode === '' && !errors.keys.affiliateCode) {
    errors.add('affiliateCode', 'invitation_code_error');
  }
  errors.throwIfAny();
  // Date of birth: required, and the brand's minimum age (18 or 21) holds (issue 25).
  const birthday = await assertOldEnough(svc.db, brand, input.birthday);

  let uplineId: string | null = null;
  if (affiliateCode !== '') {
    const agent = await findAgentByAffiliateCode(svc.db, brand.id, affiliateCode);
    if (!agent) throw new AppError('invitation_code_error');
    uplineId = agent.id;
  }
  if (mode === 'username' && (await findMemberByUsername(svc.db, brand.id, username))) {
    throw new AppError('username_exists', { fieldErrors: { username: 'errors.username_exists' } });
  }
  // The SMS code first: sms/register sends none to a registered number, so without a valid code
  // every number answers alike and this call cannot tell which numbers are members.
  if (smsNeeded && mobile) await svc.sms.consume(brand.id, mobile, 'register', input.verificationCode);
  await runIdentityChecks(svc.db, {
    brandId: brand.id,
    mobile,
    email: f.email?.enabled ? (input.email ?? '').trim() : '',
    idNumber: f.idNumber?.enabled ? (input.idNumber ?? '').trim() : '',
    name: f.payeeName?.enabled ? (input.payeeName ?? '').trim() : '',
    birthday: '',
  });
  if (mobile && (await findMemberByMobile(svc.db, brand.id, mobile))) {
    throw new AppError('mobile_exists', { fieldErrors: { mobileNum: 'errors.mobile_exists' } });
  }

  const finalUsername = mode === 'username' ? username : await usernameForMobile(svc, brand.id, mobile ?? '');
  const passwordHash = passwordNeeded
    ? await hashPassword(password, svc.hashing)
    : `!unusable:${requestHash.slice(0, 16)}`;
  const payment = (input.paymentPassword ?? '').trim();
  const fundsPasswordHash =
    payment !== '' && f.paymentPassword?.enabled ? await hashPassword(payment, svc.hashing) : null;
  const profile: Record<string, string> = {};
  for (const name of PROFILE_INPUTS) {
    const value = (input[name] ?? '').trim();
    if (value !== '' && f[name]?.enabled) profile[name] = value;
  }
  profile.birthday = birthday;
  const email = (input.email ?? '').trim();

  let memberId: string;
  try {
    memberId = await svc.db.transaction().execute(async (trx) => {
      const id = await insertMember(trx, {
        brandId: brand.id,
        username: finalUsername,
        mobile,
        email: email !== '' && f.email?.enabled ? email : null,
        passwordHash,
        fundsPasswordHash,
        nickname: finalUsername,
        profile,
        uplineId,
        language: caller.language,
        registerMethod: mode === 'mobile' ? 'WEB_MOBILE' : 'WEB',
        registerUrl: (input.registerUrl ?? '').slice(0, 512),
        registerIp: caller.ip,
      });
      await runRegistrationHooks(trx, {
        brandId: brand.id,
        memberId: id,
        uplineId,
        referralCode: (input.referralCode ?? '').trim(),
        ip: caller.ip,
        deviceId: (input.loginDeviceId ?? '').trim(),
      });
      // An identical request older than the retry window no longer counts.
      await trx.deleteFrom('registration_requests').where('request_hash', '=', requestHash).execute();
      await trx
        .insertInto('registration_requests')
        .values({ request_hash: requestHash, brand_id: brand.id, member_id: id })
        .execute();
      return id;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A concurrent identical request won the race: answer as its retry.
    const winner = await retried(svc, brand.id, requestHash);
    if (winner) return logIn(svc, caller, winner);
    throw new AppError(mode === 'mobile' ? 'mobile_exists' : 'username_exists', { cause: error });
  }
  const member = await findMemberById(svc.db, brand.id, memberId);
  if (!member) throw new Error('registered member vanished');
  await recordLoginAttempt(svc.db, {
    brandId: brand.id,
    memberId,
    username: member.username,
    method: 'register',
    ip: caller.ip,
    country: caller.country,
    device: caller.device,
    outcome: 'registered',
  });
  return logIn(svc, caller, member);
}

/**
 * An agent opens an account for a direct downline (the agent centre's registerCenter): the brand's
 * rules for the user name and the password, then the member with the agent as its upline, in one
 * transaction with the registration hooks (the agents domain's checks the upline again there).
 * The agents domain checks that `upline` is an active agent before calling.
 */
export async function openDownlineAccount(
  svc: MemberServices,
  caller: Caller,
  upline: Member,
  input: { username: string; password: string; birthday: string },
): Promise<string> {
  const { brand } = caller;
  const f = (await svc.policies.get(brand.id)).fields;
  const errors = new FieldErrors(caller.language);
  const username = input.username.trim();
  if (f.username) errors.check('username', username, required(f.username));
  if (f.password) errors.check('password', input.password, required(f.password));
  errors.throwIfAny();
  if (await findMemberByUsername(svc.db, brand.id, username)) {
    throw new AppError('username_exists', { fieldErrors: { username: 'errors.username_exists' } });
  }
  // The brand's minimum age, as at every account's creation (docs/kyc.md), before anything is written.
  const birthday = await assertOldEnough(svc.db, brand, input.birthday);
  const passwordHash = await hashPassword(input.password, svc.hashing);
  try {
    return await svc.db.transaction().execute(async (trx) => {
      const id = await insertMember(trx, {
        brandId: brand.id,
        username,
        passwordHash,
        nickname: username,
        profile: { birthday },
        uplineId: upline.id,
        language: caller.language,
        registerMethod: 'AGENT',
        registerIp: caller.ip,
      });
      await runRegistrationHooks(trx, {
        brandId: brand.id,
        memberId: id,
        uplineId: upline.id,
        referralCode: '',
        ip: caller.ip,
        deviceId: '',
      });
      return id;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError('username_exists', {
      cause: error,
      fieldErrors: { username: 'errors.username_exists' },
    });
  }
}
