import { randomInt } from 'node:crypto';
import type { MemberDetail, OperatorLoginResult } from '@lotus/contracts/backoffice';
import type { InjectOptions } from 'fastify';
import { beforeAll } from 'vitest';
import type { Db } from '../src/db/database.ts';
import type { OperatorRole } from '../src/domains/operators/operator.ts';
import {
  createOperator as createHarnessOperator,
  createMember,
  currentTotpCode,
  forgetTotpStep,
  fundMember,
} from '../src/harness.ts';
import { randomIp } from './members.ts';
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

/** A name with a random numeric suffix (unique enough inside one test database). */
export const uniqueName = (prefix: string) => `${prefix}${randomInt(1_000_000, 9_999_999)}`;

/**
 * The DEMO brand's back-office team for a test file: an admin, a finance, a cs, a readonly, a
 * marketing and a second finance operator (`finance2`), logged in before the file's tests. `bo` calls as one of
 * them; `newMember` makes a member (funded when a balance is given); `mainBalance` reads the main
 * wallet through the back office ('0.00' when the member has no wallet yet).
 */
export function backOfficeTeam(ctx: TestContext) {
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    for (const role of ['admin', 'finance', 'cs', 'readonly', 'marketing'] as const) {
      const username = uniqueName(role.slice(0, 3));
      await createOperator(ctx.db, { merchantCode: 'DEMO', username, password: 'Secret123', role });
      tokens[role] = await operatorLogin(ctx, { merchantCode: 'DEMO', username, password: 'Secret123' });
    }
    const second = uniqueName('fi2');
    await createOperator(ctx.db, {
      merchantCode: 'DEMO',
      username: second,
      password: 'Secret123',
      role: 'finance',
    });
    tokens.finance2 = await operatorLogin(ctx, {
      merchantCode: 'DEMO',
      username: second,
      password: 'Secret123',
    });
  });

  const bo = <T>(role: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    operatorCall<T>(ctx, tokens[role] as string, {
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
    });

  async function newMember(balance?: string) {
    const username = uniqueName('m');
    const { id } = await createMember(ctx.db, {
      merchantCode: 'DEMO',
      username,
      password: 'Secret123',
      mobile: `+6012${randomInt(1_000_000, 9_999_999)}`,
    });
    if (balance) await fundMember(ctx.db, { merchantCode: 'DEMO', username, amount: balance });
    return { id, username };
  }

  async function mainBalance(memberId: string): Promise<string> {
    const detail = await bo<MemberDetail>('readonly', 'GET', `/bo/v1/members/${memberId}`);
    return detail.body.value.wallets.find((w) => w.kind === 'member_main')?.balance ?? '0.00';
  }

  return { bo, newMember, mainBalance };
}
