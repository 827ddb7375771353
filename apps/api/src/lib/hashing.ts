import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id cost. Production defaults follow the OWASP recommendation (19 MiB, 2 passes, 1 lane),
 * about 85 ms per hash on one core of the development machine; tests lower them through config.
 */
export type PasswordHashing = { memoryCost: number; timeCost: number; parallelism: number };
export const PRODUCTION_PASSWORD_HASHING: PasswordHashing = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** Algorithm.Argon2id of @node-rs/argon2 (a const enum, so its value is written out here). */
const ARGON2ID = 2;

export function hashPassword(password: string, cost: PasswordHashing): Promise<string> {
  return hash(password, { ...cost, algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export function sha256Hex(value: string | Uint8Array): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacHex(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

/** An opaque random token (32 bytes, base64url) for sessions and links. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
