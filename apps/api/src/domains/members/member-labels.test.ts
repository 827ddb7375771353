import type { MemberInfo } from '@lotus/contracts/accounts';
import type { AuditPage, MemberDetail, MemberLabels } from '@lotus/contracts/backoffice';
import { describe, expect, it } from 'vitest';
import { signedInMember } from '../../../test/factories.ts';
import { backOfficeTeam, uniqueName } from '../../../test/operators.ts';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { createMember } from '../../harness.ts';

/** memberLabel of GET /wps/member/info (spec §3), filled from the labels an operator gives a member. */
const ctx = setupTestApp();
const { bo } = backOfficeTeam(ctx);

const info = (token: string) =>
  call<MemberInfo>(ctx.app, {
    method: 'GET',
    url: '/wps/member/info',
    headers: { ...headers(), authorization: token },
  });
const setLabels = (role: string, id: string, labels: unknown) =>
  bo<MemberLabels>(role, 'PUT', `/bo/v1/members/${id}/labels`, { labels });

describe("a member's labels", () => {
  it('start empty, are set by customer service and answered to the member as memberLabel', async () => {
    const m = await signedInMember(ctx, { prefix: 'lb' });
    expect((await info(m.token)).body.value.memberLabel).toEqual([]);
    const set = await setLabels('cs', m.id, ['  High   roller ', 'VIP', 'vip', '好客']);
    expect(set.body).toMatchObject({ success: true, value: { labels: ['High roller', 'VIP', '好客'] } });
    expect((await info(m.token)).body.value.memberLabel).toEqual(['High roller', 'VIP', '好客']);
    const detail = await bo<MemberDetail>('readonly', 'GET', `/bo/v1/members/${m.id}`);
    expect(detail.body.value.member.labels).toEqual(['High roller', 'VIP', '好客']);
    const audit = await bo<AuditPage>('admin', 'GET', '/bo/v1/audit?action=member.labels');
    expect(JSON.stringify(audit.body.value)).toContain('High roller');
    expect((await setLabels('admin', m.id, [])).body.value.labels).toEqual([]);
    expect((await info(m.token)).body.value.memberLabel).toEqual([]);
  });

  it('refuses forged labels and leaves the old ones: too many, too long, blank, NUL, not text', async () => {
    const m = await signedInMember(ctx, { prefix: 'lb' });
    await setLabels('cs', m.id, ['Kept']);
    for (const labels of [
      Array.from({ length: 11 }, (_, i) => `L${i}`),
      ['x'.repeat(21)],
      ['   '],
      ['a\u0000b'],
      [42],
      'VIP',
    ]) {
      const res = await setLabels('cs', m.id, labels);
      expect(res.body.errorCode, JSON.stringify(labels)).toBe('request_param_err');
    }
    expect((await info(m.token)).body.value.memberLabel).toEqual(['Kept']);
  });

  it('is for customer service and admin only, and only on members of the brand', async () => {
    const m = await signedInMember(ctx, { prefix: 'lb' });
    for (const role of ['readonly', 'marketing', 'finance']) {
      expect((await setLabels(role, m.id, ['Nope'])).body.errorCode, role).toBe('operator_forbidden');
    }
    const other = await createBrand(ctx.db);
    const { id } = await createMember(ctx.db, {
      merchantCode: other.merchantCode,
      username: uniqueName('s'),
      password: 'Secret123',
    });
    expect((await setLabels('admin', id, ['Foreign'])).body.errorCode).toBe('member_not_found');
    expect((await setLabels('admin', '999999999999', ['Ghost'])).body.errorCode).toBe('member_not_found');
    expect((await info(m.token)).body.value.memberLabel).toEqual([]);
  });
});
