import type { CsChannel } from '@lotus/contracts/content';
import type { CustomerServiceItem } from '@lotus/contracts/system';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { brandOf, loggedInMember } from '../../../test/factories.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { call, countRows, headers, setupTestApp } from '../../../test/support.ts';

// The right bar's channels (issue 24): VIP service only for a member whose rank level is above 4.
const ctx = setupTestApp();
const { bo } = backOfficeTeam(ctx);

async function setLevel(memberId: string, level: number) {
  const brand = await brandOf(ctx, 'DEMO');
  await sql`insert into vip_members (brand_id, member_id, level) values (${brand.id}, ${memberId}, ${level})
    on conflict (brand_id, member_id) do update set level = excluded.level`.execute(ctx.db);
}

const channels = async (token?: string) => {
  const res = await call<CustomerServiceItem[]>(ctx.app, {
    method: 'GET',
    url: '/wps/system/customerService?type=3',
    headers: { ...headers(), ...(token ? { authorization: token } : {}) },
  });
  return { status: res.status, types: res.body.success ? res.body.value.map((c) => c.csType) : [] };
};

describe('GET /wps/system/customerService', () => {
  it('gives live chat, WhatsApp and Telegram to everyone, VIP service only above rank 4', async () => {
    const visitor = await channels();
    expect(visitor.types).toEqual(expect.arrayContaining(['LIVECHAT', 'WHATSAPP', 'TELEGRAM']));
    expect(visitor.types).not.toContain('VIP');

    const m = await loggedInMember(ctx, { prefix: 'csv' });
    expect((await channels(m.token)).types).not.toContain('VIP');
    await setLevel(m.id, 4);
    expect((await channels(m.token)).types).not.toContain('VIP');
    await setLevel(m.id, 5);
    const vip = await channels(m.token);
    expect(vip.types).toContain('VIP');
    expect(vip.types).toEqual(expect.arrayContaining(['LIVECHAT', 'WHATSAPP', 'TELEGRAM']));

    // Another member of rank 0 still does not get it, and a forged token never does.
    const other = await loggedInMember(ctx, { prefix: 'csv' });
    expect((await channels(other.token)).types).not.toContain('VIP');
    const forged = await channels(`${m.token.slice(0, -4)}AAAA`);
    expect(forged.types).not.toContain('VIP');
  });
});

describe('customer-service channels in the back office', () => {
  const channel = (csType: string, url: string) => ({
    csType,
    url,
    qrCodeUrl: '',
    label: { en: `${csType} desk`, ms: '', cn: `${csType} 客服` },
  });

  it('cs replaces the channels; the right bar list shows them at once; finance is refused', async () => {
    const refused = await bo('finance', 'PUT', '/bo/v1/content/cs-channels', { channels: [] });
    expect(refused.body.errorCode).toBe('operator_forbidden');
    const saved = await bo<CsChannel[]>('cs', 'PUT', '/bo/v1/content/cs-channels', {
      channels: [
        channel('TELEGRAM', 'https://t.me/lotus_support'),
        channel('LIVECHAT', 'https://chat.example/lotus'),
        channel('VIP', 'https://vip.example/desk'),
      ],
    });
    expect(saved.body.value.map((c) => c.csType)).toEqual(['TELEGRAM', 'LIVECHAT', 'VIP']);
    const visitor = await call<{ csType: string; path: string; labelNameCn: string }[]>(ctx.app, {
      method: 'GET',
      url: '/wps/system/customerService?type=3',
      headers: headers(),
    });
    expect(visitor.body.value.map((c) => [c.csType, c.path])).toEqual([
      ['TELEGRAM', 'https://t.me/lotus_support'],
      ['LIVECHAT', 'https://chat.example/lotus'],
    ]);
    expect(visitor.body.value[0]?.labelNameCn).toBe('TELEGRAM 客服');
  });

  it.each([
    ['a javascript: address', { channels: [channel('LIVECHAT', 'javascript:alert(1)')] }],
    [
      'a type twice',
      { channels: [channel('LIVECHAT', 'https://a.example'), channel('LIVECHAT', 'https://b.example')] },
    ],
    ['an unknown type', { channels: [channel('SKYPE', 'https://a.example')] }],
    [
      'an empty English label',
      { channels: [{ ...channel('LIVECHAT', 'https://a.example'), label: { en: ' ', ms: '', cn: '' } }] },
    ],
  ])('refuses %s with request_param_err and changes nothing', async (_label, body) => {
    const before = await countRows(ctx.db, 'customer_service_resources');
    const list = await bo<CsChannel[]>('admin', 'GET', '/bo/v1/content/cs-channels');
    const res = await bo('cs', 'PUT', '/bo/v1/content/cs-channels', body);
    expect(res.body.errorCode).toBe('request_param_err');
    expect(await countRows(ctx.db, 'customer_service_resources')).toBe(before);
    expect((await bo<CsChannel[]>('admin', 'GET', '/bo/v1/content/cs-channels')).body.value).toEqual(
      list.body.value,
    );
  });
});
