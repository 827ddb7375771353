import type { CustomerServiceItem } from '@lotus/contracts/system';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { brandOf, loggedInMember } from '../../../test/factories.ts';
import { call, headers, setupTestApp } from '../../../test/support.ts';

// The right bar's channels (issue 24): VIP service only for a member whose rank level is above 4.
const ctx = setupTestApp();

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
