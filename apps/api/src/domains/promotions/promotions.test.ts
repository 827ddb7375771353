import { randomUUID } from 'node:crypto';
import type {
  AdminMemberPromotion,
  AdminPromotion,
  MemberPromotion,
  PromotionCards,
} from '@lotus/contracts/promotions';
import { signSeamlessRequest } from '@lotus/contracts/seamless-signature';
import { WITHDRAW_RELAY } from '@lotus/contracts/withdrawals';
import { beforeAll, describe, expect, it } from 'vitest';
import { callback, onlineDeposit, paidBody } from '../../../test/deposits.ts';
import { drainWritten } from '../../../test/events.ts';
import { mainBalance, makeVendor, type SignedInMember, signedInMember } from '../../../test/factories.ts';
import { sealed } from '../../../test/members.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { rewardRecord, wageringReaches } from '../../../test/promotions.ts';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import { addCard } from '../../../test/withdrawals.ts';
import { passwordCheckUrl } from '../members/funds-password.ts';
import { issueVendorSession } from '../vendors/vendor-session.service.ts';
import { accountBalance, ensureAccount } from '../wallet/ledger.service.ts';
import { brandCurrency, expiredWagering } from './promotions.repository.ts';
import { expireBonuses } from './promotions.service.ts';
import { promotionWagering } from './wagering.consumer.ts';

const ctx = setupTestApp({ rateLimits: { promotionActions: { max: 10_000, timeWindow: 60_000 } } });
reconcileAfterEach(ctx);
const team = backOfficeTeam(ctx);

const VENDOR = `PRV${randomUUID().slice(0, 6).toUpperCase()}`;
const SECRET = 'promo-vendor-secret-0123456789';

const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
const inADay = () => new Date(Date.now() + 86_400_000).toISOString();

function promotion(overrides: Record<string, unknown> = {}) {
  return {
    titleEn: `Promo ${randomUUID().slice(0, 8)}`,
    titleMs: 'Promosi',
    titleCn: '优惠',
    contentEn: '<p>Rules</p>',
    status: 'active',
    startsAt: hourAgo(),
    endsAt: inADay(),
    frequency: 'once',
    rules: {},
    rewardKind: 'fixed',
    rewardAmount: '10.00',
    wageringMultiplier: 0,
    wageringIncludesDeposit: false,
    contributions: { RNG: 100, LIVE: 10, LOTT: 0, ELOTT: 0 },
    expiryDays: 7,
    needsApproval: false,
    asksContact: false,
    ...overrides,
  };
}

async function createPromotion(overrides: Record<string, unknown> = {}): Promise<AdminPromotion> {
  const res = await boCall<AdminPromotion>('marketing', {
    method: 'POST',
    url: '/bo/v1/promotions',
    payload: promotion(overrides),
  });
  expect(res.body).toMatchObject({ success: true });
  return res.body.value;
}

function memberPost<T = MemberPromotion>(m: SignedInMember, url: string, payload: object = {}) {
  return call<T>(ctx.app, {
    method: 'POST',
    url,
    headers: { ...headers(), authorization: m.token },
    payload,
  });
}
const apply = (m: SignedInMember, id: string) => memberPost(m, `/wps/promotions/${id}/apply`);
const claim = (m: SignedInMember, id: string, body: object = {}) =>
  memberPost(m, `/wps/promotions/rewards/${id}/claim`, body);
const cancel = (m: SignedInMember, id: string) => memberPost(m, `/wps/promotions/rewards/${id}/cancel`);

async function deposit(m: SignedInMember, amount: string) {
  const started = await onlineDeposit(ctx, m, 'gateway', { amount });
  expect(started.body).toMatchObject({ success: true });
  const paid = await callback(
    ctx,
    paidBody({ reference: started.body.value.deposit.reference, amount, currency: 'MYR' }),
  );
  expect(paid.body).toMatchObject({ success: true });
}

const record = (m: SignedInMember, id: string) => rewardRecord(ctx, m, id);

function boCall<T = unknown>(
  role: string,
  options: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object },
) {
  return team.bo<T>(role, options.method, options.url, options.payload);
}

function withdraw(
  m: SignedInMember,
  body: { amount: string; bankCardId: string; clientRequestId?: string; forfeitBonus?: boolean },
) {
  return sealed(
    ctx,
    passwordCheckUrl(WITHDRAW_RELAY),
    { fundsPassword: '246810', clientRequestId: randomUUID(), ...body },
    { token: m.token, ip: m.ip },
  );
}

const member = (funds = 0n) => signedInMember(ctx, { prefix: 'pr', funds, fundsPassword: '246810' });

describe('qualification rules', () => {
  it('new member: registered within the days, an older account is refused', async () => {
    const p = await createPromotion({ rules: { newMemberDays: 3 } });
    const fresh = await member();
    expect((await apply(fresh, p.id)).body).toMatchObject({ success: true, value: { state: 'issued' } });
    const old = await member();
    await ctx.db
      .updateTable('members')
      .set({ created_at: new Date(Date.now() - 10 * 86_400_000) } as never)
      .where('id', '=', old.id)
      .execute();
    expect((await apply(old, p.id)).body.errorCode).toBe('promotion_not_qualified');
  });

  it('first deposit with a percentage bonus capped; no deposit is refused', async () => {
    const p = await createPromotion({
      rules: { depositNth: 1 },
      rewardKind: 'percent',
      rewardPercent: '50',
      rewardCap: '30.00',
      rewardAmount: undefined,
    });
    const m = await member();
    expect((await apply(m, p.id)).body.errorCode).toBe('promotion_not_qualified');
    await deposit(m, '100.00');
    const applied = await apply(m, p.id);
    expect(applied.body.value).toMatchObject({
      state: 'issued',
      bonusAmount: '30.00',
      depositAmount: '100.00',
    });
  });

  it('Nth deposit and the deposit amount range', async () => {
    const second = await createPromotion({
      rules: { depositNth: 2, depositMin: '50.00', depositMax: '200.00' },
    });
    const m = await member();
    await deposit(m, '20.00');
    expect((await apply(m, second.id)).body.errorCode).toBe('promotion_not_qualified');
    await deposit(m, '500.00');
    expect((await apply(m, second.id)).body.errorCode).toBe('promotion_not_qualified');
    const other = await member();
    await deposit(other, '20.00');
    await deposit(other, '60.00');
    expect((await apply(other, second.id)).body.value).toMatchObject({
      state: 'issued',
      depositAmount: '60.00',
    });
  });

  it('turnover in a period', async () => {
    const p = await createPromotion({ rules: { turnoverMin: '100.00', turnoverDays: 7 } });
    const m = await member();
    expect((await apply(m, p.id)).body.errorCode).toBe('promotion_not_qualified');
    const vendor = await ctx.db
      .selectFrom('vendors')
      .select('id')
      .where('brand_id', '=', m.brand.id)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('member_daily_turnover')
      .values({
        brand_id: m.brand.id,
        member_id: m.id,
        day: new Date().toISOString().slice(0, 10),
        vendor_id: vendor.id,
        currency: 'MYR',
        bet_count: '3',
        stake: '15000',
        payout: '0',
        last_tx_id: '0',
        last_entry_id: '0',
      })
      .execute();
    expect((await apply(m, p.id)).body).toMatchObject({ success: true });
  });

  it('manual list of usernames', async () => {
    const listed = await member();
    const p = await createPromotion({ rules: { usernames: [listed.username.toUpperCase()] } });
    expect((await apply(listed, p.id)).body).toMatchObject({ success: true });
    expect((await apply(await member(), p.id)).body.errorCode).toBe('promotion_not_qualified');
  });

  it('outside the period, a trial account, another brand’s promotion are refused', async () => {
    const coming = await createPromotion({
      startsAt: inADay(),
      endsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    const m = await member();
    expect((await apply(m, coming.id)).body.errorCode).toBe('promotion_not_open');
    const cards = await call<PromotionCards>(ctx.app, {
      method: 'GET',
      url: '/wps/promotions',
      headers: headers(),
    });
    expect(cards.body.value.items.find((c) => c.id === coming.id)?.state).toBe('coming');
    const trial = await signedInMember(ctx, { prefix: 'tr', isAgent: 4 });
    const open = await createPromotion();
    expect((await apply(trial, open.id)).body.errorCode).toBe('trial_account_restricted');
    await createBrand(ctx.db, { merchantCode: 'PROMO2' } as never).catch(() => undefined);
    const foreign = await call(ctx.app, {
      method: 'GET',
      url: `/wps/promotions/${open.id}`,
      headers: headers('PROMO2'),
    });
    expect(foreign.body).toMatchObject({ success: false });
  });
});

describe('state machine', () => {
  it('automatic: issued -> claimed (no wagering) pays once; applying twice in the period is refused', async () => {
    const p = await createPromotion();
    const m = await member();
    const applied = await apply(m, p.id);
    expect(applied.body.value.state).toBe('issued');
    expect((await apply(m, p.id)).body.errorCode).toBe('promotion_already_applied');
    const claimed = await claim(m, applied.body.value.id);
    expect(claimed.body.value).toMatchObject({ state: 'claimed', lockedAmount: '0.00' });
    expect(await mainBalance(ctx, m)).toBe(1000n);
    expect((await claim(m, applied.body.value.id)).body.errorCode).toBe('promotion_state_invalid');
    expect((await cancel(m, applied.body.value.id)).body.errorCode).toBe('promotion_state_invalid');
  });

  it('approval: applying -> rejected with reason; applying -> issued; refused moves', async () => {
    const p = await createPromotion({ needsApproval: true });
    const a = await member();
    const b = await member();
    const ra = (await apply(a, p.id)).body.value;
    const rb = (await apply(b, p.id)).body.value;
    expect(ra.state).toBe('applying');
    expect((await claim(a, ra.id)).body.errorCode).toBe('promotion_state_invalid');
    const queue = await boCall<{ items: AdminMemberPromotion[] }>('readonly', {
      method: 'GET',
      url: '/bo/v1/promotions/records?state=applying',
    });
    expect(queue.body.value.items.map((r) => r.id)).toEqual(expect.arrayContaining([ra.id, rb.id]));
    const noReason = await boCall('marketing', {
      method: 'POST',
      url: `/bo/v1/promotions/records/${ra.id}/reject`,
      payload: {},
    });
    expect(noReason.body.errorCode).toBe('request_param_err');
    const cs = await boCall('cs', {
      method: 'POST',
      url: `/bo/v1/promotions/records/${ra.id}/approve`,
      payload: {},
    });
    expect(cs.status).toBe(403);
    const rejected = await boCall<AdminMemberPromotion>('marketing', {
      method: 'POST',
      url: `/bo/v1/promotions/records/${ra.id}/reject`,
      payload: { reason: 'duplicate account' },
    });
    expect(rejected.body.value).toMatchObject({ state: 'rejected', rejectReason: 'duplicate account' });
    const again = await boCall('marketing', {
      method: 'POST',
      url: `/bo/v1/promotions/records/${ra.id}/approve`,
      payload: {},
    });
    expect(again.body.errorCode).toBe('promotion_state_invalid');
    const approved = await boCall<AdminMemberPromotion>('finance', {
      method: 'POST',
      url: `/bo/v1/promotions/records/${rb.id}/approve`,
      payload: {},
    });
    expect(approved.body.value.state).toBe('issued');
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'member_promotion')
      .where('target_id', 'in', [ra.id, rb.id])
      .execute();
    expect(audit.map((r) => r.action).sort()).toEqual([
      'promotions.record.approve',
      'promotions.record.reject',
    ]);
    // Member cancel of an issued record closes it, nothing paid.
    expect((await cancel(b, rb.id)).body.value).toMatchObject({ state: 'close', closeReason: 'cancelled' });
    // Another member's record is not found.
    expect((await cancel(a, rb.id)).body.errorCode).toBe('promotion_not_found');
  });

  it('a promotion asking for a contact needs a Zalo or WhatsApp id to claim', async () => {
    const p = await createPromotion({ asksContact: true });
    const m = await member();
    const r = (await apply(m, p.id)).body.value;
    expect((await claim(m, r.id)).body.errorCode).toBe('promotion_contact_required');
    expect((await claim(m, r.id, { contactKind: 'zalo', contactId: 'ab\u0000c' })).status).toBe(400);
    expect((await claim(m, r.id, { contactKind: 'zalo', contactId: 'zalo_123' })).body.value.state).toBe(
      'claimed',
    );
  });

  it('concurrent claims pay once', async () => {
    const p = await createPromotion({ rewardAmount: '25.00' });
    const m = await member();
    const r = (await apply(m, p.id)).body.value;
    const answers = await Promise.all(Array.from({ length: 8 }, () => claim(m, r.id)));
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(await mainBalance(ctx, m)).toBe(2500n);
  });
});

describe('wagering', () => {
  let vendorId = '';
  beforeAll(async () => {
    vendorId = (await makeVendor(ctx, { code: VENDOR, secret: SECRET })).id;
    const brand = await ctx.db
      .selectFrom('vendors')
      .select('brand_id')
      .where('id', '=', vendorId)
      .executeTakeFirstOrThrow();
    for (const [code, category] of [
      ['pr-slot', 'RNG'],
      ['pr-live', 'LIVE'],
    ] as const) {
      await ctx.db
        .insertInto('games')
        .values({
          brand_id: brand.brand_id,
          vendor_id: vendorId,
          code,
          category,
          name_en: code,
          min_bet: '0',
        })
        .execute();
    }
  });

  async function vendorCall(path: string, body: Record<string, unknown>) {
    const raw = JSON.stringify({ vendor: VENDOR, ...body });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/seamless/v1/${path}`,
      headers: {
        merchant: 'DEMO',
        'x-vendor': VENDOR,
        'x-signature': await signSeamlessRequest(SECRET, 'POST', `/seamless/v1/${path}`, raw),
        'content-type': 'application/json',
      },
      payload: raw,
    });
    expect(res.json()).toMatchObject({ success: true, errorCode: '' });
  }

  const progressOf = (m: SignedInMember, id: string, done: string) => wageringReaches(ctx, m, id, done);

  async function bet(m: SignedInMember, gameId: string, amount: string) {
    const { token } = await issueVendorSession(ctx.db, m.id, VENDOR, gameId);
    const ids = { transactionId: randomUUID(), roundId: randomUUID() };
    await vendorCall('bet', { ...ids, gameId, token, amount, currency: 'MYR' });
    return ids;
  }

  async function inWagering(m: SignedInMember) {
    const p = await createPromotion({ rewardAmount: '10.00', wageringMultiplier: 5, maxBet: '20.00' });
    const r = (await apply(m, p.id)).body.value;
    const claimed = (await claim(m, r.id)).body.value;
    expect(claimed).toMatchObject({ state: 'process', lockedAmount: '10.00', wageringRequired: '50.00' });
    return claimed;
  }

  it('counts stakes by category contribution, flags bets above the max bet, completes and unlocks', async () => {
    const m = await member(10_000n);
    const r = await inWagering(m);
    await bet(m, 'pr-slot', '10.00'); // RNG 100% -> 10.00
    await bet(m, 'pr-live', '20.00'); // LIVE 10% -> 2.00
    await bet(m, 'pr-slot', '25.00'); // above the max bet: flagged, nothing
    await progressOf(m, r.id, '12.00');
    await drainWritten(ctx.db, promotionWagering, { maxBatches: 1000 }); // again: nothing twice
    expect(await record(m, r.id)).toMatchObject({ state: 'process', wageringDone: '12.00', flaggedBets: 1 });
    // A bet rolled back takes its progress back, once (the bet and its rollback in one batch too).
    const rolled = await bet(m, 'pr-slot', '15.00');
    expect((await progressOf(m, r.id, '27.00')).wageringDone).toBe('27.00');
    await vendorCall('rollback', {
      transactionId: randomUUID(),
      roundId: rolled.roundId,
      betTransactionId: rolled.transactionId,
      gameId: 'pr-slot',
      currency: 'MYR',
    });
    const both = await bet(m, 'pr-slot', '5.00');
    await vendorCall('rollback', {
      transactionId: randomUUID(),
      roundId: both.roundId,
      betTransactionId: both.transactionId,
      gameId: 'pr-slot',
      currency: 'MYR',
    });
    expect((await progressOf(m, r.id, '12.00')).wageringDone).toBe('12.00');
    await drainWritten(ctx.db, promotionWagering, { maxBatches: 1000 });
    expect((await record(m, r.id)).wageringDone).toBe('12.00');
    await bet(m, 'pr-slot', '20.00');
    await bet(m, 'pr-slot', '20.00');
    expect(await progressOf(m, r.id, '52.00')).toMatchObject({
      state: 'signed',
      wageringDone: '52.00',
      lockedAmount: '0.00',
    });
  });

  it('a withdrawal request while wagering is refused until confirmed, then forfeits once', async () => {
    const m = await member(100_000n);
    const r = await inWagering(m);
    const card = await addCard(ctx, m);
    const before = await mainBalance(ctx, m);
    const refused = await withdraw(m, { amount: '100.00', bankCardId: card.body.value.id });
    expect(refused.body).toMatchObject({
      success: false,
      errorCode: 'bonus_wagering_active',
    });
    expect(await mainBalance(ctx, m)).toBe(before);
    const requestId = randomUUID();
    const confirmed = await withdraw(m, {
      amount: '100.00',
      bankCardId: card.body.value.id,
      clientRequestId: requestId,
      forfeitBonus: true,
    });
    expect(confirmed.body).toMatchObject({ success: true });
    expect(await mainBalance(ctx, m)).toBe(before - 1000n - 10_000n);
    expect(await record(m, r.id)).toMatchObject({
      state: 'close',
      closeReason: 'withdrawal',
      forfeitedAmount: '10.00',
    });
    // A retry of the same request and a second withdrawal forfeit nothing more.
    await withdraw(m, {
      amount: '100.00',
      bankCardId: card.body.value.id,
      clientRequestId: requestId,
      forfeitBonus: true,
    });
    const second = await withdraw(m, { amount: '100.00', bankCardId: card.body.value.id });
    expect(second.body).toMatchObject({ success: true });
    expect(await mainBalance(ctx, m)).toBe(before - 1000n - 20_000n);
    const forfeits = await ctx.db
      .selectFrom('journal_entries')
      .select('id')
      .where('idempotency_key', '=', `promotion:${r.id}:forfeit`)
      .execute();
    expect(forfeits).toHaveLength(1);
  });

  it('expiry forfeits min(locked, balance); an operator forfeit needs a reason and is audited', async () => {
    const m = await member();
    const r = await inWagering(m);
    // The member lost part of the bonus: only what is left goes back.
    const wallet = await ensureAccount(ctx.db, {
      brandId: m.brand.id,
      kind: 'member_main',
      ownerKey: `member:${m.id}`,
      memberId: m.id,
      currency: 'MYR',
    });
    await bet(m, 'pr-slot', '4.00');
    expect(await accountBalance(ctx.db, wallet.account.id)).toBe(600n);
    const later = new Date(Date.now() + 8 * 86_400_000);
    const expired = await expireBonuses(ctx.db, later, (id) => brandCurrency(ctx.db, id), expiredWagering);
    expect(expired).toBeGreaterThanOrEqual(1);
    expect(await record(m, r.id)).toMatchObject({
      state: 'close',
      closeReason: 'expired',
      forfeitedAmount: '6.00',
    });
    expect(await mainBalance(ctx, m)).toBe(0n);

    const n = await member(5_000n);
    const r2 = await inWagering(n);
    const forfeited = await boCall<AdminMemberPromotion>('finance', {
      method: 'POST',
      url: `/bo/v1/promotions/records/${r2.id}/forfeit`,
      payload: { reason: 'abuse' },
    });
    expect(forfeited.body.value).toMatchObject({ state: 'close', forfeitedAmount: '10.00' });
    expect(await mainBalance(ctx, n)).toBe(5_000n);
    const overview = await boCall<{ items: AdminMemberPromotion[] }>('readonly', {
      method: 'GET',
      url: `/bo/v1/promotions/records?username=${n.username}`,
    });
    expect(overview.body.value.items.map((i) => i.id)).toEqual([r2.id]);
  });
});

describe('back office builder', () => {
  it('creates, changes, previews; bad input is 400 and changes nothing; cs may not build', async () => {
    const created = await createPromotion({
      rewardKind: 'percent',
      rewardPercent: '100',
      rewardCap: '50.00',
      wageringMultiplier: 10,
      wageringIncludesDeposit: true,
    });
    const previewAs = (role: string) =>
      boCall(role, {
        method: 'POST',
        url: '/bo/v1/promotions/preview',
        payload: {
          promotion: promotion({
            rewardKind: 'percent',
            rewardPercent: '100',
            rewardCap: '50.00',
            wageringMultiplier: 10,
            wageringIncludesDeposit: true,
          }),
          depositAmount: '30.00',
        },
      });
    // Previewing is building: marketing and admin only, as the README names them.
    for (const role of ['readonly', 'cs', 'finance']) {
      const refused = await previewAs(role);
      expect(refused.status).toBe(403);
      expect(refused.body.value).toBe(null);
    }
    expect((await previewAs('admin')).status).toBe(200);
    const preview = await previewAs('marketing');
    expect(preview.body.value).toEqual({
      bonusAmount: '30.00',
      wageringRequired: '600.00',
      lockedAmount: '30.00',
      rewardPoints: '0',
    });
    const changed = await boCall<AdminPromotion>('admin', {
      method: 'PUT',
      url: `/bo/v1/promotions/${created.id}`,
      payload: promotion({ titleEn: 'Changed', status: 'archived' }),
    });
    expect(changed.body.value).toMatchObject({ titleEn: 'Changed', status: 'archived' });
    for (const bad of [
      promotion({ titleEn: 'a\u0000b' }),
      promotion({ rewardAmount: '99999999999999999999' }),
      promotion({ endsAt: hourAgo(), startsAt: inADay() }),
      promotion({ contributions: { XYZ: 10 } }),
      promotion({ rewardAmount: '0' }),
    ]) {
      const res = await boCall('marketing', { method: 'POST', url: '/bo/v1/promotions', payload: bad });
      expect(res.status).toBe(400);
    }
    const cs = await boCall('cs', { method: 'POST', url: '/bo/v1/promotions', payload: promotion() });
    expect(cs.status).toBe(403);
    const missing = await boCall('admin', {
      method: 'PUT',
      url: '/bo/v1/promotions/999999999',
      payload: promotion(),
    });
    expect(missing.body.errorCode).toBe('promotion_not_found');
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', created.id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['promotions.create', 'promotions.update']);
  });
});
