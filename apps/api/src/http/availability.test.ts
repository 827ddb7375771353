import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { depositor, methodId } from '../../test/deposits.ts';
import { makeOperator } from '../../test/factories.ts';
import { randomIp, randomUsername, sealed, solveHumanCheck } from '../../test/members.ts';
import { operatorCall, operatorLogin } from '../../test/operators.ts';
import { call, countRows, headers, setupTestApp } from '../../test/support.ts';
import { addCard, memberWithFunds, withdraw } from '../../test/withdrawals.ts';
import { updateBrandSettings } from '../domains/brands/brand-settings.ts';

const ctx = setupTestApp();

/** A Malaysian address (TM Net) that the shipped GeoIP database maps to MY. */
const MALAYSIAN_IP = '60.48.0.1';
const US_IP = '8.8.8.8';

const open = () =>
  updateBrandSettings(ctx.db, 'DEMO', {
    systemStatus: 0,
    blockedCountries: [],
    maintenanceStart: null,
    maintenanceEnd: null,
  });

afterEach(open);

/** The visitor calls of the issue, each through the trusted loopback proxy from `visitorIp`. */
async function visitorCalls(visitorIp: string) {
  const m = await memberWithFunds(ctx, { funds: 100_000n });
  const card = await addCard(ctx, m);
  const dm = await depositor(ctx);
  const method = await methodId(ctx, dm, 'gateway');
  // Solved while the brand is open: the human check itself is closed with the rest.
  const humanCheck = await solveHumanCheck(ctx);
  return { m, card: card.body.value.id, dm, method: method.id, visitorIp, humanCheck };
}

async function attempt(setup: Awaited<ReturnType<typeof visitorCalls>>) {
  const via = { remoteAddress: '127.0.0.1' };
  const xff = { 'x-forwarded-for': setup.visitorIp };
  const freePlay = await call(ctx.app, {
    method: 'POST',
    url: '/wps/session/login/freeplay',
    ...via,
    headers: headers('DEMO', 'EN', xff),
    payload: { os: 'linux', platform: 'W', random: 'abc', version: 3, birthday: '1990-01-01' },
  });
  const balance = await call(ctx.app, {
    method: 'GET',
    url: '/wps/v2/wallets/balance',
    ...via,
    headers: headers('DEMO', 'EN', { ...xff, authorization: setup.m.token }),
  });
  const deposit = await call(ctx.app, {
    method: 'POST',
    url: '/wps/deposits',
    ...via,
    headers: headers('DEMO', 'EN', { ...xff, authorization: setup.dm.token }),
    payload: { methodId: setup.method, amount: '100.00', clientRequestId: randomUUID() },
  });
  // The sealed calls present the visitor's address as the peer itself.
  const register = await sealed(
    ctx,
    '/wps/member/register',
    {
      username: randomUsername(),
      password: 'abc12345',
      confirmPassword: 'abc12345',
      humanCheck: setup.humanCheck,
      birthday: '1990-01-01',
      login: true,
      registerMethod: 'WEB',
      registerUrl: 'http://localhost/register',
    },
    { method: 'PUT', ip: setup.visitorIp },
  );
  const withdrawal = await withdraw(
    ctx,
    { ...setup.m, ip: setup.visitorIp },
    { amount: '10.00', bankCardId: setup.card },
  );
  return { freePlay, balance, deposit, register, withdrawal };
}

describe('maintenance and region restriction on the server', () => {
  it('refuses free play, balance, register, deposit and withdraw in maintenance, with its times', async () => {
    const setup = await visitorCalls(US_IP);
    const start = new Date('2030-01-01T00:00:00.000Z');
    const end = new Date('2030-01-01T04:00:00.000Z');
    await updateBrandSettings(ctx.db, 'DEMO', {
      systemStatus: 1,
      maintenanceStart: start,
      maintenanceEnd: end,
    });
    const members = await countRows(ctx.db, 'members');
    const withdrawals = await countRows(ctx.db, 'withdrawals');
    const deposits = await countRows(ctx.db, 'deposits');
    const answers = await attempt(setup);
    for (const [name, res] of Object.entries(answers)) {
      expect({ name, status: res.status, code: res.body.errorCode }).toEqual({
        name,
        status: 503,
        code: 'system_maintenance',
      });
    }
    expect(answers.balance.body.value).toEqual({
      maintainTime: start.toISOString(),
      endTime: end.toISOString(),
    });
    expect(await countRows(ctx.db, 'members')).toBe(members);
    expect(await countRows(ctx.db, 'withdrawals')).toBe(withdrawals);
    expect(await countRows(ctx.db, 'deposits')).toBe(deposits);
  });

  it('refuses the same calls from a blocked country, and only from there', async () => {
    const setup = await visitorCalls(MALAYSIAN_IP);
    await updateBrandSettings(ctx.db, 'DEMO', { blockedCountries: ['MY'] });
    const members = await countRows(ctx.db, 'members');
    const answers = await attempt(setup);
    for (const [name, res] of Object.entries(answers)) {
      expect({ name, status: res.status, code: res.body.errorCode }).toEqual({
        name,
        status: 200,
        code: 'access_restricted',
      });
    }
    expect(await countRows(ctx.db, 'members')).toBe(members);
    const fromUs = await attempt({ ...setup, visitorIp: US_IP });
    for (const res of Object.values(fromUs)) expect(res.body.errorCode).not.toBe('access_restricted');
    expect(fromUs.balance.body.success).toBe(true);
  });

  it('refuses every visitor when the brand is set to region restriction (2)', async () => {
    const setup = await visitorCalls(US_IP);
    await updateBrandSettings(ctx.db, 'DEMO', { systemStatus: 2 });
    const answers = await attempt(setup);
    expect(answers.balance.body.errorCode).toBe('access_restricted');
    expect(answers.freePlay.body.errorCode).toBe('access_restricted');
  });

  it('keeps open what the maintenance and region pages need', async () => {
    await updateBrandSettings(ctx.db, 'DEMO', { systemStatus: 1, blockedCountries: ['MY'] });
    for (const url of [
      '/wps/system/status',
      '/wps/system/whitelabel',
      '/wps/system/customerService',
      '/wps/system/helpCenter',
      '/wps/system/domainRoute?url=localhost',
    ]) {
      const res = await call(ctx.app, {
        method: 'GET',
        url,
        remoteAddress: '127.0.0.1',
        headers: headers('DEMO', 'EN', { 'x-forwarded-for': MALAYSIAN_IP }),
      });
      expect({ url, code: res.body.errorCode }).not.toEqual({ url, code: 'system_maintenance' });
      expect({ url, code: res.body.errorCode }).not.toEqual({ url, code: 'access_restricted' });
    }
  });

  it('leaves the back office open so an operator can end maintenance', async () => {
    const { username, password } = await makeOperator(ctx, { role: 'admin' });
    await updateBrandSettings(ctx.db, 'DEMO', { systemStatus: 1, blockedCountries: ['MY'] });
    const token = await operatorLogin(ctx, { merchantCode: 'DEMO', username, password });
    const res = await operatorCall(ctx, token, {
      method: 'PUT',
      url: '/bo/v1/settings/brand',
      remoteAddress: randomIp(),
      payload: { systemStatus: 0 },
    });
    expect(res.body.success).toBe(true);
    const m = await memberWithFunds(ctx);
    const balance = await call(ctx.app, {
      method: 'GET',
      url: '/wps/v2/wallets/balance',
      headers: headers('DEMO', 'EN', { authorization: m.token }),
    });
    expect(balance.body.success).toBe(true);
  });
});
