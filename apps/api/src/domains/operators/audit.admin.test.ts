import type { AuditPage } from '@lotus/contracts/backoffice';
import { describe, expect, it } from 'vitest';
import { addDays, brandDay } from '../../../test/days.ts';
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
    // The days of the rows' own times (the team was set up moments ago, maybe just before midnight).
    const unfiltered = await bo<AuditPage>('admin', 'GET', '/bo/v1/audit?pageSize=100');
    const days = unfiltered.body.value.items.map((row) => brandDay(row.createdAt)).sort();
    expect(days).toHaveLength(unfiltered.body.value.total);
    const first = days[0] as string;
    const last = days.at(-1) as string;
    const all = await bo<AuditPage>('admin', 'GET', `/bo/v1/audit?from=${first}&to=${last}&pageSize=100`);
    expect(all.body.value.items.length).toBeGreaterThan(0);
    expect(all.body.value.total).toBe(unfiltered.body.value.total);
    const operatorId = all.body.value.items[0]?.operatorId as string;
    const mine = await bo<AuditPage>('admin', 'GET', `/bo/v1/audit?operatorId=${operatorId}`);
    expect(mine.body.value.items.every((row) => row.operatorId === operatorId)).toBe(true);
    const none = await bo<AuditPage>('admin', 'GET', `/bo/v1/audit?to=${addDays(first, -1)}`);
    expect(none.body.value.total).toBe(0);
    expect(
      (await bo<AuditPage>('admin', 'GET', `/bo/v1/audit?from=${addDays(last, 1)}`)).body.value.total,
    ).toBe(0);
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
