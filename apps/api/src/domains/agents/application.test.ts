import type {
  AffiliateApplicationCreated,
  OperatorAffiliateApplication,
  OperatorAffiliatePage,
} from '@lotus/contracts/agents';
import { errorMessage } from '@lotus/contracts/errors';
import { describe, expect, it } from 'vitest';
import { getWithToken, loginAs, randomIp, randomUsername, solveHumanCheck } from '../../../test/members.ts';
import { backOfficeTeam, uniqueName } from '../../../test/operators.ts';
import { call, countRows, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { createMember } from '../../harness.ts';

const ctx = setupTestApp({ rateLimits: { affiliateApplication: { max: 2, timeWindow: 60_000 } } });
const team = backOfficeTeam(ctx);

const FORM = {
  name: 'Daniel Tan',
  contacts: [
    { channel: 'whatsapp', value: '012 345 6789' },
    { channel: 'email', value: 'Daniel@Example.com' },
  ],
  sites: ['https://football-tips.example', '  @danieltips  ', ''],
  monthlyPlayers: 250,
  message: 'I run a football tips channel.',
};

async function apply(
  form: Record<string, unknown> = {},
  options: { ip?: string; token?: string; merchant?: string; solve?: boolean; language?: string } = {},
) {
  const merchant = options.merchant ?? 'DEMO';
  const humanCheck = options.solve === false ? undefined : await solveHumanCheck(ctx, merchant);
  return call<AffiliateApplicationCreated>(ctx.app, {
    method: 'POST',
    url: '/wps/agents/applications',
    remoteAddress: options.ip ?? randomIp(),
    headers: {
      ...headers(merchant, options.language ?? 'EN'),
      ...(options.token ? { authorization: options.token } : {}),
    },
    payload: { ...FORM, ...(humanCheck ? { humanCheck } : {}), ...form },
  });
}

const stored = (id: string) =>
  ctx.db.selectFrom('affiliate_applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /wps/agents/applications', () => {
  it("stores an application with its contacts read in the brand's country and its sites trimmed", async () => {
    const res = await apply();
    expect(res.body).toMatchObject({ success: true, value: { status: 'new' } });
    expect(await stored(res.body.value.id)).toMatchObject({
      name: 'Daniel Tan',
      contacts: [
        { channel: 'whatsapp', value: '+60123456789' },
        { channel: 'email', value: 'daniel@example.com' },
      ],
      sites: ['https://football-tips.example', '@danieltips'],
      monthly_players: 250,
      message: 'I run a football tips channel.',
      status: 'new',
      member_id: null,
    });
  });

  it('links the application of a logged-in member', async () => {
    const username = randomUsername('aff');
    const ip = randomIp();
    await createMember(ctx.db, { merchantCode: 'DEMO', username, password: 'Secret123', knownIps: [ip] });
    const login = await loginAs(ctx, username, 'Secret123', { ip });
    const res = await apply({}, { token: login.body.value.token });
    const page = await team.bo<OperatorAffiliatePage>(
      'readonly',
      'GET',
      `/bo/v1/agents/applications?search=${username}`,
    );
    expect(page.body.value.items.map((a) => [a.id, a.username])).toEqual([[res.body.value.id, username]]);
  });

  it('refuses an application without a solved human check', async () => {
    const before = await countRows(ctx.db, 'affiliate_applications');
    expect((await apply({}, { solve: false })).body.errorCode).toBe('captcha_check_failed');
    expect((await apply({ humanCheck: 'bm90IGEgcGF5bG9hZA==' })).body.errorCode).toBe('captcha_check_failed');
    expect(await countRows(ctx.db, 'affiliate_applications')).toBe(before);
  });

  it('answers each field problem with its code, spending no human check', async () => {
    const humanCheck = await solveHumanCheck(ctx);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: ' ' }, 'name', 'contact_name_invalid'],
      [{ contacts: [] }, 'contacts', 'request_param_err'],
      [
        {
          contacts: [
            { channel: 'email', value: 'a@example.com' },
            { channel: 'email', value: 'b@example.com' },
          ],
        },
        'contacts',
        'affiliate_contacts_invalid',
      ],
      [{ contacts: [{ channel: 'mobile', value: '99' }] }, 'contacts', 'contact_value_invalid'],
      [{ contacts: [{ channel: 'telegram', value: '@ab' }] }, 'contacts', 'contact_value_invalid'],
      [{ sites: ['has space.example'] }, 'sites', 'affiliate_sites_invalid'],
      [{ sites: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'sites', 'affiliate_sites_invalid'],
      [{ monthlyPlayers: 0 }, 'monthlyPlayers', 'affiliate_players_invalid'],
      [{ monthlyPlayers: 1_000_001 }, 'monthlyPlayers', 'affiliate_players_invalid'],
      [{ message: '好'.repeat(501) }, 'message', 'contact_message_invalid'],
    ];
    for (const [form, field, code] of cases) {
      const res = await apply({ ...form, humanCheck }, { language: 'CN' });
      expect({ field, code: res.body.errorCode }).toEqual({ field, code });
      if (code !== 'request_param_err') {
        expect(res.body.fieldErrors?.[field]).toBe(`errors.${code}`);
        expect(res.body.message).toBe(errorMessage(code as 'contact_name_invalid', 'CN'));
      }
    }
    expect((await apply({ humanCheck })).body.success).toBe(true);
  });

  it('refuses huge strings, long lists, fractions and NUL bytes at the edge', async () => {
    const before = await countRows(ctx.db, 'affiliate_applications');
    for (const form of [
      { name: 'n'.repeat(50_000) },
      { message: 'm'.repeat(50_000) },
      { sites: Array.from({ length: 500 }, (_, i) => `s${i}`) },
      { contacts: Array.from({ length: 50 }, () => ({ channel: 'email', value: 'a@example.com' })) },
      { monthlyPlayers: 12.5 },
      { monthlyPlayers: '100' },
      { message: 'null\u0000byte' },
      { sites: ['ok.example', 'nul\u0000.example'] },
    ]) {
      const res = await apply(form);
      expect({ form: Object.keys(form)[0], status: res.status }).toEqual({
        form: Object.keys(form)[0],
        status: 400,
      });
      expect(res.body.errorCode).toBe('request_param_err');
    }
    expect(await countRows(ctx.db, 'affiliate_applications')).toBe(before);
  });

  it('limits an address to the route limit', async () => {
    const ip = randomIp();
    expect((await apply({}, { ip })).body.success).toBe(true);
    expect((await apply({}, { ip })).body.success).toBe(true);
    const third = await apply({}, { ip });
    expect(third.status).toBe(429);
    expect(third.body.errorCode).toBe('TOO_MANY_REQUESTS');
  });
});

describe('/bo/v1/agents/applications', () => {
  const move = (role: string, id: string, status: string, note?: string) =>
    team.bo<OperatorAffiliateApplication>(role, 'POST', `/bo/v1/agents/applications/${id}/status`, {
      status,
      ...(note === undefined ? {} : { note }),
    });

  async function audit(id: string) {
    return ctx.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target_type', '=', 'affiliate_application')
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
  }

  it('moves an application new -> contacted -> approved with a note, audited', async () => {
    const { body } = await apply({ name: uniqueName('Approve') });
    const id = body.value.id;
    expect((await move('marketing', id, 'contacted')).body.value).toMatchObject({
      status: 'contacted',
      note: '',
    });
    const noNote = await move('marketing', id, 'approved');
    expect(noNote.body.errorCode).toBe('operator_note_invalid');
    const approved = await move('marketing', id, 'approved', '  Good audience, 20% plan  ');
    expect(approved.body.value).toMatchObject({ status: 'approved', note: 'Good audience, 20% plan' });
    expect(approved.body.value.handledBy).toMatch(/^mar/);
    expect((await move('admin', id, 'rejected', 'changed my mind')).body.errorCode).toBe(
      'affiliate_application_state_invalid',
    );
    const rows = await audit(id);
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [
        { status: 'new', note: '' },
        { status: 'contacted', note: '' },
      ],
      [
        { status: 'contacted', note: '' },
        { status: 'approved', note: 'Good audience, 20% plan' },
      ],
    ]);
  });

  it('lets cs reject a new application with a reason; finance and readonly only read', async () => {
    const { body } = await apply();
    for (const role of ['finance', 'readonly']) {
      expect((await move(role, body.value.id, 'contacted')).body.errorCode).toBe('operator_forbidden');
    }
    expect((await move('cs', body.value.id, 'approved', 'skip the call')).body.errorCode).toBe(
      'affiliate_application_state_invalid',
    );
    expect((await move('cs', body.value.id, 'rejected', 'Not our market')).body.value.status).toBe(
      'rejected',
    );
  });

  it('masks contact values for readonly and filters by status and search', async () => {
    const name = uniqueName('Mask');
    const { body } = await apply({ name });
    const read = (role: string, query = '') =>
      team.bo<OperatorAffiliatePage>(role, 'GET', `/bo/v1/agents/applications?search=${name}${query}`);
    expect((await read('marketing')).body.value.items[0]?.contacts).toEqual([
      { channel: 'whatsapp', value: '+60123456789' },
      { channel: 'email', value: 'daniel@example.com' },
    ]);
    expect((await read('readonly')).body.value.items[0]?.contacts).toEqual([
      { channel: 'whatsapp', value: '+60******789' },
      { channel: 'email', value: 'd***@example.com' },
    ]);
    expect((await read('cs', '&status=new')).body.value.items.map((a) => a.id)).toEqual([body.value.id]);
    expect((await read('cs', '&status=approved')).body.value.total).toBe(0);
    const bySite = await team.bo<OperatorAffiliatePage>(
      'cs',
      'GET',
      '/bo/v1/agents/applications?search=football-tips',
    );
    expect(bySite.body.value.total).toBeGreaterThan(0);
  });

  it("never shows or moves another brand's applications", async () => {
    const brand = await createBrand(ctx.db);
    const theirs = await apply({ name: 'Elsewhere' }, { merchant: brand.merchantCode });
    const id = theirs.body.value.id;
    expect((await team.bo('admin', 'GET', `/bo/v1/agents/applications/${id}`)).body.errorCode).toBe(
      'affiliate_application_not_found',
    );
    expect((await move('admin', id, 'contacted')).body.errorCode).toBe('affiliate_application_not_found');
    expect((await stored(id)).status).toBe('new');
  });
});

describe('GET /wps/agent/info', () => {
  it('answers agents and refuses members with error_not_agent', async () => {
    const agent = await loginAs(ctx, 'demoagent', 'Agent123', { ip: randomIp() });
    const info = await getWithToken<{ affiliateCode: string; downlines: number }>(
      ctx,
      '/wps/agent/info',
      agent.body.value.token,
    );
    expect(info.body.value.affiliateCode).toBe('DEMO01');
    expect(info.body.value.downlines).toBeGreaterThanOrEqual(1);
    const username = randomUsername('na');
    const ip = randomIp();
    await createMember(ctx.db, { merchantCode: 'DEMO', username, password: 'Secret123', knownIps: [ip] });
    const login = await loginAs(ctx, username, 'Secret123', { ip });
    const refused = await getWithToken(ctx, '/wps/agent/info', login.body.value.token);
    expect(refused.status).toBe(200);
    expect(refused.body.errorCode).toBe('error_not_agent');
  });
});
