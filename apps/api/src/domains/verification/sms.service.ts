import { randomInt } from 'node:crypto';
import type { SupportedLanguage } from '@lotus/contracts/languages';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { hmacHex, safeEqual } from '../../lib/hashing.ts';
import type { ServerKeyring } from '../security/server-keys.ts';

export type SmsPurpose = 'register' | 'login' | 'reset' | 'verify_login' | 'bind';

/** Where the platform puts an SMS: always a row of sms_outbox first (docs/delivery.md). */
export interface SmsProvider {
  send(message: { brandId: string; phone: string; body: string }): Promise<void>;
}

/**
 * Writes each SMS to sms_outbox: `pending` (due now) when an SMS gateway is configured, the worker
 * then sends it; `kept` otherwise (the demo: codes read in the back office).
 */
export class OutboxSmsProvider implements SmsProvider {
  private readonly db: Db;
  private readonly deliver: boolean;
  constructor(db: Db, deliver = false) {
    this.db = db;
    this.deliver = deliver;
  }
  async send(message: { brandId: string; phone: string; body: string }): Promise<void> {
    await this.db
      .insertInto('sms_outbox')
      .values({
        brand_id: message.brandId,
        phone: message.phone,
        body: message.body,
        ...(this.deliver ? { status: 'pending' as const, next_attempt_at: new Date() } : {}),
      })
      .execute();
  }
}

export const SMS_CODE_MINUTES = 5;
export const SMS_CODE_MAX_ATTEMPTS = 5;

const TEXT: Record<SupportedLanguage, (brand: string, code: string) => string> = {
  EN: (b, c) => `${b}: your verification code is ${c}. It expires in ${SMS_CODE_MINUTES} minutes.`,
  MS: (b, c) => `${b}: kod pengesahan anda ialah ${c}. Ia tamat tempoh dalam ${SMS_CODE_MINUTES} minit.`,
  CN: (b, c) => `${b}：您的验证码是 ${c}，${SMS_CODE_MINUTES}分钟内有效。`,
};

/**
 * One-time SMS codes: 6 digits, stored as an HMAC (never the code), valid SMS_CODE_MINUTES, at most
 * SMS_CODE_MAX_ATTEMPTS wrong tries, consumed by the first right one. Only the newest code of a
 * phone and purpose counts.
 */
export class SmsCodes {
  /** How long a code stays valid (the registration settings tell the member). */
  readonly codeMinutes = SMS_CODE_MINUTES;
  private readonly db: Db;
  private readonly keyring: ServerKeyring;
  private readonly provider: SmsProvider;

  constructor(db: Db, keyring: ServerKeyring, provider: SmsProvider) {
    this.db = db;
    this.keyring = keyring;
    this.provider = provider;
  }

  private async hash(brandId: string, phone: string, purpose: SmsPurpose, code: string) {
    const { hmacKey } = await this.keyring.get();
    return hmacHex(hmacKey, `sms|${brandId}|${phone}|${purpose}|${code}`);
  }

  async send(
    brand: { id: string; name: string },
    phone: string,
    purpose: SmsPurpose,
    language: SupportedLanguage,
  ): Promise<{ expiredMinutes: number }> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db
      .insertInto('sms_codes')
      .values({
        brand_id: brand.id,
        phone,
        purpose,
        code_hash: await this.hash(brand.id, phone, purpose, code),
        expires_at: new Date(Date.now() + SMS_CODE_MINUTES * 60_000),
      })
      .execute();
    try {
      await this.provider.send({ brandId: brand.id, phone, body: TEXT[language](brand.name, code) });
    } catch (error) {
      throw new AppError('sms_send_failed', { cause: error });
    }
    return { expiredMinutes: SMS_CODE_MINUTES };
  }

  /** A plain notice (no code) to a number, through the same provider. */
  async notify(brandId: string, phone: string, body: string): Promise<void> {
    try {
      await this.provider.send({ brandId, phone, body });
    } catch (error) {
      throw new AppError('sms_send_failed', { cause: error });
    }
  }

  /** Checks and consumes a code; wrong, used or exhausted -> verification_code_invalid, late -> code_expired. */
  async consume(
    brandId: string,
    phone: string,
    purpose: SmsPurpose,
    code: string | undefined,
  ): Promise<void> {
    const typed = (code ?? '').trim();
    if (typed === '') throw new AppError('verification_code_missing');
    const latest = await this.db
      .selectFrom('sms_codes')
      .select(['id', 'code_hash', 'expires_at', 'consumed_at'])
      .where('brand_id', '=', brandId)
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!latest || latest.consumed_at) throw new AppError('verification_code_invalid');
    if (latest.expires_at.getTime() <= Date.now()) throw new AppError('code_expired');
    // Every try is counted first, atomically and only while tries are left; then compared. Concurrent
    // tries cannot all be judged against a count read before any of them wrote.
    const counted = await this.db
      .updateTable('sms_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', latest.id)
      .where('attempts', '<', SMS_CODE_MAX_ATTEMPTS)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) !== 1) throw new AppError('verification_code_invalid');
    if (!safeEqual(latest.code_hash, await this.hash(brandId, phone, purpose, typed))) {
      throw new AppError('verification_code_invalid');
    }
    const used = await this.db
      .updateTable('sms_codes')
      .set({ consumed_at: new Date() })
      .where('id', '=', latest.id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw new AppError('verification_code_invalid');
  }
}
