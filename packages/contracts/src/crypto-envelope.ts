/**
 * Encrypted payloads of the calls marked E (wire-protocol.md, Transport), shared by the browser and
 * the server. Only WebCrypto (`globalThis.crypto.subtle`) is used, so the same code runs in Node 24
 * and in every current browser.
 *
 * The envelope:
 * - a fresh AES-256-GCM key and 12-byte IV per request;
 * - header `Encryption`: base64 of the raw AES key wrapped with the server's RSA-OAEP (SHA-256) public
 *   key, which the browser reads from `GET /wps/system/publicKey` (SPKI PEM);
 * - body `{ "value": base64(iv || ciphertext || 16-byte tag) }` of the UTF-8 JSON payload;
 * - header `Digest`: `SHA-256=` + base64 of SHA-256 over the UTF-8 bytes of the `value` string.
 *
 * This is defence in depth only: a proxy can replay what a browser sends, so the server enforces
 * every rule on the decrypted payload as if it were plain.
 */

export const ENVELOPE_HEADERS = { encryption: 'encryption', digest: 'digest' } as const;
export const ENVELOPE_ALGORITHM = 'RSA-OAEP-256+A256GCM' as const;
const DIGEST_PREFIX = 'SHA-256=';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The parts of WebCrypto used here, typed locally so this file needs neither DOM nor Node types. */
export type EnvelopeKey = { readonly type: string; readonly extractable: boolean };
type Algorithm = Record<string, unknown> & { name: string };
type Subtle = {
  generateKey(algorithm: Algorithm, extractable: boolean, usages: string[]): Promise<unknown>;
  importKey(
    format: string,
    data: Uint8Array,
    algorithm: Algorithm,
    extractable: boolean,
    usages: string[],
  ): Promise<EnvelopeKey>;
  exportKey(format: string, key: EnvelopeKey): Promise<ArrayBuffer>;
  encrypt(algorithm: Algorithm, key: EnvelopeKey, data: Uint8Array): Promise<ArrayBuffer>;
  decrypt(algorithm: Algorithm, key: EnvelopeKey, data: Uint8Array): Promise<ArrayBuffer>;
  digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer>;
};
type WebCrypto = { subtle: Subtle; getRandomValues<T extends Uint8Array>(array: T): T };
type Globals = {
  crypto: WebCrypto;
  btoa(data: string): string;
  atob(data: string): string;
  TextEncoder: new () => { encode(input: string): Uint8Array };
  TextDecoder: new (label?: string, options?: { fatal?: boolean }) => { decode(input: Uint8Array): string };
};
const g = globalThis as unknown as Globals;
const subtle = () => g.crypto.subtle;

const RSA: Algorithm = { name: 'RSA-OAEP', hash: 'SHA-256' };

/** Why a payload could not be opened; the server maps each to a catalogue code. */
export type EnvelopeFailure = 'missing' | 'malformed' | 'digest' | 'key' | 'ciphertext' | 'json';

export class EnvelopeError extends Error {
  override name = 'EnvelopeError';
  readonly reason: EnvelopeFailure;
  constructor(reason: EnvelopeFailure) {
    super(`encrypted payload refused: ${reason}`);
    this.reason = reason;
  }
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return g.btoa(binary);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function base64ToBytes(text: string): Uint8Array {
  if (text.length % 4 !== 0 || !BASE64.test(text)) throw new EnvelopeError('malformed');
  const binary = g.atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function pemBody(pem: string, label: string): Uint8Array {
  const match = new RegExp(`-----BEGIN ${label}-----([\\s\\S]+?)-----END ${label}-----`).exec(pem);
  if (!match?.[1]) throw new EnvelopeError('key');
  return base64ToBytes(match[1].replace(/\s+/g, ''));
}

function toPem(der: ArrayBuffer, label: string): string {
  const lines = bytesToBase64(new Uint8Array(der)).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** A new RSA-OAEP 2048-bit key pair (server side, once per installation). */
export async function generateEnvelopeKeyPair(): Promise<{ publicKeyPem: string; privateKeyPem: string }> {
  const pair = (await subtle().generateKey(
    { ...RSA, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  )) as { publicKey: EnvelopeKey; privateKey: EnvelopeKey };
  return {
    publicKeyPem: toPem(await subtle().exportKey('spki', pair.publicKey), 'PUBLIC KEY'),
    privateKeyPem: toPem(await subtle().exportKey('pkcs8', pair.privateKey), 'PRIVATE KEY'),
  };
}

/** The server's public key from its SPKI PEM (`GET /wps/system/publicKey`). */
export async function importPublicKeyPem(pem: string): Promise<EnvelopeKey> {
  return subtle().importKey('spki', pemBody(pem, 'PUBLIC KEY'), RSA, false, ['encrypt']);
}

export async function importPrivateKeyPem(pem: string): Promise<EnvelopeKey> {
  return subtle().importKey('pkcs8', pemBody(pem, 'PRIVATE KEY'), RSA, false, ['decrypt']);
}

async function digestOf(value: string): Promise<string> {
  const hash = await subtle().digest('SHA-256', new g.TextEncoder().encode(value));
  return `${DIGEST_PREFIX}${bytesToBase64(new Uint8Array(hash))}`;
}

export type EncryptedRequest = {
  /** Send these as request headers (names as in ENVELOPE_HEADERS, case-insensitive on the wire). */
  headers: { Encryption: string; Digest: string };
  /** Send this as the JSON body. */
  body: { value: string };
};

/** Browser side: seals one payload for one request (a new AES key every time). */
export async function encryptPayload(publicKey: EnvelopeKey, payload: unknown): Promise<EncryptedRequest> {
  const rawKey = g.crypto.getRandomValues(new Uint8Array(32));
  const iv = g.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const aesKey = await subtle().importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['encrypt']);
  const plaintext = new g.TextEncoder().encode(JSON.stringify(payload));
  const sealed = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, aesKey, plaintext));
  const combined = new Uint8Array(iv.length + sealed.length);
  combined.set(iv, 0);
  combined.set(sealed, iv.length);
  const value = bytesToBase64(combined);
  const wrapped = new Uint8Array(await subtle().encrypt(RSA, publicKey, rawKey));
  return {
    headers: { Encryption: bytesToBase64(wrapped), Digest: await digestOf(value) },
    body: { value },
  };
}

export type EncryptedInput = {
  encryption: string | undefined;
  digest: string | undefined;
  value: unknown;
};

/**
 * Server side: checks the digest, unwraps the AES key, opens the body and parses the JSON.
 * Throws EnvelopeError: `missing` when a header or the value is absent, otherwise the failing step.
 */
export async function decryptPayload(privateKey: EnvelopeKey, input: EncryptedInput): Promise<unknown> {
  const { encryption, digest, value } = input;
  if (!encryption || !digest || typeof value !== 'string' || value === '') throw new EnvelopeError('missing');
  if (value.length > 1_000_000 || encryption.length > 2048) throw new EnvelopeError('malformed');
  const combined = base64ToBytes(value);
  if (combined.length < IV_BYTES + TAG_BYTES) throw new EnvelopeError('malformed');
  if ((await digestOf(value)) !== digest.trim()) throw new EnvelopeError('digest');
  let rawKey: Uint8Array;
  try {
    rawKey = new Uint8Array(await subtle().decrypt(RSA, privateKey, base64ToBytes(encryption)));
  } catch {
    throw new EnvelopeError('key');
  }
  if (rawKey.length !== 32) throw new EnvelopeError('key');
  let plaintext: Uint8Array;
  try {
    const aesKey = await subtle().importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['decrypt']);
    plaintext = new Uint8Array(
      await subtle().decrypt(
        { name: 'AES-GCM', iv: combined.subarray(0, IV_BYTES) },
        aesKey,
        combined.subarray(IV_BYTES),
      ),
    );
  } catch {
    throw new EnvelopeError('ciphertext');
  }
  try {
    return JSON.parse(new g.TextDecoder('utf-8', { fatal: true }).decode(plaintext));
  } catch {
    throw new EnvelopeError('json');
  }
}
