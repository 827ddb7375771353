import { describe, expect, it } from 'vitest';
import { call, headers, setupTestApp } from '../../../test/support.ts';

const ctx = setupTestApp();

describe('GET /wps/system/status', () => {
  it('answers the permission response of the demo brand', async () => {
    const { status, body } = await call(ctx.app, {
      method: 'GET',
      url: '/wps/system/status',
      headers: headers(),
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, errorCode: '' });
  });
});
