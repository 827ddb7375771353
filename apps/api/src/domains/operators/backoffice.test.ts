import { randomInt, randomUUID } from 'node:crypto';
import type {
  AdjustmentPage,
  AdjustmentRow,
  AuditPage,
  BrandSettingsView,
  Dashboard,
  MemberDetail,
  MemberPage,
  PostingPage,
  SmsOutboxPage,
  VendorRow,
  VendorWithSecret,
} from '@lotus/contracts/backoffice';
import { signSeamlessRequest } from '@lotus/contracts/seamless-signature';
import { beforeAll, describe, expect, it } from 'vitest';
import { reconcileAfterEach } from '../../../test/money.ts';
import { createOperator, operatorCall, operatorLogin } from '../../../test/operators.ts';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { createMember, fundMember } from '../../harness.ts';
import { findBrandByMerchantCode } from '../brands/brand.repository.ts';
import { ensureAccount } from '../wallet/ledger.repository.ts';
import { moneyTransaction, postEntry } from '../wallet/ledger.service.ts';
import { openMemberWallet } from '../wallet/wallet.service.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);

const tokens: Record<string, string> = {};
const name = (prefix: string) => `${prefix}${randomInt(1_000_000, 9_999_999)}`;

beforeAll(async () => {
  for (const role of ['admin', 'finance', 'cs', 'readonly'] as const) {
    const username = name(role.slice(0, 3));
    await createOperator(ctx.db, { merchantCode: 'DEMO', username, password: 'Secret123', role });
    tokens[role] = await operatorLogin(ctx, { merchantCode: 'DEMO', username, password: 'Secret123' });
  }
  const second = name('fi2');
  await createOperator(ctx.db, {
    merchantCode: 'DEMO',
    username: second,
    password: 'Secret123',
    role: 'finance',
  });
  tokens.finance2 = await operatorLogin(ctx, {
    merchantCode: 'DEMO',
    username: second,
    password: 'Secret123',
  });
});

const bo = <T>(role: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  operatorCall<T>(ctx, tokens[role] as string, {
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
  });

async function newMember(balance?: string) {
  const username = name('m');
  const { id } = await createMember(ctx.db, {
    merchantCode: 'DEMO',
    username,
    password: 'Secret123',
    mobile: `+6012${randomInt(1_000_000, 9_999_999)}`,
  });
  if (balance) await fundMember(ctx.db, { merchantCode: 'DEMO', username, amount: balance });
  return { id, username };
}

/** The main wallet's balance ('0.00' when the member has no wallet yet). */
async function mainBalance(memberId: string): Promise<string> {
  const detail = await bo<MemberDetail>('readonly', 'GET', `/bo/v1/members/${memberId}`);
  return detail.body.value.wallets.find((w) => w.kind === 'member_main')?.balance ?? '0.00';
}

describe('members', () => {
  it('finds a member by username prefix, id and mobile, and shows the detail with its postings', async () => {
    const member = await newMember('25.00');
    const byName = await bo<MemberPage>('readonly', 'GET', `/bo/v1/members?q=${member.username}`);
    expect(byName.body.value.items.map((m) => m.id)).toEqual([member.id]);
    const byId = await bo<MemberPage>('readonly', 'GET', `/bo/v1/members?q=${member.id}`);
    expect(byId.body.value.items.map((m) => m.id)).toContain(member.id);
    const detail = await bo<MemberDetail>('readonly', 'GET', `/bo/v1/members/${member.id}`);
    expect(detail.body.value.member.username).toBe(member.username);
    const byMobile = await bo<MemberPage>(
      'readonly',
      'GET',
      `/bo/v1/members?q=${detail.body.value.member.mobile}`,
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
    const stranger = name('s');
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

describe('manual adjustments', () => {
  it('posts a credit at or below the threshold at once, idempotently by request id', async () => {
    const member = await newMember();
    const body = {
      requestId: randomUUID(),
      memberId: member.id,
      direction: 'credit',
      amount: '1000',
      reason: 'Goodwill',
    };
    const first = await bo<AdjustmentRow>('finance', 'POST', '/bo/v1/adjustments', body);
    expect(first.body.value).toMatchObject({ status: 'approved', amount: '1000.00', decidedBy: null });
    const again = await bo<AdjustmentRow>('finance', 'POST', '/bo/v1/adjustments', body);
    expect(again.body.value.id).toBe(first.body.value.id);
    expect(await mainBalance(member.id)).toBe('1000.00');
    const changed = await bo('finance', 'POST', '/bo/v1/adjustments', { ...body, amount: '999' });
    expect(changed.body.errorCode).toBe('idempotency_mismatch');
  });

  it('debits, and refuses a debit beyond the balance with nothing changed', async () => {
    const member = await newMember('50.00');
    const debit = {
      requestId: randomUUID(),
      memberId: member.id,
      direction: 'debit',
      amount: '20.5',
      reason: 'Correction',
    };
    expect((await bo<AdjustmentRow>('finance', 'POST', '/bo/v1/adjustments', debit)).body.value.status).toBe(
      'approved',
    );
    expect(await mainBalance(member.id)).toBe('29.50');
    const tooMuch = await bo('finance', 'POST', '/bo/v1/adjustments', {
      ...debit,
      requestId: randomUUID(),
      amount: '30',
    });
    expect(tooMuch.body.errorCode).toBe('insufficient_balance');
    expect(await mainBalance(member.id)).toBe('29.50');
    // The refused debit rolled back with its request row and its audit row.
    const audited = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'member')
      .where('target_id', '=', member.id)
      .execute();
    expect(audited.map((row) => row.action)).toEqual(['adjustment.apply']);
    const requests = await ctx.db
      .selectFrom('adjustment_requests')
      .select('status')
      .where('member_id', '=', member.id)
      .execute();
    expect(requests.map((row) => row.status)).toEqual(['approved']);
  });

  it('refuses bad amounts and roles without finance', async () => {
    const member = await newMember();
    const base = { requestId: randomUUID(), memberId: member.id, direction: 'credit', reason: 'Test' };
    for (const amount of ['0', '1.234', '-5', '1e3']) {
      const res = await bo('finance', 'POST', '/bo/v1/adjustments', { ...base, amount });
      expect(res.body.success).toBe(false);
    }
    const readonly = await bo('readonly', 'POST', '/bo/v1/adjustments', { ...base, amount: '10' });
    expect(readonly.status).toBe(403);
    expect(readonly.body.errorCode).toBe('operator_forbidden');
    const cs = await bo('cs', 'POST', '/bo/v1/adjustments', { ...base, amount: '10' });
    expect(cs.body.errorCode).toBe('operator_forbidden');
    expect(await mainBalance(member.id)).toBe('0.00');
  });

  it('keeps an adjustment above the threshold pending until a second operator approves it, exactly once', async () => {
    const member = await newMember();
    const pending = await bo<AdjustmentRow>('finance', 'POST', '/bo/v1/adjustments', {
      requestId: randomUUID(),
      memberId: member.id,
      direction: 'credit',
      amount: '1000.01',
      reason: 'Big bonus',
    });
    expect(pending.body.value.status).toBe('pending');
    expect(await mainBalance(member.id)).toBe('0.00');
    const id = pending.body.value.id;
    const self = await bo('finance', 'POST', `/bo/v1/adjustments/${id}/approve`);
    expect(self.body.errorCode).toBe('adjustment_same_operator');
    const readonly = await bo('readonly', 'POST', `/bo/v1/adjustments/${id}/approve`);
    expect(readonly.body.errorCode).toBe('operator_forbidden');
    const list = await bo<AdjustmentPage>('readonly', 'GET', '/bo/v1/adjustments?status=pending');
    expect(list.body.value.items.map((a) => a.id)).toContain(id);

    const [a, b] = await Promise.all([
      bo<AdjustmentRow>('finance2', 'POST', `/bo/v1/adjustments/${id}/approve`),
      bo<AdjustmentRow>('admin', 'POST', `/bo/v1/adjustments/${id}/approve`),
    ]);
    const outcomes = [a.body, b.body].map((r) => (r.success ? r.value.status : r.errorCode)).sort();
    expect(outcomes).toEqual(['adjustment_state_invalid', 'approved']);
    expect(await mainBalance(member.id)).toBe('1000.01');
    const entries = await ctx.db
      .selectFrom('journal_entries')
      .select('id')
      .where('reference', '=', `adjustment:${id}`)
      .execute();
    expect(entries).toHaveLength(1);
    const reject = await bo('admin', 'POST', `/bo/v1/adjustments/${id}/reject`, {});
    expect(reject.body.errorCode).toBe('adjustment_state_invalid');
  });

  it('rejects a pending adjustment without moving money, and follows the brand threshold', async () => {
    const member = await newMember();
    const set = await bo<{ adjustmentApprovalThreshold: string }>(
      'admin',
      'PUT',
      '/bo/v1/settings/backoffice',
      {
        adjustmentApprovalThreshold: '10',
      },
    );
    expect(set.body.value.adjustmentApprovalThreshold).toBe('10.00');
    try {
      const pending = await bo<AdjustmentRow>('finance', 'POST', '/bo/v1/adjustments', {
        requestId: randomUUID(),
        memberId: member.id,
        direction: 'credit',
        amount: '10.01',
        reason: 'Check',
      });
      expect(pending.body.value.status).toBe('pending');
      const rejected = await bo<AdjustmentRow>(
        'finance2',
        'POST',
        `/bo/v1/adjustments/${pending.body.value.id}/reject`,
        {
          note: 'No ticket',
        },
      );
      expect(rejected.body.value).toMatchObject({ status: 'rejected', decidedBy: expect.any(String) });
      expect(await mainBalance(member.id)).toBe('0.00');
    } finally {
      await bo('admin', 'PUT', '/bo/v1/settings/backoffice', { adjustmentApprovalThreshold: '1000' });
    }
  });
});

describe('dashboard, settings and audit', () => {
  it("sums today's deposit entries of the ledger", async () => {
    const before = await bo<Dashboard>('readonly', 'GET', '/bo/v1/dashboard');
    const member = await newMember();
    const brand = await findBrandByMerchantCode(ctx.db, 'DEMO');
    if (!brand) throw new Error('no demo brand');
    const wallet = await openMemberWallet(ctx.db, brand, { id: member.id, brandId: brand.id, isAgent: 0 });
    await moneyTransaction(ctx.db, async (trx) => {
      const { account: provider } = await ensureAccount(trx, {
        brandId: brand.id,
        kind: 'payment_provider',
        ownerKey: 'dashboard-test',
        currency: brand.currency,
      });
      await postEntry(trx, {
        brandId: brand.id,
        kind: 'deposit',
        idempotencyKey: `dashboard-test:${member.id}`,
        requestHash: 'dashboard-test',
        legs: [
          { account: provider, amount: -12_345n },
          { account: wallet, amount: 12_345n },
        ],
      });
    });
    const after = await bo<Dashboard>('readonly', 'GET', '/bo/v1/dashboard');
    expect(after.body.value.depositsToday.count).toBe(before.body.value.depositsToday.count + 1);
    const cents = (amount: string) => BigInt(amount.replace('.', ''));
    expect(cents(after.body.value.depositsToday.sum) - cents(before.body.value.depositsToday.sum)).toBe(
      12_345n,
    );
  });

  it("counts today's registrations and active members", async () => {
    const before = await bo<Dashboard>('readonly', 'GET', '/bo/v1/dashboard');
    await newMember('5.00');
    const after = await bo<Dashboard>('readonly', 'GET', '/bo/v1/dashboard');
    expect(after.body.value.registrationsToday).toBe(before.body.value.registrationsToday + 1);
    expect(after.body.value.activeMembersToday).toBe(before.body.value.activeMembersToday + 1);
    expect(after.body.value.depositsToday.sum).toMatch(/^\d+\.\d{2}$/);
  });

  it('changes flags, system status and wallet mode (admin only); the member API sees it at once', async () => {
    const refused = await bo('finance', 'PUT', '/bo/v1/settings/brand', { systemStatus: 1 });
    expect(refused.body.errorCode).toBe('operator_forbidden');
    const end = new Date(Date.now() + 3_600_000).toISOString();
    const changed = await bo<BrandSettingsView>('admin', 'PUT', '/bo/v1/settings/brand', {
      featureFlags: { MANPLAYREB3: true },
      blockedCountries: ['sg'],
      walletMode: 'transfer',
    });
    expect(changed.body.value).toMatchObject({
      walletMode: 'transfer',
      blockedCountries: ['SG'],
      featureFlags: expect.objectContaining({ MANPLAYREB3: true, USERNAMEREG3: true }),
    });
    const maintenance = await bo<BrandSettingsView>('admin', 'PUT', '/bo/v1/settings/brand', {
      systemStatus: 1,
      maintenanceEnd: end,
    });
    expect(maintenance.body.value).toMatchObject({ systemStatus: 1, maintenanceEnd: end });
    const status = await call<{ status: number }>(ctx.app, {
      method: 'GET',
      url: '/wps/system/status',
      headers: headers(),
    });
    expect(JSON.stringify(status.body.value)).toContain('1');
    await bo('admin', 'PUT', '/bo/v1/settings/brand', {
      systemStatus: 0,
      maintenanceEnd: null,
      blockedCountries: [],
      walletMode: 'single',
      featureFlags: { MANPLAYREB3: false },
    });
    const audit = await bo<AuditPage>('admin', 'GET', '/bo/v1/audit?action=brand.settings');
    expect(audit.body.value.total).toBe(3);
    expect(audit.body.value.items[2]?.after).toMatchObject({ walletMode: 'transfer' });
  });

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

describe('vendors and outboxes', () => {
  it('creates a vendor with a secret shown once, stored encrypted, rotates and deactivates it', async () => {
    const code = name('V');
    const created = await bo<VendorWithSecret>('admin', 'POST', '/bo/v1/vendors', {
      code,
      name: 'Test vendor',
    });
    const { vendor, secret } = created.body.value;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await ctx.db
      .selectFrom('vendors')
      .select('secret_encrypted')
      .where('id', '=', vendor.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_encrypted).not.toContain(secret);
    const list = await bo<VendorRow[]>('admin', 'GET', '/bo/v1/vendors');
    expect(JSON.stringify(list.body.value)).not.toContain(secret);
    // A signed seamless call gets past the signature check (and is refused for its unknown player).
    const signedAs = async (key: string) => {
      const raw = JSON.stringify({ vendor: code, token: 'no-such-player-token' });
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/seamless/v1/balance',
        headers: {
          merchant: 'DEMO',
          'x-vendor': code,
          'x-signature': await signSeamlessRequest(key, 'POST', '/seamless/v1/balance', raw),
          'content-type': 'application/json',
        },
        payload: raw,
      });
      return (res.json() as { errorCode: string }).errorCode;
    };
    expect(await signedAs(secret)).toBe('vendor_session_invalid');
    const rotated = await bo<VendorWithSecret>('admin', 'POST', `/bo/v1/vendors/${vendor.id}/secret`);
    expect(rotated.body.value.secret).not.toBe(secret);
    // At once, not after a cache expires: the old secret no longer signs, the new one does.
    expect(await signedAs(secret)).toBe('vendor_signature_invalid');
    expect(await signedAs(rotated.body.value.secret)).toBe('vendor_session_invalid');
    const off = await bo<VendorRow>('admin', 'PUT', `/bo/v1/vendors/${vendor.id}/active`, { active: false });
    expect(off.body.value.active).toBe(false);
    expect(await signedAs(rotated.body.value.secret)).toBe('vendor_signature_invalid');
    expect((await bo('finance', 'GET', '/bo/v1/vendors')).body.errorCode).toBe('operator_forbidden');
    const audit = await bo<AuditPage>('admin', 'GET', '/bo/v1/audit?action=vendor.rotate_secret');
    expect(JSON.stringify(audit.body.value)).not.toContain(rotated.body.value.secret);
    expect(audit.body.value.total).toBe(1);
  });

  it('shows the SMS outbox newest first to customer service', async () => {
    const brand = await ctx.db
      .selectFrom('brands')
      .select('id')
      .where('merchant_code', '=', 'DEMO')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('sms_outbox')
      .values({ brand_id: brand.id, phone: '+60120000001', body: 'Code 111111' })
      .execute();
    await ctx.db
      .insertInto('sms_outbox')
      .values({ brand_id: brand.id, phone: '+60120000002', body: 'Code 222222' })
      .execute();
    const page = await bo<SmsOutboxPage>('cs', 'GET', '/bo/v1/outbox/sms?pageSize=2');
    expect(page.body.value.items.map((r) => r.body)).toEqual(['Code 222222', 'Code 111111']);
    expect((await bo('readonly', 'GET', '/bo/v1/outbox/sms')).body.errorCode).toBe('operator_forbidden');
  });
});
