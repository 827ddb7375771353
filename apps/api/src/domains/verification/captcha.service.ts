import { randomUUID } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { hmacHex, safeEqual } from '../../lib/hashing.ts';
import type { ServerKeyring } from '../security/server-keys.ts';

const TTL_MS = 5 * 60_000;

/**
 * The image captcha of the login form: 4 characters drawn as SVG paths, rendered to PNG. Only an
 * HMAC of the answer is stored; each challenge is checked once, right or wrong.
 */
export class ImageCaptcha {
  private readonly db: Db;
  private readonly keyring: ServerKeyring;
  private readonly characters: string | undefined;

  /** `characters` narrows the alphabet (tests use one letter, so the answer is known). */
  constructor(db: Db, keyring: ServerKeyring, characters?: string) {
    this.db = db;
    this.keyring = keyring;
    this.characters = characters;
  }

  private async hash(id: string, answer: string) {
    const { hmacKey } = await this.keyring.get();
    return hmacHex(hmacKey, `captcha|${id}|${answer.trim().toLowerCase()}`);
  }

  async create(
    brandId: string,
    clientKey: string,
  ): Promise<{ captchaId: string; image: string; answer: string }> {
    const drawn = svgCaptcha.create({
      size: 4,
      noise: 2,
      ignoreChars: '0oO1iIlL',
      width: 120,
      height: 40,
      ...(this.characters ? { charPreset: this.characters } : {}),
    });
    const png = new Resvg(drawn.data, { background: '#ffffff' }).render().asPng();
    const id = randomUUID();
    await this.db
      .insertInto('captcha_challenges')
      .values({
        id,
        brand_id: brandId,
        client_key: clientKey,
        answer_hash: await this.hash(id, drawn.text),
        expires_at: new Date(Date.now() + TTL_MS),
      })
      .execute();
    return { captchaId: id, image: Buffer.from(png).toString('base64'), answer: drawn.text };
  }

  /** captcha_required when nothing was typed, captcha_invalid when wrong, used or expired. */
  async check(brandId: string, captchaId: string | undefined, answer: string | undefined): Promise<void> {
    if (!captchaId || !answer?.trim()) throw new AppError('captcha_required');
    const used = await this.db
      .updateTable('captcha_challenges')
      .set({ used_at: new Date() })
      .where('id', '=', captchaId)
      .where('brand_id', '=', brandId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('answer_hash')
      .executeTakeFirst();
    if (!used || !safeEqual(used.answer_hash, await this.hash(captchaId, answer))) {
      throw new AppError('captcha_invalid');
    }
  }
}
