import type { AuditPage, VendorRow, VendorWithSecret } from '@lotus/contracts/backoffice';
import { signSeamlessRequest } from '@lotus/contracts/seamless-signature';
import { describe, expect, it } from 'vitest';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam, uniqueName } from '../../../test/operators.ts';
import { setupTestApp } from '../../../test/support.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);
const { bo } = backOfficeTeam(ctx);

describe('vendors', () => {
  it('creates a vendor with a secret shown once, stored encrypted, rotates and deactivates it', async () => {
    const code = uniqueName('V');
    const created = await bo<VendorWithSecret>('admin', 'POST', '/bo/v1/vendors', {
      code,
      name: 'Test vendor',
    });
    const { vendor, secret } = created.body.value;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await ctx.db
      .selectFrom('vendors')
      .select('secret_encrypted')
      .where('id', '=', vendor.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_encrypted).not.toContain(secret);
    const list = await bo<VendorRow[]>('admin', 'GET', '/bo/v1/vendors');
    expect(JSON.stringify(list.body.value)).not.toContain(secret);
    // A signed seamless call gets past the signature check (and is refused for its unknown player).
    const signedAs = async (key: string) => {
      const raw = JSON.stringify({ vendor: code, token: 'no-such-player-token' });
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/seamless/v1/balance',
        headers: {
          merchant: 'DEMO',
          'x-vendor': code,
          'x-signature': await signSeamlessRequest(key, 'POST', '/seamless/v1/balance', raw),
          'content-type': 'application/json',
        },
        payload: raw,
      });
      return (res.json() as { errorCode: string }).errorCode;
    };
    expect(await signedAs(secret)).toBe('vendor_session_invalid');
    const rotated = await bo<VendorWithSecret>('admin', 'POST', `/bo/v1/vendors/${vendor.id}/secret`);
    expect(rotated.body.value.secret).not.toBe(secret);
    // At once, not after a cache expires: the old secret no longer signs, the new one does.
    expect(await signedAs(secret)).toBe('vendor_signature_invalid');
    expect(await signedAs(rotated.body.value.secret)).toBe('vendor_session_invalid');
    const off = await bo<VendorRow>('admin', 'PUT', `/bo/v1/vendors/${vendor.id}/active`, { active: false });
    expect(off.body.value.active).toBe(false);
    expect(await signedAs(rotated.body.value.secret)).toBe('vendor_signature_invalid');
    expect((await bo('finance', 'GET', '/bo/v1/vendors')).body.errorCode).toBe('operator_forbidden');
    const audit = await bo<AuditPage>('admin', 'GET', '/bo/v1/audit?action=vendor.rotate_secret');
    expect(JSON.stringify(audit.body.value)).not.toContain(rotated.body.value.secret);
    expect(audit.body.value.total).toBe(1);
  });
});
