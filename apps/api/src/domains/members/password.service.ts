import type { LoginResult } from '@lotus/contracts/accounts';
import type { Tx } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import type { MemberServices } from '../../http/member-services.ts';
import { throttleKey } from '../../http/throttle.ts';
import { hashPassword, randomToken, sha256Hex, verifyPassword } from '../../lib/hashing.ts';
import { toE164 } from '../../lib/phone.ts';
import { flagOn } from '../brands/brand.ts';
import { brandOrigin } from '../brands/brand-origin.ts';
import { FieldErrors, required } from './field-validation.ts';
import { assertActive, completeLogin } from './login.service.ts';
import {
  findMemberById,
  findMemberByMobile,
  findMemberByUsername,
  updateMember,
} from './member.repository.ts';
import type { Member } from './member.ts';
import { confirmWithPassword, notifyChange } from './sensitive-change.ts';

const RESET_LINK_MINUTES = 30;

/** The brand's password rule (pattern and length) plus the confirmation. */
async function checkNewPassword(
  svc: MemberServices,
  caller: Caller,
  fields: { password: string; confirm: string | undefined; passwordField: string; confirmField: string },
) {
  const policy = await svc.policies.get(caller.brand.id);
  const errors = new FieldErrors(caller.language);
  if (policy.fields.password)
    errors.check(fields.passwordField, fields.password, required(policy.fields.password));
  else if (fields.password.trim() === '') errors.add(fields.passwordField, 'request_param_err');
  if (fields.confirm !== undefined && fields.confirm !== fields.password) {
    errors.add(fields.confirmField, 'password_not_match');
  }
  errors.throwIfAny();
}

async function setPassword(svc: MemberServices, member: Member, password: string) {
  await updateMember(svc.db, member.id, {
    passwordHash: await hashPassword(password, svc.hashing),
    passwordChangedAt: new Date(),
    mustChangePassword: false,
  });
  await svc.sessions.endAll(member.id, 'password_changed');
}

async function reload(svc: MemberServices, member: Member): Promise<Member> {
  const fresh = await findMemberById(svc.db, member.brandId, member.id);
  if (!fresh) throw new AppError('user.or.token.invalid');
  return fresh;
}

/** POST /wps/member/password: every session ends, a new one starts (the answer carries its token). */
export async function changePassword(
  svc: MemberServices,
  caller: Caller,
  member: Member,
  body: { oldPassword: string; newPassword: string; confirmNewPassword: string },
): Promise<LoginResult> {
  await svc.throttle.consume([['passwordChangePerAccount', throttleKey(caller.brand, member.id)]]);
  if (!(await verifyPassword(member.passwordHash, body.oldPassword.trim()))) {
    throw new AppError('old_password_wrong');
  }
  const password = body.newPassword.trim();
  await checkNewPassword(svc, caller, {
    password,
    confirm: body.confirmNewPassword.trim(),
    passwordField: 'newPassword',
    confirmField: 'confirmNewPassword',
  });
  await setPassword(svc, member, password);
  return completeLogin(svc, caller, await reload(svc, member), 'reset', false);
}

/** POST /wps/member/password/email: a single-use link valid 30 minutes, sent to the member's e-mail. */
export async function forgotByEmail(
  svc: MemberServices,
  caller: Caller,
  body: { username: string; email: string },
): Promise<void> {
  const { brand } = caller;
  const username = body.username.trim();
  const email = body.email.trim().toLowerCase();
  if (username === '' || email === '') throw new AppError('request_param_err');
  // Per address and per (user name, address): a stranger elsewhere cannot spend the owner's limit.
  await svc.throttle.consume([
    ['passwordResetPerIp', throttleKey(brand, caller.ip)],
    ['passwordResetPerAccountIp', throttleKey(brand, username, caller.ip)],
  ]);
  const member = await findMemberByUsername(svc.db, brand.id, username);
  if (!member?.email || member.email.toLowerCase() !== email) {
    throw new AppError('username_email_not_exist');
  }
  // Only links really sent count per account: each went to the owner's inbox and is valid as long
  // as this window (RESET_LINK_MINUTES), so a refusal here still leaves the owner a working link.
  await svc.throttle.consume([['passwordResetMailsPerAccount', throttleKey(brand, member.id)]]);
  const to = member.email;
  const token = randomToken();
  const origin = await brandOrigin(svc.db, brand, caller.host);
  const link = `${origin}/resetPassword?token=${encodeURIComponent(token)}`;
  try {
    // The link and the e-mail that carries it commit together; the token knows its outbox row, so a
    // dead-lettered e-mail withdraws it (withdrawResetLinks).
    await svc.db.transaction().execute(async (trx) => {
      const stored = await trx
        .insertInto('password_reset_tokens')
        .values({
          token_hash: sha256Hex(token),
          member_id: member.id,
          brand_id: brand.id,
          expires_at: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { outboxId } = await svc.email.send(
        {
          brandId: brand.id,
          to,
          subject: `${brand.name}: reset your password`,
          body:
            `Hello ${member.username},\n\nOpen this link within ${RESET_LINK_MINUTES} minutes to choose a new password:\n` +
            `${link}\n\nIf you did not ask for it, ignore this e-mail; your password stays unchanged.`,
        },
        trx,
      );
      await trx
        .updateTable('password_reset_tokens')
        .set({ email_outbox_id: outboxId })
        .where('id', '=', stored.id)
        .execute();
    });
  } catch (error) {
    // The link reached nobody (nothing was stored): it must not count as sent.
    await svc.throttle.refund('passwordResetMailsPerAccount', throttleKey(brand, member.id));
    throw new AppError('email_send_failed', { cause: error });
  }
}

/**
 * The delivery worker's dead-letter handler for e-mails (members module, `deadLetters`): the unused
 * reset links an e-mail carried are withdrawn in the transaction that marks it dead. Sending the
 * dead letter again (the back office's retry) does not bring the link back: the member asks anew.
 */
export async function withdrawResetLinks(trx: Tx, emailOutboxId: string): Promise<void> {
  await trx
    .updateTable('password_reset_tokens')
    .set({ revoked_at: new Date() })
    .where('email_outbox_id', '=', emailOutboxId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** POST /wps/member/password/reset: the link's token (single use, unexpired) and the new password. */
export async function resetWithLink(
  svc: MemberServices,
  caller: Caller,
  body: { token: string; newPassword: string; confirmNewPassword: string },
): Promise<void> {
  await svc.throttle.consume([['passwordResetPerIp', throttleKey(caller.brand, caller.ip)]]);
  const password = body.newPassword.trim();
  await checkNewPassword(svc, caller, {
    password,
    confirm: body.confirmNewPassword.trim(),
    passwordField: 'newPassword',
    confirmField: 'confirmNewPassword',
  });
  const used = await svc.db
    .updateTable('password_reset_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', sha256Hex(body.token.trim()))
    .where('brand_id', '=', caller.brand.id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('member_id')
    .executeTakeFirst();
  if (!used) {
    const withdrawn = await svc.db
      .selectFrom('password_reset_tokens')
      .select('id')
      .where('token_hash', '=', sha256Hex(body.token.trim()))
      .where('brand_id', '=', caller.brand.id)
      .where('revoked_at', 'is not', null)
      .executeTakeFirst();
    throw new AppError(withdrawn ? 'reset_link_withdrawn' : 'reset_link_invalid');
  }
  const member = await findMemberById(svc.db, caller.brand.id, used.member_id);
  if (!member) throw new AppError('reset_link_invalid');
  await setPassword(svc, member, password);
}

/** POST /wps/member/password/verification (CHNGPASSVERIF3): code from sms/noLogin, then logged in. */
export async function resetByPhone(
  svc: MemberServices,
  caller: Caller,
  body: {
    mobileNum: string;
    countryDialingCode: string;
    verificationCode: string;
    newPassword: string;
    confirmNewPassword?: string | undefined;
  },
): Promise<LoginResult> {
  const { brand } = caller;
  if (!flagOn(brand, 'CHNGPASSVERIF3')) throw new AppError('feature_disabled');
  const phone = toE164(body.mobileNum, body.countryDialingCode);
  // Per address and per (phone, address); across addresses the code's own 5 tries bound the guesses,
  // so strangers who know the number cannot lock its owner out of resetting.
  await svc.throttle.consume([
    ['verifyPerIp', throttleKey(brand, caller.ip)],
    ['verifyPerAccountIp', throttleKey(brand, phone, caller.ip)],
  ]);
  const password = body.newPassword.trim();
  await checkNewPassword(svc, caller, {
    password,
    confirm: body.confirmNewPassword?.trim(),
    passwordField: 'newPassword',
    confirmField: 'confirmNewPassword',
  });
  await svc.sms.consume(brand.id, phone, 'login', body.verificationCode);
  const member = await findMemberByMobile(svc.db, brand.id, phone);
  if (!member) throw new AppError('mobile_not_registered');
  assertActive(member);
  await setPassword(svc, member, password);
  return completeLogin(svc, caller, await reload(svc, member), 'reset', false);
}

/**
 * POST /wps/member/fundsPassword: the login password always proves it is the member (a stolen
 * session is not enough), and a change needs the current funds password too; the member is told. Same rule as the login password (brand's paymentPassword field when
 * enabled, else six digits).
 */
export async function setFundsPassword(
  svc: MemberServices,
  caller: Caller,
  member: Member,
  body: {
    password: string;
    oldFundsPassword?: string | undefined;
    newFundsPassword: string;
    confirmFundsPassword: string;
  },
): Promise<{ hasFundsPassword: boolean }> {
  await confirmWithPassword(svc, caller, member, body.password);
  if (
    member.fundsPasswordHash &&
    !(await verifyPassword(member.fundsPasswordHash, (body.oldFundsPassword ?? '').trim()))
  ) {
    throw new AppError('funds_password_wrong');
  }
  const policy = await svc.policies.get(caller.brand.id);
  const rule = policy.fields.paymentPassword?.enabled
    ? policy.fields.paymentPassword
    : { enabled: true, required: true, acceptedPattern: '*', patternId: 6, minLength: 6, maxLength: 6 };
  const value = body.newFundsPassword.trim();
  const errors = new FieldErrors(caller.language);
  errors.check('newFundsPassword', value, required(rule));
  if (body.confirmFundsPassword.trim() !== value) errors.add('confirmFundsPassword', 'password_not_match');
  errors.throwIfAny();
  await updateMember(svc.db, member.id, { fundsPasswordHash: await hashPassword(value, svc.hashing) });
  await notifyChange(svc, caller, member, 'funds_password');
  return { hasFundsPassword: true };
}
