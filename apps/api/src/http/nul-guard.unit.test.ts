import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling, toAppError } from './error-handler.ts';
import { findNul, registerNulGuard } from './nul-guard.ts';

async function guardedApp() {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  registerNulGuard(app);
  let handled = 0;
  app.post('/things/:name', async () => {
    handled += 1;
    return { ok: true };
  });
  await app.ready();
  return { app, handled: () => handled };
}

describe('NUL guard', () => {
  it('finds a NUL in a nested value or key, and nothing in clean data', () => {
    expect(findNul({ a: ['x', { b: 'y\u0000' }] })).toBe('a.1.b');
    expect(findNul({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(findNul('\u0000')).toBe('request');
    expect(findNul({ a: ['x', 1, null, { b: '中文😀' }] })).toBeNull();
  });

  it('refuses a NUL in body, query or path with 400 request_param_err before the handler runs', async () => {
    const { app, handled } = await guardedApp();
    const calls = [
      { url: '/things/ok', payload: { name: 'a\u0000b' } },
      { url: '/things/ok?q=a%00b', payload: {} },
      { url: '/things/a%00b', payload: {} },
      { url: '/things/ok', payload: { list: [{ deep: '\u0000' }] } },
    ];
    for (const call of calls) {
      const res = await app.inject({ method: 'POST', ...call });
      expect(res.statusCode, call.url).toBe(400);
      expect(res.json().errorCode).toBe('request_param_err');
    }
    expect(handled()).toBe(0);
    expect(
      (await app.inject({ method: 'POST', url: '/things/ok?q=fine', payload: { name: 'ok' } })).statusCode,
    ).toBe(200);
    expect(handled()).toBe(1);
    await app.close();
  });

  it('maps what PostgreSQL refuses as a value (class 22, 54000) to 400, a malformed form to 400', () => {
    const pgError = (code: string) => Object.assign(new Error('refused'), { code, severity: 'ERROR' });
    expect(toAppError(pgError('22003')).code).toBe('request_param_err');
    expect(toAppError(pgError('22021')).code).toBe('request_param_err');
    expect(toAppError(pgError('54000')).code).toBe('request_param_err');
    expect(toAppError(pgError('23505')).code).toBe('system_error');
    expect(toAppError(new Error('Multipart: Boundary not found')).code).toBe('request_param_err');
    expect(toAppError(new Error('Unexpected end of multipart data')).code).toBe('request_param_err');
  });
});
