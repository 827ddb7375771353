import type { MemberInfo } from '@lotus/contracts/accounts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { brandOf, loggedInMember } from '../../../test/factories.ts';
import { call, headers, setupTestApp } from '../../../test/support.ts';

// The member info's clubLabel is the member's VIP level, read by this domain and registered with
// the members domain's clubLabel provider (members cannot import vip: a domain cycle).

const ctx = setupTestApp();

function info(token: string, language = 'EN') {
  return call<MemberInfo>(ctx.app, {
    method: 'GET',
    url: '/wps/member/info',
    headers: { ...headers('DEMO', language), authorization: token },
  });
}

async function setLevel(memberId: string, level: number) {
  const brand = await brandOf(ctx, 'DEMO');
  await sql`insert into vip_members (brand_id, member_id, level) values (${brand.id}, ${memberId}, ${level})
    on conflict (brand_id, member_id) do update set level = excluded.level`.execute(ctx.db);
}

describe('member info clubLabel', () => {
  it("names the member's VIP level in the request's language and follows a level change", async () => {
    const m = await loggedInMember(ctx, { prefix: 'cl' });
    expect((await info(m.token)).body.value.clubLabel).toEqual({ labelName: 'Member', rankLevel: 0 });
    await setLevel(m.id, 3);
    expect((await info(m.token)).body.value.clubLabel).toEqual({ labelName: 'Gold', rankLevel: 3 });
    expect((await info(m.token, 'MS')).body.value.clubLabel).toEqual({ labelName: 'Emas', rankLevel: 3 });
    expect((await info(m.token, 'CN')).body.value.clubLabel).toEqual({ labelName: '黄金', rankLevel: 3 });
    await setLevel(m.id, 5);
    expect((await info(m.token)).body.value.clubLabel).toEqual({ labelName: 'Diamond', rankLevel: 5 });
  });

  it("shows another member's level to no one: each member sees their own", async () => {
    const a = await loggedInMember(ctx, { prefix: 'cl' });
    const b = await loggedInMember(ctx, { prefix: 'cl' });
    await setLevel(a.id, 6);
    expect((await info(a.token)).body.value.clubLabel.labelName).toBe('Royal');
    expect((await info(b.token)).body.value.clubLabel.labelName).toBe('Member');
  });
});
