import { describe, expect, it } from 'vitest';
import { signSeamlessRequest, verifySeamlessRequest } from './seamless-signature.ts';

const SECRET = 'vendor-secret-0123456789';
const BODY = '{"vendor":"HOUSE","token":"abc","amount":"1.00"}';
const encoder = new (
  globalThis as unknown as { TextEncoder: new () => { encode(s: string): Uint8Array } }
).TextEncoder();
const bytes = (s: string) => encoder.encode(s);
/** HMAC-SHA256 test vectors of SECRET over "POST\n/seamless/v1/bet\n" + BODY, and over BODY alone. */
const BET_VECTOR = '1db40a46ae7d3757a8f5feaf4a5f6507d252377e30ca38f76da8f0d99a53af3d';
const BODY_ONLY = 'ff96a2341890f8e876dc9dc6b9a3a402c8b736b34b5193eaaa5e4e1919d1e5dc';

describe('seamless signature', () => {
  it('is HMAC-SHA256 over METHOD, PATH and the body joined by newlines, in lower-case hex', async () => {
    const expected = BET_VECTOR;
    expect(await signSeamlessRequest(SECRET, 'post', '/seamless/v1/bet', BODY)).toBe(expected);
    expect(await signSeamlessRequest(SECRET, 'POST', '/seamless/v1/bet', bytes(BODY))).toBe(expected);
  });

  it('verifies its own call only: another path, method, body, secret or a malformed header fails', async () => {
    const sig = await signSeamlessRequest(SECRET, 'POST', '/seamless/v1/win', BODY);
    expect(await verifySeamlessRequest(SECRET, 'POST', '/seamless/v1/win', bytes(BODY), sig)).toBe(true);
    expect(
      await verifySeamlessRequest(SECRET, 'POST', '/seamless/v1/win', bytes(BODY), ` ${sig.toUpperCase()} `),
    ).toBe(true);
    expect(await verifySeamlessRequest(SECRET, 'POST', '/seamless/v1/rollback', bytes(BODY), sig)).toBe(
      false,
    );
    expect(await verifySeamlessRequest(SECRET, 'GET', '/seamless/v1/win', bytes(BODY), sig)).toBe(false);
    expect(await verifySeamlessRequest(SECRET, 'POST', '/seamless/v1/win', bytes(`${BODY} `), sig)).toBe(
      false,
    );
    expect(await verifySeamlessRequest('other', 'POST', '/seamless/v1/win', bytes(BODY), sig)).toBe(false);
    expect(await verifySeamlessRequest(SECRET, 'POST', '/seamless/v1/bet', bytes(BODY), BET_VECTOR)).toBe(
      true,
    );
    expect(await verifySeamlessRequest(SECRET, 'POST', '/seamless/v1/bet', bytes(BODY), BODY_ONLY)).toBe(
      false,
    );
    for (const bad of [undefined, '', 'zz', sig.slice(2), `${sig}00`, '0'.repeat(64)])
      expect(await verifySeamlessRequest(SECRET, 'POST', '/seamless/v1/win', bytes(BODY), bad)).toBe(false);
  });
});
