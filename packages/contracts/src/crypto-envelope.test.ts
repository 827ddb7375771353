import { describe, expect, it } from 'vitest';
import {
  decryptPayload,
  EnvelopeError,
  encryptPayload,
  generateEnvelopeKeyPair,
  importPrivateKeyPem,
  importPublicKeyPem,
} from './crypto-envelope.ts';

const pair = await generateEnvelopeKeyPair();
const publicKey = await importPublicKeyPem(pair.publicKeyPem);
const privateKey = await importPrivateKeyPem(pair.privateKeyPem);

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'opened';
  } catch (error) {
    return error instanceof EnvelopeError ? error.reason : 'other';
  }
}

describe('crypto envelope', () => {
  it('round-trips a payload with a fresh key and IV every time', async () => {
    const payload = { username: 'player01', password: 'pässwörd 密码', n: 1 };
    const a = await encryptPayload(publicKey, payload);
    const b = await encryptPayload(publicKey, payload);
    expect(a.body.value).not.toBe(b.body.value);
    expect(a.headers.Encryption).not.toBe(b.headers.Encryption);
    expect(a.headers.Digest).toMatch(/^SHA-256=[A-Za-z0-9+/]+=*$/);
    const opened = await decryptPayload(privateKey, {
      encryption: a.headers.Encryption,
      digest: a.headers.Digest,
      value: a.body.value,
    });
    expect(opened).toEqual(payload);
  });

  it('names what is wrong with a refused payload', async () => {
    const e = await encryptPayload(publicKey, { a: 1 });
    const other = await importPublicKeyPem((await generateEnvelopeKeyPair()).publicKeyPem);
    const foreign = await encryptPayload(other, { a: 1 });
    const open = (encryption: string | undefined, digest: string | undefined, value: unknown) =>
      reason(decryptPayload(privateKey, { encryption, digest, value }));
    expect(await open(undefined, e.headers.Digest, e.body.value)).toBe('missing');
    expect(await open(e.headers.Encryption, e.headers.Digest, undefined)).toBe('missing');
    expect(await open(e.headers.Encryption, 'SHA-256=AAAA', e.body.value)).toBe('digest');
    expect(await open(e.headers.Encryption, e.headers.Digest, '%%%%')).toBe('malformed');
    expect(await open(foreign.headers.Encryption, foreign.headers.Digest, foreign.body.value)).toBe('key');
    expect(await open(e.headers.Encryption, foreign.headers.Digest, foreign.body.value)).toBe('ciphertext');
  });

  it('refuses a PEM that is not a key', async () => {
    expect(await reason(importPublicKeyPem('not a key'))).toBe('key');
  });
});
