import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The seamless-wallet signature (packages/contracts/src/seamless.ts): lower-case hex of
 * HMAC-SHA256 over the exact bytes of the request body, keyed with the vendor's secret.
 */
export function signBody(secret: string, body: Uint8Array | string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

const HEX_64 = /^[0-9a-f]{64}$/;

/** Constant-time comparison of the expected digest with the header's (a malformed header fails). */
export function signatureMatches(secret: string, body: Uint8Array, header: string | undefined): boolean {
  if (typeof header !== 'string') return false;
  const given = header.trim().toLowerCase();
  const expected = Buffer.from(signBody(secret, body), 'hex');
  const actual = Buffer.from(HEX_64.test(given) ? given : '0'.repeat(64), 'hex');
  return timingSafeEqual(expected, actual) && HEX_64.test(given);
}
