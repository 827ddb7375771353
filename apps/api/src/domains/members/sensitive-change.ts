import type { SupportedLanguage } from '@lotus/contracts/languages';
import { AppError } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import type { MemberServices } from '../../http/member-services.ts';
import { throttleKey } from '../../http/throttle.ts';
import { verifyPassword } from '../../lib/hashing.ts';
import type { Member } from './member.ts';

/** What changed, as the notice names it. */
export type SensitiveChange = 'email' | 'mobile' | 'bank_card' | 'funds_password';

const WHAT: Record<SensitiveChange, Record<SupportedLanguage, string>> = {
  email: { EN: 'e-mail address', MS: 'alamat e-mel', CN: '电子邮箱' },
  mobile: { EN: 'mobile number', MS: 'nombor telefon bimbit', CN: '手机号码' },
  bank_card: { EN: 'bank card', MS: 'kad bank', CN: '银行卡' },
  funds_password: { EN: 'funds password', MS: 'kata laluan dana', CN: '资金密码' },
};

/** The notice names what changed (`what`), in the member's language; nothing else is said about it. */
const NOTICE: Record<SupportedLanguage, (brand: string, what: string) => { subject: string; body: string }> =
  {
    EN: (brand, what) => ({
      subject: `${brand}: your ${what} was changed`,
      body: `The ${what} of your ${brand} account was just changed. If this was not you, contact customer service at once and change your password.`,
    }),
    MS: (brand, what) => ({
      subject: `${brand}: ${what} anda telah ditukar`,
      body: `${what[0]?.toUpperCase() ?? ''}${what.slice(1)} akaun ${brand} anda baru sahaja ditukar. Jika bukan anda, hubungi khidmat pelanggan segera dan tukar kata laluan anda.`,
    }),
    CN: (brand, what) => ({
      subject: `${brand}：您的${what}已更改`,
      body: `您的${brand}账户的${what}刚刚被更改。如非本人操作，请立即联系客服并修改密码。`,
    }),
  };

/**
 * Changing a recovery channel, a bank card or the funds password needs the login password (a stolen
 * session alone cannot take the account over). Wrong or missing: `old_password_wrong`, nothing
 * changes; tries are throttled per account like password changes.
 */
export async function confirmWithPassword(
  svc: MemberServices,
  caller: Caller,
  member: Member,
  password: string | undefined,
): Promise<void> {
  await svc.throttle.consume([['passwordChangePerAccount', throttleKey(caller.brand, member.id)]]);
  const typed = (password ?? '').trim();
  if (typed === '' || !(await verifyPassword(member.passwordHash, typed))) {
    throw new AppError('old_password_wrong');
  }
}

/**
 * Tells the member on the channels it had before the change (e-mail and SMS), so a change it did not
 * make is noticed. A failed notice does not undo the change; it is logged by the caller's provider.
 */
export async function notifyChange(
  svc: MemberServices,
  caller: Caller,
  before: Pick<Member, 'email' | 'mobile'>,
  change: SensitiveChange,
): Promise<void> {
  const what = WHAT[change][caller.language];
  const notice = NOTICE[caller.language](caller.brand.name, what);
  if (before.email) {
    await svc.email.send({ brandId: caller.brand.id, to: before.email, ...notice });
  }
  if (before.mobile) {
    await svc.sms.notify(caller.brand.id, before.mobile, notice.subject);
  }
}
