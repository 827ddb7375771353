import {
  type InboxMessage,
  type InboxPage,
  MESSAGE_STATES,
  type OperatorMessage,
  type OperatorMessagePage,
} from '@lotus/contracts/messages';
import { describe, expect, it } from 'vitest';
import { signedInMember } from '../../../test/factories.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { insertMessage } from './message.repository.ts';

const ctx = setupTestApp({ rateLimits: { messageWrite: { max: 1000, timeWindow: 60_000 } } });
const team = backOfficeTeam(ctx);

type Member = { id: string; username: string; token: string; merchant: string };

async function member(merchant = 'DEMO'): Promise<Member> {
  const m = await signedInMember(ctx, { merchant });
  return { id: m.id, username: m.username, token: m.token, merchant };
}

function memberCall<T>(m: Member, method: 'GET' | 'POST' | 'DELETE', url: string, language = 'EN') {
  return call<T>(ctx.app, {
    method,
    url,
    headers: { ...headers(m.merchant, language), authorization: m.token },
  });
}

const unread = async (m: Member) =>
  (await memberCall<number>(m, 'GET', '/wps/relay/CSP_unreadCount')).body.value;
const inbox = async (m: Member, query = '') =>
  (await memberCall<InboxPage>(m, 'GET', `/wps/messages${query}`)).body.value;

function send(body: object, role = 'marketing') {
  return team.bo<OperatorMessage>(role, 'POST', '/bo/v1/messages', body);
}

const text = (en: string, extra: { ms?: string; cn?: string } = {}) => ({ en, ...extra });

let seq = 0;
function broadcast(overrides: object = {}, role = 'marketing') {
  seq += 1;
  return send(
    {
      title: text(`Broadcast ${seq}`, { ms: `Siaran ${seq}`, cn: `广播 ${seq}` }),
      content: text(`<p>Hello ${seq}</p>`),
      audience: 'all',
      ...overrides,
    },
    role,
  );
}

describe('member inbox', () => {
  it('shows a broadcast to every member of the brand with its own read state', async () => {
    const a = await member();
    const b = await member();
    const before = await unread(a);
    const sent = await broadcast();
    expect(sent.status).toBe(200);
    expect(sent.body.value.state).toBe('published');
    expect(await unread(a)).toBe(before + 1);
    expect(await unread(b)).toBe(before + 1);

    const opened = await memberCall<InboxMessage>(
      a,
      'POST',
      `/wps/messages/${sent.body.value.id}/read`,
      'MS',
    );
    expect(opened.body.value).toMatchObject({ id: sent.body.value.id, read: true, audience: 'all' });
    expect(opened.body.value.title).toMatch(/^Siaran /);
    expect(await unread(a)).toBe(before);
    expect(await unread(b)).toBe(before + 1);
    // Reading again changes nothing.
    await memberCall(a, 'POST', `/wps/messages/${sent.body.value.id}/read`);
    expect(await unread(a)).toBe(before);

    const listed = await inbox(b, '?unread=true');
    expect(listed.items.some((i) => i.id === sent.body.value.id && !i.read)).toBe(true);
    expect(listed.unread).toBe(before + 1);
    // The spec's other name of the count answers the same.
    const alias = await memberCall<number>(b, 'GET', '/wps/relay/EMFE_getInboxUnreadCount');
    expect(alias.body.value).toBe(before + 1);
  });

  it("never shows a member another member's targeted message nor another brand's broadcast", async () => {
    const a = await member();
    const b = await member();
    const targeted = await send({
      title: text('For you'),
      content: text('<p>Private</p>'),
      audience: 'members',
      usernames: [a.username.toUpperCase()],
    });
    expect(targeted.status).toBe(200);
    expect(targeted.body.value.recipients).toBe(1);
    const id = targeted.body.value.id;
    expect((await inbox(a)).items.some((i) => i.id === id && i.audience === 'members')).toBe(true);
    expect((await inbox(b)).items.some((i) => i.id === id)).toBe(false);
    const peek = await memberCall(b, 'POST', `/wps/messages/${id}/read`);
    expect(peek.body.errorCode).toBe('message_not_found');
    const hide = await memberCall(b, 'DELETE', `/wps/messages/${id}`);
    expect(hide.body.errorCode).toBe('message_not_found');

    const other = await createBrand(ctx.db);
    const stranger = await member(other.merchantCode);
    const strangerBefore = await unread(stranger);
    const demoBefore = await unread(a);
    const foreign = await insertMessage(ctx.db, {
      brandId: other.id,
      audience: 'all',
      title: { en: 'Other brand', ms: 'Other brand', cn: 'Other brand' },
      content: { en: '<p>x</p>', ms: '<p>x</p>', cn: '<p>x</p>' },
      publishAt: new Date(),
      createdBy: null,
    });
    expect(await unread(stranger)).toBe(strangerBefore + 1);
    expect(await unread(a)).toBe(demoBefore);
    expect((await memberCall(a, 'POST', `/wps/messages/${foreign}/read`)).body.errorCode).toBe(
      'message_not_found',
    );
    // And the back office of DEMO cannot withdraw it.
    const withdraw = await team.bo('admin', 'POST', `/bo/v1/messages/${foreign}/withdraw`);
    expect(withdraw.body.errorCode).toBe('message_not_found');
  });

  it('deletes a message for the member only', async () => {
    const a = await member();
    const b = await member();
    const sent = await broadcast();
    const id = sent.body.value.id;
    const aBefore = await unread(a);
    const bBefore = await unread(b);
    const res = await memberCall(a, 'DELETE', `/wps/messages/${id}`);
    expect(res.body.success).toBe(true);
    expect(await unread(a)).toBe(aBefore - 1);
    expect(await unread(b)).toBe(bBefore);
    expect((await inbox(a)).items.some((i) => i.id === id)).toBe(false);
    expect((await inbox(b)).items.some((i) => i.id === id)).toBe(true);
  });

  it('marks every message read at once', async () => {
    const a = await member();
    await broadcast();
    await broadcast();
    expect(await unread(a)).toBeGreaterThanOrEqual(2);
    const res = await memberCall<number>(a, 'POST', '/wps/messages/read-all');
    expect(res.body.value).toBe(0);
    expect(await unread(a)).toBe(0);
    const b = await member();
    expect(await unread(b)).toBeGreaterThanOrEqual(2);
  });

  it('keeps a scheduled message out of inboxes until its time, and a withdrawn one out for good', async () => {
    const a = await member();
    const before = await unread(a);
    const later = await broadcast({ publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(later.body.value.state).toBe('scheduled');
    expect(await unread(a)).toBe(before);
    expect((await inbox(a)).items.some((i) => i.id === later.body.value.id)).toBe(false);

    const now = await broadcast();
    expect(await unread(a)).toBe(before + 1);
    await memberCall(a, 'POST', `/wps/messages/${now.body.value.id}/read`);
    const withdrawn = await team.bo<OperatorMessage>(
      'cs',
      'POST',
      `/bo/v1/messages/${now.body.value.id}/withdraw`,
    );
    expect(withdrawn.body.value.state).toBe('withdrawn');
    expect(withdrawn.body.value.reads).toBe(1);
    expect((await inbox(a)).items.some((i) => i.id === now.body.value.id)).toBe(false);
    const again = await team.bo('cs', 'POST', `/bo/v1/messages/${now.body.value.id}/withdraw`);
    expect(again.body.errorCode).toBe('message_already_withdrawn');

    const scheduled = await team.bo<OperatorMessagePage>(
      'readonly',
      'GET',
      '/bo/v1/messages?state=scheduled',
    );
    expect(scheduled.body.value.items.some((i) => i.id === later.body.value.id)).toBe(true);
    expect(scheduled.body.value.items.every((i) => i.state === 'scheduled')).toBe(true);
  });

  it('asks for a token', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/wps/relay/CSP_unreadCount', headers: headers() });
    expect(res.status).toBe(401);
  });
});

describe('back office: sending messages', () => {
  it('sanitises the body, falls back to EN and audits the send', async () => {
    const sent = await send({
      title: text('Safe'),
      content: text('<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>', {
        cn: '<b>你好</b>',
      }),
      audience: 'all',
    });
    expect(sent.status).toBe(200);
    const v = sent.body.value;
    expect(v.content.en).not.toMatch(/script|onclick|javascript/);
    expect(v.content.ms).toBe(v.content.en);
    expect(v.content.cn).toBe('<b>你好</b>');
    expect(v.title).toEqual({ en: 'Safe', ms: 'Safe', cn: 'Safe' });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'message.send')
      .where('target_id', '=', v.id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses bad input with a catalogue code and stores nothing', async () => {
    const count = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const cases: [object, string, number][] = [
      [{ title: text('a\u0000b'), content: text('<p>x</p>'), audience: 'all' }, 'request_param_err', 400],
      [{ title: text('x'), content: text('<p>\u0000</p>'), audience: 'all' }, 'request_param_err', 400],
      [
        { title: text('x'.repeat(121)), content: text('<p>x</p>'), audience: 'all' },
        'request_param_err',
        400,
      ],
      [
        { title: text('bell\u0007'), content: text('<p>x</p>'), audience: 'all' },
        'message_title_invalid',
        400,
      ],
      [{ title: text(' '), content: text('<p>x</p>'), audience: 'all' }, 'message_title_invalid', 400],
      [{ title: text('x'), content: text('x'.repeat(20_001)), audience: 'all' }, 'request_param_err', 400],
      [
        { title: text('x'), content: text('<script>alert(1)</script>'), audience: 'all' },
        'message_content_invalid',
        400,
      ],
      [
        { title: text('x'), content: text('<p>x</p>'), audience: 'members', usernames: [] },
        'message_recipients_invalid',
        400,
      ],
      [
        { title: text('x'), content: text('<p>x</p>'), audience: 'members', usernames: ['nosuchmember123'] },
        'message_recipients_invalid',
        400,
      ],
      [
        { title: text('x'), content: text('<p>x</p>'), audience: 'all', usernames: ['a'] },
        'message_recipients_invalid',
        400,
      ],
      [
        { title: text('x'), content: text('<p>x</p>'), audience: 'all', publishAt: '2999-01-01T00:00:00Z' },
        'message_publish_at_invalid',
        400,
      ],
      [{ title: text('x'), content: text('<p>x</p>'), audience: 'everyone' }, 'request_param_err', 400],
    ];
    for (const [body, code, status] of cases) {
      const res = await send(body);
      expect({ code: res.body.errorCode, status: res.status }).toEqual({ code, status });
    }
    expect(await count()).toBe(before);
  });

  it('refuses a member of another brand as a recipient', async () => {
    const other = await createBrand(ctx.db);
    const stranger = await member(other.merchantCode);
    const res = await send({
      title: text('x'),
      content: text('<p>x</p>'),
      audience: 'members',
      usernames: [stranger.username],
    });
    expect(res.body.errorCode).toBe('message_recipients_invalid');
    expect(res.status).toBe(400);
  });

  it("answers each state's total with the page (the states' totals add up to the whole list's)", async () => {
    await broadcast({ publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    const gone = await broadcast();
    await team.bo('cs', 'POST', `/bo/v1/messages/${gone.body.value.id}/withdraw`);
    const page = async (query: string) =>
      (await team.bo<OperatorMessagePage>('readonly', 'GET', `/bo/v1/messages?size=1${query}`)).body.value;
    const all = await page('');
    const totals: number[] = [];
    for (const state of MESSAGE_STATES) {
      const one = await page(`&state=${state}`);
      expect(one.total).toBeGreaterThan(0);
      expect(one.items).toHaveLength(1);
      expect(one.items[0]?.state).toBe(state);
      totals.push(one.total);
    }
    expect(totals.reduce((a, b) => a + b, 0)).toBe(all.total);
    const beyond = await page(`&page=${all.total + 1}`);
    expect(beyond).toMatchObject({ items: [], total: all.total });
  });

  it('lets readonly and finance read but not send or withdraw', async () => {
    const sent = await broadcast();
    for (const role of ['readonly', 'finance']) {
      expect((await broadcast({}, role)).body.errorCode).toBe('operator_forbidden');
      const w = await team.bo(role, 'POST', `/bo/v1/messages/${sent.body.value.id}/withdraw`);
      expect(w.body.errorCode).toBe('operator_forbidden');
    }
    const list = await team.bo<OperatorMessagePage>('readonly', 'GET', '/bo/v1/messages');
    expect(list.body.value.items.some((i) => i.id === sent.body.value.id)).toBe(true);
  });
});
