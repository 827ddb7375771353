import { randomInt } from 'node:crypto';
import type { LoginResult } from '@lotus/contracts/accounts';
import { encryptPayload, importPublicKeyPem } from '@lotus/contracts/crypto-envelope';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import { latestSmsCode } from '../src/harness.ts';
import { call, headers, type TestContext } from './support.ts';

/** A fresh address per test, so throttles and known-IP rules of one test never touch another. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** A valid Malaysian mobile: national number and its E.164 form. */
export function randomMobile(): { mobileNum: string; countryDialingCode: string; e164: string } {
  const national = `12${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  return { mobileNum: national, countryDialingCode: '60', e164: `+60${national}` };
}

export function randomUsername(prefix = 'u'): string {
  return `${prefix}${randomInt(10_000_000, 99_999_999)}`;
}

const publicKeys = new WeakMap<FastifyInstance, Promise<Awaited<ReturnType<typeof importPublicKeyPem>>>>();

async function publicKey(app: FastifyInstance) {
  let key = publicKeys.get(app);
  if (!key) {
    key = (async () => {
      const res = await call<{ publicKey: string }>(app, {
        method: 'GET',
        url: '/wps/system/publicKey',
        headers: headers(),
      });
      return importPublicKeyPem(res.body.value.publicKey);
    })();
    publicKeys.set(app, key);
  }
  return key;
}

export type SealedOptions = {
  merchant?: string;
  language?: string;
  ip?: string;
  token?: string;
  method?: 'POST' | 'PUT';
};

/** An E call as the browser makes it: payload sealed with the server's public key. */
export async function sealed<T = unknown>(
  ctx: TestContext,
  url: string,
  payload: unknown,
  options: SealedOptions = {},
) {
  const envelope = await encryptPayload(await publicKey(ctx.app), payload);
  return call<T>(ctx.app, {
    method: options.method ?? 'POST',
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      ...headers(options.merchant ?? 'DEMO', options.language ?? 'EN'),
      ...envelope.headers,
      ...(options.token ? { authorization: options.token } : {}),
    },
    payload: envelope.body,
  });
}

/** Solves the human check like the altcha widget and returns its base64 payload. */
export async function solveHumanCheck(ctx: TestContext, merchant = 'DEMO'): Promise<string> {
  const res = await call<Challenge>(ctx.app, {
    method: 'GET',
    url: '/wps/system/humanCheck',
    remoteAddress: randomIp(),
    headers: headers(merchant),
  });
  const challenge = res.body.value;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('human check not solved');
  return btoa(JSON.stringify({ challenge, solution }));
}

/** Requests a registration SMS for a number and reads the code from the outbox. */
export async function registrationCode(
  ctx: TestContext,
  mobile: { mobileNum: string; countryDialingCode: string; e164: string },
  merchant = 'DEMO',
): Promise<string> {
  const res = await call(ctx.app, {
    method: 'POST',
    url: '/wps/verification/sms/register',
    remoteAddress: randomIp(),
    headers: headers(merchant),
    payload: {
      mobileNum: mobile.mobileNum,
      countryDialingCode: mobile.countryDialingCode,
      humanCheck: await solveHumanCheck(ctx, merchant),
    },
  });
  if (!res.body.success) throw new Error(`sms refused: ${res.body.errorCode}`);
  const code = await latestSmsCode(ctx.db, mobile.e164);
  if (!code) throw new Error('no sms');
  return code;
}

/** Registers a member by username (no mobile) and returns the login result. */
export async function registerMember(
  ctx: TestContext,
  fields: Record<string, unknown> = {},
  options: SealedOptions = {},
) {
  const username = (fields.username as string | undefined) ?? randomUsername();
  const res = await sealed<LoginResult>(
    ctx,
    '/wps/member/register',
    {
      username,
      password: 'abc12345',
      confirmPassword: 'abc12345',
      humanCheck: await solveHumanCheck(ctx, options.merchant),
      login: true,
      registerMethod: 'WEB',
      registerUrl: 'http://localhost/register',
      birthday: '1990-01-01',
      ...fields,
    },
    { method: 'PUT', ip: options.ip ?? randomIp(), ...options },
  );
  return { ...res, username };
}

/** Logs in by username and password (E). */
export function loginAs(
  ctx: TestContext,
  username: string,
  password: string,
  options: SealedOptions & Record<string, unknown> = {},
) {
  const { merchant, language, ip, token, method, ...extra } = options;
  return sealed<LoginResult>(
    ctx,
    '/wps/session/login',
    { type: 'username', username, password, loginDeviceId: 'device-1', ...extra },
    { ...(merchant ? { merchant } : {}), ...(language ? { language } : {}), ip: ip ?? '127.0.0.1' },
  );
}

/**
 * POST /wps/verification/sms/noLogin for a Malaysian national number, from a fresh address, with the
 * human check solved (left out with `humanCheck: false`).
 */
export async function sendSmsCode<T = unknown>(
  ctx: TestContext,
  mobileNum: string,
  options: { humanCheck?: boolean } = {},
) {
  return call<T>(ctx.app, {
    method: 'POST',
    url: '/wps/verification/sms/noLogin',
    remoteAddress: randomIp(),
    headers: headers(),
    payload: {
      mobileNum,
      countryDialingCode: '60',
      ...(options.humanCheck === false ? {} : { humanCheck: await solveHumanCheck(ctx) }),
    },
  });
}

/** A GET with a token. */
export function getWithToken<T = unknown>(
  ctx: TestContext,
  url: string,
  token: string | undefined,
  merchant = 'DEMO',
) {
  return call<T>(ctx.app, {
    method: 'GET',
    url,
    headers: { ...headers(merchant), ...(token !== undefined ? { authorization: token } : {}) },
  });
}
