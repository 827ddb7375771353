import type { AuditPage } from '@lotus/contracts/backoffice';
import { describe, expect, it } from 'vitest';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { setupTestApp } from '../../../test/support.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);
const { bo } = backOfficeTeam(ctx);

describe('audit log viewer', () => {
  it('shows the audit log to admins only, filtered by operator and day', async () => {
    const refused = await bo('finance', 'GET', '/bo/v1/audit');
    expect(refused.body.errorCode).toBe('operator_forbidden');
    const today = new Date().toISOString().slice(0, 10);
    const all = await bo<AuditPage>('admin', 'GET', `/bo/v1/audit?from=${today}&to=${today}&pageSize=100`);
    expect(all.body.value.items.length).toBeGreaterThan(0);
    const operatorId = all.body.value.items[0]?.operatorId as string;
    const mine = await bo<AuditPage>('admin', 'GET', `/bo/v1/audit?operatorId=${operatorId}`);
    expect(mine.body.value.items.every((row) => row.operatorId === operatorId)).toBe(true);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const none = await bo<AuditPage>('admin', 'GET', `/bo/v1/audit?to=${yesterday}`);
    expect(none.body.value.total).toBe(0);
  });
});

describe('back-office input at the edge', () => {
  it('answers 400 to an id beyond bigint and to an impossible audit date', async () => {
    for (const url of [
      '/bo/v1/members/9223372036854775808',
      '/bo/v1/adjustments/99999999999999999999/approve',
      '/bo/v1/audit?from=2026-02-30',
      '/bo/v1/audit?to=2026-13-45',
      '/bo/v1/audit?operatorId=9223372036854775808',
      '/bo/v1/members?q=9999999999999999999',
    ]) {
      const res = await bo('admin', url.endsWith('/approve') ? 'POST' : 'GET', url);
      if (url.includes('?q=')) {
        // A search term is no id when it is out of range: it simply finds no member.
        expect(res.status, url).toBe(200);
        continue;
      }
      expect(res.status, url).toBe(400);
      expect(res.body.errorCode, url).toBe('request_param_err');
    }
  });
});
