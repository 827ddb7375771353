/**
 * The seamless-wallet signature, shared by the platform (which verifies it) and by game vendors
 * such as the house vendor (which sign with it and never import the API). Only WebCrypto
 * (`globalThis.crypto.subtle`) is used, so it runs in Node 24 and in any current runtime.
 *
 *   X-Signature: hex(HMAC-SHA256(secret, METHOD + "\n" + PATH + "\n" + raw body bytes))
 *
 * METHOD is the upper-case HTTP method (POST), PATH the call's path without query string
 * (`/seamless/v1/bet`), the body the exact bytes sent. Binding the method and path means a signed
 * body is valid for its own call only: a win's body replayed at /rollback fails the check.
 */

type Key = { readonly type: string };
type Subtle = {
  importKey(
    format: 'raw',
    data: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: boolean,
    usages: string[],
  ): Promise<Key>;
  sign(algorithm: 'HMAC', key: Key, data: Uint8Array): Promise<ArrayBuffer>;
  verify(algorithm: 'HMAC', key: Key, signature: Uint8Array, data: Uint8Array): Promise<boolean>;
};
type Globals = {
  crypto: { subtle: Subtle };
  TextEncoder: new () => { encode(input: string): Uint8Array };
};
const g = globalThis as unknown as Globals;
const encoder = new g.TextEncoder();

const HEX_64 = /^[0-9a-f]{64}$/;

function bytes(value: Uint8Array | string): Uint8Array {
  return typeof value === 'string' ? encoder.encode(value) : value;
}

/** The bytes a seamless call's signature covers. */
export function seamlessSigningInput(method: string, path: string, body: Uint8Array | string): Uint8Array {
  const head = encoder.encode(`${method.toUpperCase()}\n${path}\n`);
  const raw = bytes(body);
  const out = new Uint8Array(head.length + raw.length);
  out.set(head, 0);
  out.set(raw, head.length);
  return out;
}

function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<Key> {
  return g.crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    usage,
  ]);
}

/** Lower-case hex HMAC-SHA256 of the call's method, path and body with the vendor's secret. */
export async function signSeamlessRequest(
  secret: string,
  method: string,
  path: string,
  body: Uint8Array | string,
): Promise<string> {
  const mac = await g.crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret, 'sign'),
    seamlessSigningInput(method, path, body),
  );
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether `header` is the call's signature; compared in constant time by WebCrypto's verify. */
export async function verifySeamlessRequest(
  secret: string,
  method: string,
  path: string,
  body: Uint8Array,
  header: string | undefined,
): Promise<boolean> {
  const given = typeof header === 'string' ? header.trim().toLowerCase() : '';
  const wellFormed = HEX_64.test(given);
  const signature = new Uint8Array(32);
  if (wellFormed)
    for (let i = 0; i < 32; i += 1) signature[i] = Number.parseInt(given.slice(2 * i, 2 * i + 2), 16);
  const valid = await g.crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret, 'verify'),
    signature,
    seamlessSigningInput(method, path, body),
  );
  return valid && wellFormed;
}
