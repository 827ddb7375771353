import type { OperatorLoginResult } from '@lotus/contracts/backoffice';
import type { InjectOptions } from 'fastify';
import type { Db } from '../src/db/database.ts';
import type { OperatorRole } from '../src/domains/operators/operator.ts';
import { createOperator as createHarnessOperator, currentTotpCode, forgetTotpStep } from '../src/harness.ts';
import { randomIp } from './accounts.ts';
import { call, headers, type TestContext } from './support.ts';

/** An operator of a brand with TOTP enrolled on a known secret (see operatorLogin). */
export function createOperator(
  db: Db,
  input: {
    merchantCode: string;
    username: string;
    password: string;
    role: OperatorRole;
    withoutTotp?: boolean;
  },
): Promise<{ id: string; totpSecret: string }> {
  return createHarnessOperator(db, input);
}

/** Logs an operator made by createOperator in (password and current TOTP code) and returns the token. */
export async function operatorLogin(
  ctx: TestContext,
  input: { merchantCode: string; username: string; password: string },
): Promise<string> {
  await forgetTotpStep(ctx.db, input.merchantCode, input.username);
  const res = await call<OperatorLoginResult>(ctx.app, {
    method: 'POST',
    url: '/bo/v1/session/login',
    remoteAddress: randomIp(),
    headers: headers(input.merchantCode),
    payload: { username: input.username, password: input.password, totpCode: currentTotpCode() },
  });
  if (!res.body.success || res.body.value.step !== 'done') {
    throw new Error(`operator login failed: ${res.body.errorCode || res.body.value.step}`);
  }
  return res.body.value.token;
}

/** A back-office call with an operator token. */
export function operatorCall<T = unknown>(
  ctx: TestContext,
  token: string,
  options: Omit<InjectOptions, 'headers'> & { merchant?: string },
) {
  const { merchant, ...rest } = options;
  return call<T>(ctx.app, { ...rest, headers: { ...headers(merchant ?? 'DEMO'), authorization: token } });
}
