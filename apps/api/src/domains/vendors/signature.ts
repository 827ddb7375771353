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

/**
 * The seamless call's signature check (packages/contracts seamless-signature.ts: HMAC-SHA256 over
 * METHOD + "\n" + PATH + "\n" + the body bytes) with node:crypto, in constant time: the same answer
 * as the contract's WebCrypto verify without its key import and promise job per call (at a thousand
 * live players betting it was about a tenth of the platform's CPU per bet).
 */
export function seamlessSignatureMatches(
  secret: string,
  method: string,
  path: string,
  body: Uint8Array,
  header: string | undefined,
): boolean {
  const given = typeof header === 'string' ? header.trim().toLowerCase() : '';
  const wellFormed = HEX_64.test(given);
  const expected = createHmac('sha256', secret)
    .update(`${method.toUpperCase()}\n${path}\n`, 'utf8')
    .update(body)
    .digest();
  const actual = Buffer.from(wellFormed ? given : '0'.repeat(64), 'hex');
  return timingSafeEqual(expected, actual) && wellFormed;
}
