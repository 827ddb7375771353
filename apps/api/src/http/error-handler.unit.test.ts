import { errorMessage } from '@lotus/contracts/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { registerErrorHandling } from './error-handler.ts';

async function appThrowing(error: Error) {
  const logged: unknown[] = [];
  const app = Fastify({
    logger: { level: 'error', stream: { write: (line: string) => void logged.push(JSON.parse(line)) } },
  });
  registerErrorHandling(app);
  app.get('/boom', async () => {
    throw error;
  });
  await app.ready();
  return { app, logged };
}

describe('the central error handler', () => {
  it('answers an unknown fault with system_error, no internals in the body, and logs it', async () => {
    const { app, logged } = await appThrowing(new Error('connection to db-secret-host:5432 refused'));
    const res = await app.inject({ method: 'GET', url: '/boom', headers: { language: 'CN' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      value: null,
      message: errorMessage('system_error', 'CN'),
      errorCode: 'system_error',
    });
    expect(res.body).not.toContain('db-secret-host');
    expect(JSON.stringify(logged)).toContain('db-secret-host');
    await app.close();
  });

  it('answers an AppError with its catalogue status and translated message', async () => {
    const { app } = await appThrowing(new AppError('access_restricted'));
    const res = await app.inject({ method: 'GET', url: '/boom', headers: { language: 'MS' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      errorCode: 'access_restricted',
      message: errorMessage('access_restricted', 'MS'),
    });
    await app.close();
  });
});
