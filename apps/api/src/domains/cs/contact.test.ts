import type {
  ContactCreated,
  MemberContactRequest,
  OperatorContactPage,
  OperatorContactRequest,
} from '@lotus/contracts/cs';
import { errorMessage } from '@lotus/contracts/errors';
import { describe, expect, it } from 'vitest';
import { loginAs, randomIp, randomUsername, solveHumanCheck } from '../../../test/members.ts';
import {
  backOfficeTeam,
  createOperator,
  operatorCall,
  operatorLogin,
  uniqueName,
} from '../../../test/operators.ts';
import { call, countRows, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { brandTemplate } from '../../db/seed/demo-brand.ts';
import { createMember, updateBrandSettings } from '../../harness.ts';

const ctx = setupTestApp({ rateLimits: { csContact: { max: 4, timeWindow: 60_000 } } });
const team = backOfficeTeam(ctx);

type Form = {
  name: string;
  channel: string;
  contact: string;
  category: string;
  message: string;
  humanCheck?: string;
};

const FORM: Omit<Form, 'humanCheck'> = {
  name: 'Aisyah',
  channel: 'mobile',
  contact: '012-345 6789',
  category: 'payment',
  message: 'My deposit has not arrived yet.',
};

async function send(
  form: Partial<Form> = {},
  options: { ip?: string; token?: string; merchant?: string; language?: string; solve?: boolean } = {},
) {
  const merchant = options.merchant ?? 'DEMO';
  const humanCheck = options.solve === false ? undefined : await solveHumanCheck(ctx, merchant);
  return call<ContactCreated>(ctx.app, {
    method: 'POST',
    url: '/wps/cs/contact',
    remoteAddress: options.ip ?? randomIp(),
    headers: {
      ...headers(merchant, options.language ?? 'EN'),
      ...(options.token ? { authorization: options.token } : {}),
    },
    payload: { ...FORM, ...(humanCheck ? { humanCheck } : {}), ...form },
  });
}

async function stored(id: string) {
  return ctx.db.selectFrom('contact_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function member(merchant = 'DEMO') {
  const username = randomUsername('c');
  const ip = randomIp();
  await createMember(ctx.db, { merchantCode: merchant, username, password: 'Secret123', knownIps: [ip] });
  const login = await loginAs(ctx, username, 'Secret123', { ip, merchant });
  return { username, token: login.body.value.token };
}

const memberGet = <T>(url: string, token?: string) =>
  call<T>(ctx.app, {
    method: 'GET',
    url,
    headers: { ...headers(), ...(token ? { authorization: token } : {}) },
  });

describe('POST /wps/cs/contact', () => {
  it("stores a visitor's message with the number read in the brand's country (MY)", async () => {
    const res = await send({ name: '  Aisyah  ', message: '  My deposit has not arrived yet.  ' });
    expect(res.body).toMatchObject({ success: true, value: { status: 'new' } });
    const row = await stored(res.body.value.id);
    expect(row).toMatchObject({
      name: 'Aisyah',
      channel: 'mobile',
      contact: '+60123456789',
      category: 'payment',
      message: 'My deposit has not arrived yet.',
      language: 'EN',
      status: 'new',
      member_id: null,
    });
  });

  it('keeps each channel in one form: e-mail in lower case, Telegram as @name, a foreign number as given', async () => {
    const cases = [
      ['email', ' Someone@Example.COM ', 'someone@example.com'],
      ['telegram', 'lotus_fan', '@lotus_fan'],
      ['telegram', '@lotus_fan', '@lotus_fan'],
      ['whatsapp', '+65 9123 4567', '+6591234567'],
    ] as const;
    for (const [channel, contact, kept] of cases) {
      const res = await send({ channel, contact });
      expect(res.body.success).toBe(true);
      expect((await stored(res.body.value.id)).contact).toBe(kept);
    }
  });

  it("reads a local number in the brand's own country (configuration): +65 on a Singapore brand", async () => {
    const template = brandTemplate('CSSG', 'Lion Play', ['cs-sg.example']);
    await createBrand(ctx.db, {
      brand: { ...template, country: 'SG', currency: 'SGD', currencySymbol: 'S$' },
    });
    const res = await send({ contact: '9123 4567' }, { merchant: 'CSSG' });
    expect((await stored(res.body.value.id)).contact).toBe('+6591234567');
    // The same digits on the Malaysian demo brand are a Malaysian number.
    const demo = await send({ contact: '9123 4567' });
    expect((await stored(demo.body.value.id)).contact).toBe('+6091234567');
  });

  it('counts 500 characters as people do (CJK and emoji count once)', async () => {
    expect((await send({ message: '好'.repeat(500) })).body.success).toBe(true);
    expect((await send({ message: '🙂'.repeat(500) })).body.success).toBe(true);
    const over = await send({ message: '好'.repeat(501) });
    expect(over.body.errorCode).toMatch(/^(contact_message_invalid|request_param_err)$/);
  });

  it('refuses a form without a solved human check, and a payload used twice', async () => {
    const before = await countRows(ctx.db, 'contact_requests');
    const missing = await send({}, { solve: false });
    expect(missing.body.errorCode).toBe('captcha_check_failed');
    const forged = await send({ humanCheck: btoa('{"challenge":{},"solution":{}}') });
    expect(forged.body.errorCode).toBe('captcha_check_failed');
    const humanCheck = await solveHumanCheck(ctx);
    expect((await send({ humanCheck })).body.success).toBe(true);
    expect((await send({ humanCheck })).body.errorCode).toBe('captcha_check_failed');
    expect(await countRows(ctx.db, 'contact_requests')).toBe(before + 1);
  });

  it('answers field problems with their codes and spends no human check on them', async () => {
    const humanCheck = await solveHumanCheck(ctx);
    const bad = await send(
      { name: '   ', channel: 'email', contact: 'not-an-email', message: ' ', humanCheck },
      { language: 'MS' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('contact_name_invalid');
    expect(bad.body.message).toBe(errorMessage('contact_name_invalid', 'MS'));
    expect(bad.body.fieldErrors).toEqual({
      name: 'errors.contact_name_invalid',
      contact: 'errors.contact_value_invalid',
      message: 'errors.contact_message_invalid',
    });
    const unreadable = await send({ channel: 'mobile', contact: '123456', humanCheck });
    expect(unreadable.body.fieldErrors).toEqual({ contact: 'errors.contact_value_invalid' });
    // The same solved check still works: refusals above did not spend it.
    expect((await send({ humanCheck })).body.success).toBe(true);
  });

  it('refuses huge strings, unknown channels and NUL bytes at the edge, storing nothing', async () => {
    const before = await countRows(ctx.db, 'contact_requests');
    for (const form of [
      { name: 'x'.repeat(10_000) },
      { message: 'y'.repeat(100_000) },
      { contact: '1'.repeat(5_000) },
      { channel: 'carrier-pigeon' },
      { category: 'urgent!!' },
      { message: 'hello\u0000world' },
      { name: 'nul\u0000name' },
    ]) {
      const res = await send(form);
      expect({ form: Object.keys(form)[0], status: res.status, code: res.body.errorCode }).toEqual({
        form: Object.keys(form)[0],
        status: 400,
        code: 'request_param_err',
      });
    }
    expect(await countRows(ctx.db, 'contact_requests')).toBe(before);
  });

  it('limits an address to the route limit (TOO_MANY_REQUESTS), another address goes on', async () => {
    const ip = randomIp();
    for (let i = 0; i < 4; i += 1) expect((await send({}, { ip })).body.success).toBe(true);
    const fifth = await send({}, { ip, language: 'CN' });
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({
      errorCode: 'TOO_MANY_REQUESTS',
      message: errorMessage('TOO_MANY_REQUESTS', 'CN'),
    });
    expect((await send({}, { ip: randomIp() })).body.success).toBe(true);
  });

  it("links a logged-in member's message to the member, who reads only their own", async () => {
    const alice = await member();
    const bob = await member();
    const res = await send({ message: 'Where is my bonus?' }, { token: alice.token });
    expect((await stored(res.body.value.id)).member_id).not.toBeNull();

    const mine = await memberGet<MemberContactRequest[]>('/wps/cs/contact', alice.token);
    expect(mine.body.value.map((r) => r.id)).toContain(res.body.value.id);
    expect(mine.body.value[0]).toEqual({
      id: res.body.value.id,
      category: 'payment',
      message: 'Where is my bonus?',
      status: 'new',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const one = await memberGet<MemberContactRequest>(`/wps/cs/contact/${res.body.value.id}`, alice.token);
    expect(one.body.value.id).toBe(res.body.value.id);

    const theirs = await memberGet(`/wps/cs/contact/${res.body.value.id}`, bob.token);
    expect(theirs.body.errorCode).toBe('contact_request_not_found');
    expect((await memberGet<MemberContactRequest[]>('/wps/cs/contact', bob.token)).body.value).toEqual([]);
    const visitor = await memberGet(`/wps/cs/contact/${res.body.value.id}`);
    expect(visitor.status).toBe(401);
    expect(visitor.body.errorCode).toBe('CUSTOMER_NOT_LOGIN');
    const huge = await memberGet('/wps/cs/contact/99999999999999999999999', alice.token);
    expect(huge.status).toBe(400);
  });

  it('refuses a stale member token instead of storing the message as a visitor', async () => {
    const before = await countRows(ctx.db, 'contact_requests');
    const res = await send({}, { token: 'not-a-session-token' });
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
    expect(await countRows(ctx.db, 'contact_requests')).toBe(before);
  });

  it('stays open while the brand is in maintenance or the region is blocked (the contact button)', async () => {
    const brand = await createBrand(ctx.db);
    await updateBrandSettings(ctx.db, brand.merchantCode, { systemStatus: 1 });
    const res = await send({}, { merchant: brand.merchantCode });
    expect(res.body.success).toBe(true);
    await updateBrandSettings(ctx.db, brand.merchantCode, { systemStatus: 2 });
    expect((await send({}, { merchant: brand.merchantCode })).body.success).toBe(true);
  });
});

describe('/bo/v1/cs/contact-requests', () => {
  const move = (role: string, id: string, status: string, note?: string) =>
    team.bo<OperatorContactRequest>(role, 'POST', `/bo/v1/cs/contact-requests/${id}/status`, {
      status,
      ...(note === undefined ? {} : { note }),
    });

  async function auditOf(id: string) {
    return ctx.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target_type', '=', 'contact_request')
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
  }

  it('lets customer service take and close a request with notes, audited; the member sees the status', async () => {
    const alice = await member();
    const { body } = await send({ category: 'account', message: 'Cannot log in' }, { token: alice.token });
    const id = body.value.id;

    const taken = await move('cs', id, 'in_progress', '  Calling her back  ');
    expect(taken.body.value).toMatchObject({
      status: 'in_progress',
      note: 'Calling her back',
      username: alice.username,
    });
    expect(taken.body.value.handledBy).toMatch(/^cs/);
    const closed = await move('cs', id, 'closed');
    expect(closed.body.value).toMatchObject({ status: 'closed', note: 'Calling her back' });
    expect((await move('admin', id, 'in_progress')).body.errorCode).toBe('contact_request_state_invalid');

    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['contact_request.status', 'contact_request.status']);
    expect(audit[0]).toMatchObject({
      before: { status: 'new', note: '' },
      after: { status: 'in_progress', note: 'Calling her back' },
    });

    const seen = await memberGet<MemberContactRequest>(`/wps/cs/contact/${id}`, alice.token);
    expect(seen.body.value.status).toBe('closed');
    expect(seen.body.value).not.toHaveProperty('note');
  });

  it('lets admin close a new request at once; finance, marketing and readonly only read', async () => {
    const { body } = await send();
    for (const role of ['finance', 'marketing', 'readonly']) {
      const res = await move(role, body.value.id, 'in_progress');
      expect({ role, code: res.body.errorCode }).toEqual({ role, code: 'operator_forbidden' });
      const read = await team.bo<OperatorContactRequest>(
        role,
        'GET',
        `/bo/v1/cs/contact-requests/${body.value.id}`,
      );
      expect(read.body.value.status).toBe('new');
    }
    expect((await move('admin', body.value.id, 'closed', 'Spam')).body.value.status).toBe('closed');
  });

  it('applies one of two operators moving the same request at once', async () => {
    const { body } = await send();
    const [a, b] = await Promise.all([
      move('cs', body.value.id, 'in_progress', 'mine'),
      move('admin', body.value.id, 'in_progress', 'no, mine'),
    ]);
    expect([a.body.success, b.body.success].sort()).toEqual([false, true]);
    expect([a.body.errorCode, b.body.errorCode]).toContain('contact_request_state_invalid');
    expect(await auditOf(body.value.id)).toHaveLength(1);
  });

  it('refuses a note over 500 characters and an unknown status, changing nothing', async () => {
    const { body } = await send();
    const long = await move('cs', body.value.id, 'in_progress', 'n'.repeat(501));
    expect(long.body.errorCode).toBe('operator_note_invalid');
    const unknown = await move('cs', body.value.id, 'reopened');
    expect(unknown.status).toBe(400);
    const same = await move('cs', body.value.id, 'new');
    expect(same.body.errorCode).toBe('contact_request_state_invalid');
    expect((await stored(body.value.id)).status).toBe('new');
    expect(await auditOf(body.value.id)).toHaveLength(0);
  });

  it('filters by status, category, channel and search text; masks contact values for readonly', async () => {
    const tag = uniqueName('Filter');
    const a = await send({
      name: `${tag} One`,
      category: 'games',
      channel: 'email',
      contact: `${tag}@example.com`,
    });
    const b = await send({ name: `${tag} Two`, category: 'technical' });
    await move('cs', b.body.value.id, 'in_progress');

    const list = (role: string, query: string) =>
      team.bo<OperatorContactPage>(
        role,
        'GET',
        `/bo/v1/cs/contact-requests?search=${encodeURIComponent(tag)}${query}`,
      );
    expect((await list('cs', '')).body.value.items.map((r) => r.id)).toEqual([
      b.body.value.id,
      a.body.value.id,
    ]);
    expect((await list('cs', '&status=new')).body.value.items.map((r) => r.id)).toEqual([a.body.value.id]);
    expect((await list('cs', '&category=technical')).body.value.items.map((r) => r.id)).toEqual([
      b.body.value.id,
    ]);
    expect((await list('cs', '&channel=email')).body.value).toMatchObject({ total: 1 });
    expect((await list('cs', '')).body.value.items[1]?.contact).toBe(`${tag.toLowerCase()}@example.com`);
    const masked = (await list('readonly', '')).body.value.items;
    expect(masked[1]?.contact).toBe(`${tag.toLowerCase()[0]}***@example.com`);
    expect(masked[0]?.contact).toBe('+60******789');
    // A search for "%" finds a percent sign, not everything.
    expect(
      (await team.bo<OperatorContactPage>('cs', 'GET', '/bo/v1/cs/contact-requests?search=%25')).body.value
        .total,
    ).toBe(0);
    const badDay = await team.bo('cs', 'GET', '/bo/v1/cs/contact-requests?from=2026-02-30');
    expect(badDay.status).toBe(400);
  });

  it("never shows or moves another brand's requests", async () => {
    const brand = await createBrand(ctx.db);
    const theirs = await send({ name: 'Other brand' }, { merchant: brand.merchantCode });
    const id = theirs.body.value.id;
    expect((await team.bo('admin', 'GET', `/bo/v1/cs/contact-requests/${id}`)).body.errorCode).toBe(
      'contact_request_not_found',
    );
    expect((await move('admin', id, 'closed')).body.errorCode).toBe('contact_request_not_found');
    const page = await team.bo<OperatorContactPage>(
      'admin',
      'GET',
      '/bo/v1/cs/contact-requests?search=Other%20brand',
    );
    expect(page.body.value.items).toEqual([]);

    const username = uniqueName('csx');
    await createOperator(ctx.db, {
      merchantCode: brand.merchantCode,
      username,
      password: 'Secret123',
      role: 'cs',
    });
    const token = await operatorLogin(ctx, {
      merchantCode: brand.merchantCode,
      username,
      password: 'Secret123',
    });
    const own = await operatorCall<OperatorContactRequest>(ctx, token, {
      method: 'POST',
      url: `/bo/v1/cs/contact-requests/${id}/status`,
      merchant: brand.merchantCode,
      payload: { status: 'in_progress' },
    });
    expect(own.body.value.status).toBe('in_progress');
    // A DEMO operator's token is not valid on the other brand.
    const crossToken = await operatorCall(ctx, token, { method: 'GET', url: '/bo/v1/cs/contact-requests' });
    expect(crossToken.status).toBe(401);
  });

  it('refuses callers without an operator token', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/bo/v1/cs/contact-requests', headers: headers() });
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe('operator_not_login');
  });
});
