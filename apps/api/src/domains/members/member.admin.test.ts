import type { AuditPage, MemberDetail, MemberPage, PostingPage } from '@lotus/contracts/backoffice';
import { describe, expect, it } from 'vitest';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam, uniqueName } from '../../../test/operators.ts';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { createMember } from '../../harness.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);
const { bo, newMember, mainBalance } = backOfficeTeam(ctx);

describe('members', () => {
  it('shows readonly and marketing operators masked mobile and e-mail', async () => {
    const m = await newMember();
    await ctx.db
      .updateTable('members')
      .set({ email: 'private.person@example.com' })
      .where('id', '=', m.id)
      .execute();
    const full = await bo<MemberDetail>('cs', 'GET', `/bo/v1/members/${m.id}`);
    const mobile = full.body.value.member.mobile ?? '';
    expect(full.body.value.member.email).toBe('private.person@example.com');
    for (const role of ['readonly', 'marketing']) {
      const detail = await bo<MemberDetail>(role, 'GET', `/bo/v1/members/${m.id}`);
      expect(detail.body.value.member.email).not.toContain('private.person');
      expect(detail.body.value.member.mobile).not.toBe(mobile);
      expect(detail.body.value.member.mobile?.slice(-3)).toBe(mobile.slice(-3));
      const list = await bo<MemberPage>(role, 'GET', `/bo/v1/members?q=${m.username}`);
      expect(list.body.value.items[0]?.mobile).not.toBe(mobile);
    }
  });

  it('finds a member by username prefix, id and mobile, and shows the detail with its postings', async () => {
    const member = await newMember('25.00');
    const byName = await bo<MemberPage>('readonly', 'GET', `/bo/v1/members?q=${member.username}`);
    expect(byName.body.value.items.map((m) => m.id)).toEqual([member.id]);
    const byId = await bo<MemberPage>('readonly', 'GET', `/bo/v1/members?q=${member.id}`);
    expect(byId.body.value.items.map((m) => m.id)).toContain(member.id);
    const detail = await bo<MemberDetail>('readonly', 'GET', `/bo/v1/members/${member.id}`);
    expect(detail.body.value.member.username).toBe(member.username);
    const full = await bo<MemberDetail>('cs', 'GET', `/bo/v1/members/${member.id}`);
    const byMobile = await bo<MemberPage>(
      'readonly',
      'GET',
      `/bo/v1/members?q=${encodeURIComponent(full.body.value.member.mobile ?? '')}`,
    );
    expect(byMobile.body.value.items.map((m) => m.id)).toEqual([member.id]);
    expect(await mainBalance(member.id)).toBe('25.00');
    const postings = await bo<PostingPage>('readonly', 'GET', `/bo/v1/members/${member.id}/postings`);
    expect(postings.body.value.items).toEqual([
      expect.objectContaining({
        entryKind: 'adjustment',
        wallet: 'member_main',
        amount: '25.00',
        balanceAfter: '25.00',
      }),
    ]);
  });

  it('does not show a member of another brand', async () => {
    const other = await createBrand(ctx.db);
    const stranger = uniqueName('s');
    const { id } = await createMember(ctx.db, {
      merchantCode: other.merchantCode,
      username: stranger,
      password: 'Secret123',
    });
    const res = await bo('admin', 'GET', `/bo/v1/members/${id}`);
    expect(res.body.errorCode).toBe('member_not_found');
    const search = await bo<MemberPage>('admin', 'GET', `/bo/v1/members?q=${stranger}`);
    expect(search.body.value.total).toBe(0);
  });

  it('locks and unlocks a member (cs), refuses readonly, and audits it', async () => {
    const member = await newMember();
    const refused = await bo('readonly', 'PUT', `/bo/v1/members/${member.id}/status`, { status: 'LOCKED' });
    expect(refused.body.errorCode).toBe('operator_forbidden');
    const locked = await bo<{ status: string }>('cs', 'PUT', `/bo/v1/members/${member.id}/status`, {
      status: 'LOCKED',
    });
    expect(locked.body.value.status).toBe('LOCKED');
    const login = await call(ctx.app, {
      method: 'GET',
      url: `/bo/v1/members/${member.id}`,
      headers: headers(),
    });
    expect(login.body.errorCode).toBe('operator_not_login');
    const unlocked = await bo<{ status: string }>('cs', 'PUT', `/bo/v1/members/${member.id}/status`, {
      status: 'ACTIVE',
    });
    expect(unlocked.body.value.status).toBe('ACTIVE');
    const audit = await bo<AuditPage>('admin', 'GET', '/bo/v1/audit?action=member.lock');
    expect(audit.body.value.items[0]).toMatchObject({
      action: 'member.lock',
      targetId: member.id,
      before: { status: 'ACTIVE' },
      after: { status: 'LOCKED' },
    });
  });
});
