import { createHmac } from 'node:crypto';
import { signSeamlessRequest, verifySeamlessRequest } from '@lotus/contracts/seamless-signature';
import { describe, expect, it } from 'vitest';
import { seamlessSignatureMatches, signatureMatches, signBody, signSeamless } from './signature.ts';

const SECRET = 's3cret-é-with:colons';
const BODY = JSON.stringify({ vendor: 'HOUSE', nickname: '玩家 Ünï', amount: '10.50' });
const bytes = (text: string) => new TextEncoder().encode(text);

describe('the seamless signature (node:crypto)', () => {
  it("is the contract's WebCrypto signature: the same hex for a string body and its bytes, any method case", async () => {
    const contract = await signSeamlessRequest(SECRET, 'POST', '/seamless/v1/bet', BODY);
    expect(signSeamless(SECRET, 'POST', '/seamless/v1/bet', BODY)).toBe(contract);
    expect(signSeamless(SECRET, 'post', '/seamless/v1/bet', bytes(BODY))).toBe(contract);
    expect(contract).toMatch(/^[0-9a-f]{64}$/);
    expect(await verifySeamlessRequest(SECRET, 'POST', '/seamless/v1/bet', bytes(BODY), contract)).toBe(true);
  });

  it('covers method, path, body and secret: each changed fails the check', async () => {
    const signature = await signSeamlessRequest(SECRET, 'POST', '/seamless/v1/win', BODY);
    const check = (secret: string, method: string, path: string, body: string, header = signature) =>
      seamlessSignatureMatches(secret, method, path, bytes(body), header);
    expect(check(SECRET, 'POST', '/seamless/v1/win', BODY)).toBe(true);
    expect(check(SECRET, 'POST', '/seamless/v1/rollback', BODY)).toBe(false);
    expect(check(SECRET, 'PUT', '/seamless/v1/win', BODY)).toBe(false);
    expect(check(SECRET, 'POST', '/seamless/v1/win', BODY.replace('10.50', '1000.50'))).toBe(false);
    expect(check('another-secret', 'POST', '/seamless/v1/win', BODY)).toBe(false);
    // A body-only signature is not a seamless call's signature.
    expect(check(SECRET, 'POST', '/seamless/v1/win', BODY, signBody(SECRET, BODY))).toBe(false);
  });

  it('reads the header trimmed and in any case; a missing or malformed header fails', () => {
    const signature = signSeamless(SECRET, 'POST', '/seamless/v1/bet', BODY);
    const check = (header: string | undefined) =>
      seamlessSignatureMatches(SECRET, 'POST', '/seamless/v1/bet', bytes(BODY), header);
    expect(check(`  ${signature.toUpperCase()} `)).toBe(true);
    expect(check(undefined)).toBe(false);
    expect(check('')).toBe(false);
    expect(check(signature.slice(0, 63))).toBe(false);
    expect(check(`${signature}00`)).toBe(false);
    expect(check(`${signature.slice(0, 63)}g`)).toBe(false);
    // The all-zero stand-in of a malformed header never passes, even when it is the digest's length.
    expect(check('0'.repeat(64))).toBe(false);
  });
});

describe('the body signature (payment gateways)', () => {
  it('is hex HMAC-SHA256 of the body alone, checked in constant time', () => {
    const expected = createHmac('sha256', SECRET).update(bytes(BODY)).digest('hex');
    expect(signBody(SECRET, BODY)).toBe(expected);
    expect(signBody(SECRET, bytes(BODY))).toBe(expected);
    expect(signatureMatches(SECRET, bytes(BODY), expected)).toBe(true);
    expect(signatureMatches(SECRET, bytes(BODY), ` ${expected.toUpperCase()}`)).toBe(true);
    expect(signatureMatches(SECRET, bytes(`${BODY} `), expected)).toBe(false);
    expect(signatureMatches('another-secret', bytes(BODY), expected)).toBe(false);
    expect(signatureMatches(SECRET, bytes(BODY), undefined)).toBe(false);
    expect(signatureMatches(SECRET, bytes(BODY), 'zz')).toBe(false);
  });
});
