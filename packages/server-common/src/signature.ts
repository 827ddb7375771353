import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 request signatures with node:crypto, the one server-side implementation the platform
 * API (which verifies them), the house vendor's wallet client (which signs) and its test stand-in of
 * the platform (which verifies) share.
 *
 * The seamless-wallet call's signature is the contract's (packages/contracts
 * seamless-signature.ts, WebCrypto, for any vendor and the browser):
 *
 *   X-Signature: hex(HMAC-SHA256(secret, METHOD + "\n" + PATH + "\n" + raw body bytes))
 *
 * computed here with the same bytes, without WebCrypto's key import and promise job per call (with
 * a thousand live players betting, that was about a tenth of the CPU per bet on each side). A
 * payment gateway's callback signs the body alone (`signBody`).
 */

const HEX_64 = /^[0-9a-f]{64}$/;
const NOT_A_SIGNATURE = Buffer.alloc(32);

/** Lower-case hex HMAC-SHA256 of a seamless call's method, path and exact body bytes. */
export function signSeamless(
  secret: string,
  method: string,
  path: string,
  body: Uint8Array | string,
): string {
  return seamlessMac(secret, method, path, body).toString('hex');
}

function seamlessMac(secret: string, method: string, path: string, body: Uint8Array | string): Buffer {
  const mac = createHmac('sha256', secret).update(`${method.toUpperCase()}\n${path}\n`, 'utf8');
  return (typeof body === 'string' ? mac.update(body, 'utf8') : mac.update(body)).digest();
}

/**
 * Whether `header` is the seamless call's signature, compared in constant time (a missing or
 * malformed header compares against zeros, so it costs the same and fails).
 */
export function seamlessSignatureMatches(
  secret: string,
  method: string,
  path: string,
  body: Uint8Array,
  header: string | undefined,
): boolean {
  return matches(seamlessMac(secret, method, path, body), header);
}

/** Lower-case hex HMAC-SHA256 over the exact bytes of a body alone (payment gateways' callbacks). */
export function signBody(secret: string, body: Uint8Array | string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Constant-time comparison of a body's signature with the header's (a malformed header fails). */
export function signatureMatches(secret: string, body: Uint8Array, header: string | undefined): boolean {
  return matches(createHmac('sha256', secret).update(body).digest(), header);
}

function matches(expected: Buffer, header: string | undefined): boolean {
  const given = typeof header === 'string' ? header.trim().toLowerCase() : '';
  const wellFormed = HEX_64.test(given);
  const actual = wellFormed ? Buffer.from(given, 'hex') : NOT_A_SIGNATURE;
  return timingSafeEqual(expected, actual) && wellFormed;
}
