import { randomUUID } from 'node:crypto';
import type { MemberInfo } from '@lotus/contracts/accounts';
import { PROFILE_FIELDS, STATIC_AVATARS } from '@lotus/contracts/accounts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import type { MemberServices } from '../../http/member-services.ts';
import { throttleKey } from '../../http/throttle.ts';
import { maskPhone, toE164 } from '../../lib/phone.ts';
import { acceptImage, MAX_IMAGE_BYTES, type UploadStore } from '../../lib/uploads/uploads.ts';
import { assertOldEnough } from '../kyc/age.ts';
import { clubLabelOf } from './club-label.ts';
import { FieldErrors } from './field-validation.ts';
import { updateLanguage } from './language.service.ts';
import { findMemberByMobile, insertMember, lockCustomAvatar, updateMember } from './member.repository.ts';
import type { Member, NewMember } from './member.ts';
import { confirmWithPassword, notifyChange } from './sensitive-change.ts';

export const AVATAR_MAX_BYTES = MAX_IMAGE_BYTES;
export const AVATAR_FOLDER = 'avatars';

function maskEmail(email: string | null): string {
  if (!email) return '';
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

/**
 * GET /wps/member/info (wire-protocol.md shape) plus language, funds password state and profile; the
 * clubLabel comes from the VIP domain through the published provider (club-label.ts).
 */
export async function memberInfo(db: Executor, member: Member, language: string): Promise<MemberInfo> {
  const clubLabel = await clubLabelOf(db, member.brandId, member.id, language);
  return {
    id: member.id,
    account: member.username,
    nickname: member.nickname,
    type: member.isAgent,
    toUpline: member.uplineUsername ?? '',
    regDate: member.createdAt.getTime(),
    mobile: maskPhone(member.mobile),
    email: maskEmail(member.email),
    clubLabel,
    memberLabel: member.labels,
    language: member.language ?? '',
    hasFundsPassword: member.fundsPasswordHash !== null,
    profile: member.profile,
  };
}

/** The avatar as the browser shows it: a STATIC id, or the URL of the uploaded image. */
export function avatarOf(member: Member): { avatar: string; avatarType: 'STATIC' | 'CUSTOM' } {
  if (member.avatarType === 'CUSTOM')
    return { avatar: `/wps/avatars/${member.avatar}`, avatarType: 'CUSTOM' };
  return { avatar: member.avatar, avatarType: 'STATIC' };
}

export async function setStaticAvatar(svc: MemberServices, member: Member, avatar: string) {
  if (!(STATIC_AVATARS as readonly string[]).includes(avatar)) {
    throw new AppError('request_param_err', { fieldErrors: { avatar: 'errors.request_param_err' } });
  }
  await updateMember(svc.db, member.id, { avatar, avatarType: 'STATIC' });
  return { avatar, avatarType: 'STATIC' as const };
}

/**
 * A png or jpg under 5 MB, checked by its bytes (lib/uploads); stored under a random name. The file
 * it replaces is deleted once the new one is committed, and the member's stored bytes stay within
 * the upload quota (the replaced file does not count).
 */
export async function setCustomAvatar(
  svc: MemberServices,
  uploads: UploadStore,
  member: Member,
  bytes: Buffer,
): Promise<{ avatar: string; avatarType: 'CUSTOM' }> {
  const image = await acceptImage(bytes);
  const fileName = `${randomUUID()}.${image.extension}`;
  const storedName = `${AVATAR_FOLDER}/${fileName}`;
  const temp = await uploads.writeTemp(bytes);
  let replaced: string | null = null;
  try {
    await svc.db.transaction().execute(async (trx) => {
      const previous = await lockCustomAvatar(trx, member.id);
      replaced = previous ? `${AVATAR_FOLDER}/${previous}` : null;
      await uploads.recordMemberFile(
        trx,
        { storedName, brandId: member.brandId, memberId: member.id, kind: 'avatar', sizeBytes: bytes.length },
        replaced,
      );
      await updateMember(trx, member.id, { avatar: fileName, avatarType: 'CUSTOM' });
      await uploads.promote(temp, storedName);
    });
  } catch (error) {
    await uploads.remove([temp, uploads.finalPath(storedName)]);
    throw error;
  }
  if (replaced) await uploads.remove([uploads.finalPath(replaced)]);
  return { avatar: `/wps/avatars/${fileName}`, avatarType: 'CUSTOM' };
}

/**
 * Profile fields the brand allows: nickname and the "other profile labels" always; registration
 * fields (payeeName, qqNum, ...) only when the brand enables them, checked by their rule. The real
 * name, id number and date of birth are set once (changing them goes through customer service).
 */
export async function updateProfile(
  svc: MemberServices,
  caller: Caller,
  member: Member,
  body: Record<string, string | undefined>,
): Promise<MemberInfo> {
  const policy = await svc.policies.get(caller.brand.id);
  const errors = new FieldErrors(caller.language);
  const profile: Record<string, string> = {};
  let nickname: string | undefined;
  for (const field of PROFILE_FIELDS) {
    const raw = body[field];
    if (raw === undefined) continue;
    const value = raw.trim();
    const rule = policy.fields[field];
    if (field === 'nickname') {
      if (value === '' || [...value].length > 32) errors.add(field, 'request_param_err');
      nickname = value;
      continue;
    }
    if (rule && !rule.enabled) {
      errors.add(field, 'operation_not_allowed');
      continue;
    }
    if (
      (field === 'payeeName' || field === 'idNumber' || field === 'birthday') &&
      (member.profile[field] ?? '') !== ''
    ) {
      errors.add(field, 'operation_not_allowed');
      continue;
    }
    // An account from before issue 25 gives its date of birth once, of age like any new one.
    if (field === 'birthday') await assertOldEnough(svc.db, caller.brand, value);
    if (rule) errors.check(field, value, rule);
    else if ([...value].length > 128) errors.add(field, 'request_param_err');
    profile[field] = value;
  }
  errors.throwIfAny();
  await updateMember(svc.db, member.id, { profile, ...(nickname !== undefined ? { nickname } : {}) });
  return memberInfo(
    svc.db,
    {
      ...member,
      nickname: nickname ?? member.nickname,
      profile: { ...member.profile, ...profile },
    },
    caller.language,
  );
}

/**
 * PUT /wps/member/mobile: binds or changes the mobile with the code of /wps/verification/sms/bind and
 * the login password; the old channels are told.
 */
export async function bindMobile(
  svc: MemberServices,
  caller: Caller,
  member: Member,
  body: { mobileNum: string; countryDialingCode: string; verificationCode: string; password: string },
): Promise<MemberInfo> {
  const phone = toE164(body.mobileNum, body.countryDialingCode);
  await svc.throttle.consume([['verifyPerAccount', throttleKey(caller.brand, member.id)]]);
  await confirmWithPassword(svc, caller, member, body.password);
  const owner = await findMemberByMobile(svc.db, caller.brand.id, phone);
  if (owner && owner.id !== member.id) throw new AppError('mobile_exists');
  await svc.sms.consume(caller.brand.id, phone, 'bind', body.verificationCode);
  try {
    await updateMember(svc.db, member.id, { mobile: phone });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('mobile_exists', { cause: error });
    throw error;
  }
  await notifyChange(svc, caller, member, 'mobile');
  return memberInfo(svc.db, { ...member, mobile: phone }, caller.language);
}

/** PUT /wps/member/email: an address valid for the email rule (pattern 3), with the login password. */
export async function bindEmail(
  svc: MemberServices,
  caller: Caller,
  member: Member,
  body: { email: string; password: string },
): Promise<MemberInfo> {
  const { email } = body;
  const policy = await svc.policies.get(caller.brand.id);
  const errors = new FieldErrors(caller.language);
  const rule = policy.fields.email ?? {
    enabled: true,
    required: true,
    acceptedPattern: '*',
    patternId: 3,
    minLength: 5,
    maxLength: 254,
  };
  errors.check('email', email, { ...rule, enabled: true, required: true });
  errors.throwIfAny();
  await confirmWithPassword(svc, caller, member, body.password);
  await updateMember(svc.db, member.id, { email: email.trim() });
  await notifyChange(svc, caller, member, 'email');
  return memberInfo(svc.db, { ...member, email: email.trim() }, caller.language);
}

/** PUT /wps/member/language for a logged-in member also stores the choice on the account. */
export async function storeLanguage(
  svc: MemberServices,
  caller: Caller,
  member: Member | null,
  language: string,
) {
  const result = updateLanguage(caller.brand, language);
  if (member) await updateMember(svc.db, member.id, { language: result.language });
  return result;
}

/** Member look-ups published to the other domains (creation: createCheckedMember). */
export {
  countDirectDownlines,
  findMemberById,
  findMemberByMobile,
  findMemberByUsername,
  setAccountKind,
  setUpline,
} from './member.repository.ts';

/**
 * Creates a member for another domain (external sign-in, an account opened on someone's behalf):
 * the date of birth is required and checked against the brand's minimum age on the server
 * (kyc's assertOldEnough) before anything is written, and stored as the profile's birthday. The
 * member is inserted in a transaction of its own, with the caller's `andThen` (a link, a first
 * record) in it. The check runs before the transaction opens: the embedded database has one
 * connection, so no other query may wait on it while a transaction holds it.
 */
export async function createCheckedMember(
  db: Db,
  brand: { id: string; timeZone: string },
  member: Omit<NewMember, 'brandId'> & { birthDate: string | null | undefined },
  andThen?: (trx: Executor, memberId: string) => Promise<void>,
): Promise<string> {
  const { birthDate, ...rest } = member;
  const birthday = await assertOldEnough(db, brand, birthDate);
  return db.transaction().execute(async (trx) => {
    const id = await insertMember(trx, {
      ...rest,
      brandId: brand.id,
      profile: { ...rest.profile, birthday },
    });
    if (andThen) await andThen(trx, id);
    return id;
  });
}
