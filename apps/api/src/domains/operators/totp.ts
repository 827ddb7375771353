import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '../../db/database.ts';
import { openSecret, sealSecret } from '../security/sealed-secrets.ts';

/** RFC 6238 as every authenticator app expects it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
const DIGITS = 6;
/** One step either side absorbs clock drift between the phone and the server. */
const WINDOW = 1;

function totpOf(secretBase32: string, label = 'operator', issuer = 'Lotus') {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret in base32 (the length RFC 4226 recommends). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The 30-second step of a time (the counter TOTP codes are derived from). */
export function totpStep(timestamp = Date.now()): number {
  return TOTP.counter({ period: PERIOD, timestamp });
}

/** The code of a secret at a time (tests and the e2e harness play the authenticator app). */
export function totpCode(secretBase32: string, timestamp = Date.now()): string {
  return totpOf(secretBase32).generate({ timestamp });
}

/**
 * The step a code belongs to when it is valid now (±1 step), else null. The caller accepts it only
 * if the step is later than the operator's last accepted one, so a code works once.
 */
export function matchTotpStep(secretBase32: string, code: string, timestamp = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp, window: WINDOW });
  return delta === null ? null : totpStep(timestamp) + delta;
}

/** The otpauth:// URI and a QR image of it (PNG data URL) for an authenticator app to scan. */
export async function enrolment(
  secretBase32: string,
  account: { brandName: string; username: string },
): Promise<{ otpauthUri: string; qrDataUrl: string }> {
  const otpauthUri = totpOf(secretBase32, account.username, `${account.brandName} back office`).toString();
  const qrDataUrl = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { otpauthUri, qrDataUrl };
}

/** TOTP seeds are stored sealed under the installation's `operator_totp` key (security/sealed-secrets.ts). */
export function encryptTotpSecret(db: Db, secret: string): Promise<string> {
  return sealSecret(db, 'operator_totp', secret);
}

export function decryptTotpSecret(db: Db, stored: string): Promise<string> {
  return openSecret(db, 'operator_totp', stored);
}
