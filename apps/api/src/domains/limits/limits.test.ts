import { randomUUID } from 'node:crypto';
import type { OperatorDeposit } from '@lotus/contracts/deposits';
import type { LimitChangeResult, LimitRefusal, LimitsView, MemberLimitsAdmin } from '@lotus/contracts/limits';
import type { ProtectionBlocks } from '@lotus/contracts/protection';
import { signSeamlessRequest } from '@lotus/contracts/seamless-signature';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bankTransfer } from '../../../test/deposits.ts';
import { mainBalance, type SignedInMember, signedInMember, vendorPlayer } from '../../../test/factories.ts';
import {
  afterDraw,
  digitsOf,
  freshNumero,
  bet as lotteryBet,
  lotteryMember,
  lotteryReconcileAfterEach,
  testGame,
} from '../../../test/lottery.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { call, headers, setupTestApp } from '../../../test/support.ts';
import { transferUpline } from '../../../test/withdrawals.ts';
import { findBrandByMerchantCode } from '../brands/brand.repository.ts';
import { advanceChases } from '../lottery/chase.service.ts';
import { drawNumero } from '../lottery/numero.service.ts';
import { settleNumero } from '../lottery/settlement.service.ts';
import { findMemberById } from '../members/member.repository.ts';
import { SessionService } from '../members/session.service.ts';
import { upsertVendor } from '../vendors/vendor.repository.ts';
import { setLimitsClockForTests } from './limits.service.ts';

/**
 * Responsible-gaming limits (docs/limits.md) on both engines: the member's routes and their hostile
 * inputs, the cooling-off on the limits' clock, parallel stakes and deposits against a limit (exactly
 * the allowed ones pass), and the refusal of every product's stake (slots and live through the
 * PL/pgSQL gate, the lottery through the TypeScript one).
 */
const ctx = setupTestApp({ rateLimits: { depositUpload: { max: 500, timeWindow: 60_000 } } });
reconcileAfterEach(ctx);
lotteryReconcileAfterEach(ctx);
const team = backOfficeTeam(ctx);
afterEach(() => setLimitsClockForTests(null));

const VENDOR = 'HOUSE';
const SECRET = 'test-secret-0123456789abcdef';

beforeAll(async () => {
  const brand = await findBrandByMerchantCode(ctx.db, 'DEMO');
  if (!brand) throw new Error('no demo brand');
  await upsertVendor(ctx.db, { brandId: brand.id, code: VENDOR, name: 'House games', secret: SECRET });
});

type Answer = {
  success: boolean;
  value: { balance: string } | null;
  errorCode: string;
  detail?: LimitRefusal;
};

async function seamless(path: string, body: Record<string, unknown>): Promise<Answer> {
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
  return res.json() as Answer;
}

const bet = (token: string, amount: string, gameId = 'slots-1') =>
  seamless('bet', {
    transactionId: randomUUID(),
    roundId: randomUUID(),
    gameId,
    currency: 'MYR',
    token,
    amount,
  });

function limitsCall<T>(m: { token: string }, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return call<T>(ctx.app, {
    method,
    url,
    headers: { ...headers(), authorization: m.token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const setLimit = (m: { token: string }, kind: string, period: string, amount: string) =>
  limitsCall<LimitChangeResult>(m, 'POST', '/wps/limits', { kind, period, amount });

async function member(funds = 100_000n): Promise<SignedInMember> {
  return signedInMember(ctx, { funds, prefix: 'lim' });
}

async function changes(memberId: string) {
  return ctx.db
    .selectFrom('member_limit_changes')
    .select(['action', 'old_amount', 'new_amount', 'effective_from', 'actor'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

describe('setting limits', () => {
  it('a new or lower limit applies at once; a higher one waits the cooling-off, then the confirmation', async () => {
    const m = await member();
    let now = new Date('2030-01-01T00:00:00Z');
    setLimitsClockForTests(() => now);
    const set = await setLimit(m, 'loss', 'day', '100');
    expect(set.body).toMatchObject({ success: true, value: { outcome: 'applied' } });
    const id = set.body.value.view.limits[0]?.id as string;
    expect(set.body.value.view.limits[0]).toMatchObject({
      amount: '100.00',
      remaining: '100.00',
      pendingFrom: null,
    });

    const lower = await setLimit(m, 'loss', 'day', '80.50');
    expect(lower.body.value.outcome).toBe('applied');
    const raise = await setLimit(m, 'loss', 'day', '500');
    expect(raise.body.value.outcome).toBe('pending');
    const pending = raise.body.value.view.limits[0];
    expect(pending).toMatchObject({ amount: '80.50', pendingAmount: '500.00', confirmable: false });
    expect(pending?.pendingFrom).toBe(now.getTime() + 24 * 3_600_000);
    expect(raise.body.value.view.serverTime).toBe(now.getTime());

    // Before the end of the cooling-off: refused, the limit stays.
    now = new Date(now.getTime() + 24 * 3_600_000 - 1_000);
    const early = await limitsCall<LimitChangeResult>(m, 'POST', `/wps/limits/${id}/confirm`);
    expect(early.body).toMatchObject({ success: false, errorCode: 'limit_cooling_off' });
    now = new Date(now.getTime() + 1_000);
    const confirmed = await limitsCall<LimitChangeResult>(m, 'POST', `/wps/limits/${id}/confirm`);
    expect(confirmed.body.value.outcome).toBe('applied');
    expect(confirmed.body.value.view.limits[0]).toMatchObject({ amount: '500.00', pendingAmount: null });

    // A removal waits too; a cancel keeps the limit; a second removal after the wait removes it.
    const removal = await limitsCall<LimitChangeResult>(m, 'POST', `/wps/limits/${id}/remove`);
    expect(removal.body.value.view.limits[0]).toMatchObject({ pendingRemoval: true, amount: '500.00' });
    const cancel = await limitsCall<LimitChangeResult>(m, 'POST', `/wps/limits/${id}/cancel`);
    expect(cancel.body.value.view.limits[0]).toMatchObject({ pendingRemoval: false, pendingFrom: null });
    await limitsCall(m, 'POST', `/wps/limits/${id}/remove`);
    now = new Date(now.getTime() + 25 * 3_600_000);
    const removed = await limitsCall<LimitChangeResult>(m, 'POST', `/wps/limits/${id}/confirm`);
    expect(removed.body.value).toMatchObject({ outcome: 'removed', view: { limits: [] } });

    expect((await changes(m.id)).map((c) => [c.action, c.old_amount, c.new_amount, c.actor])).toEqual([
      ['set', null, '10000', 'member'],
      ['decrease', '10000', '8050', 'member'],
      ['increase_requested', '8050', '50000', 'member'],
      ['increase_confirmed', '8050', '50000', 'member'],
      ['removal_requested', '50000', null, 'member'],
      ['cancelled', null, '50000', 'member'],
      ['removal_requested', '50000', null, 'member'],
      ['removal_confirmed', '50000', null, 'member'],
    ]);
    const requested = (await changes(m.id))[2];
    expect(requested?.effective_from.getTime()).toBe(new Date('2030-01-02T00:00:00Z').getTime());
  });

  it("refuses hostile input: zero, negative, overflowing and NUL amounts, unknown windows, another member's limit", async () => {
    const m = await member();
    const other = await member();
    const theirs = await setLimit(other, 'wager', 'week', '50');
    const theirId = theirs.body.value.view.limits[0]?.id as string;
    expect((await setLimit(m, 'loss', 'day', '0')).body.errorCode).toBe('limit_amount_invalid');
    expect((await setLimit(m, 'loss', 'day', '0.00')).body.errorCode).toBe('limit_amount_invalid');
    expect((await setLimit(m, 'loss', 'day', '-5')).status).toBe(400);
    expect((await setLimit(m, 'loss', 'day', '1.001')).body.errorCode).toBe('amount_invalid');
    expect((await setLimit(m, 'loss', 'day', '9999999999999999999')).body.errorCode).toBe('amount_invalid');
    expect((await setLimit(m, 'loss', 'day', '10\u0000')).status).toBe(400);
    expect((await setLimit(m, 'loss', 'year', '10')).status).toBe(400);
    expect((await setLimit(m, 'bonus', 'day', '10')).status).toBe(400);
    expect((await setLimit(m, 'loss\u0000', 'day', '10')).status).toBe(400);
    const extra = await limitsCall(m, 'POST', '/wps/limits', {
      kind: 'loss',
      period: 'day',
      amount: '5',
      memberId: other.id,
    });
    expect(extra.status).toBe(400);
    for (const action of ['confirm', 'cancel', 'remove']) {
      const res = await limitsCall(m, 'POST', `/wps/limits/${theirId}/${action}`);
      expect(res.body).toMatchObject({ success: false, errorCode: 'limit_not_found' });
    }
    expect((await limitsCall(m, 'POST', '/wps/limits/1%00/remove')).status).toBe(400);
    // The largest bigint is a valid limit.
    expect((await setLimit(m, 'wager', 'month', '92233720368547758.07')).body.value.outcome).toBe('applied');
    const view = await limitsCall<LimitsView>(m, 'GET', '/wps/limits');
    expect(view.body.value.limits.map((l) => [l.kind, l.period, l.amount])).toEqual([
      ['wager', 'month', '92233720368547758.07'],
    ]);
    // Nothing changed on the other member.
    expect((await changes(other.id)).map((c) => c.action)).toEqual(['set']);
  });
});

describe('the "why am I blocked" page', () => {
  it("lists the member's limits in force with what is left, after the exclusion's section; another member's are not there", async () => {
    const m = await member();
    const other = await member();
    await setLimit(other, 'wager', 'week', '5');
    const empty = await limitsCall<ProtectionBlocks>(m, 'GET', '/wps/protection/blocks');
    expect(empty.body.value.sections.find((s) => s.domain === 'limits')).toEqual({
      domain: 'limits',
      blocks: [],
    });
    await setLimit(m, 'loss', 'day', '100');
    await setLimit(m, 'deposit', 'month', '2500.50');
    const page = await limitsCall<ProtectionBlocks>(m, 'GET', '/wps/protection/blocks');
    expect(page.body.value.sections.map((s) => s.domain)).toEqual(['exclusion', 'limits']);
    const limits = page.body.value.sections[1]?.blocks ?? [];
    expect(limits.map((b) => [b.kind, b.limit, b.value, b.until]).sort()).toEqual([
      ['limit_deposit_month', '2500.50', '2500.50', null],
      ['limit_loss_day', '100.00', '100.00', null],
    ]);
    expect(limits.every((b) => b.since !== null && !Number.isNaN(Date.parse(b.since)))).toBe(true);
  });
});

describe('the stake gate refuses a stake over a limit, atomically', () => {
  it('20 parallel slot bets against a 24-hour loss limit: exactly the allowed ones pass', async () => {
    const p = await vendorPlayer(ctx, VENDOR, { funds: 100_000n });
    await setLimit(await asSignedIn(p), 'loss', 'day', '100');
    const answers = await Promise.all(Array.from({ length: 20 }, () => bet(p.token, '10.00')));
    const passed = answers.filter((a) => a.success).length;
    expect(passed).toBe(10);
    const refused = answers.filter((a) => !a.success);
    expect(new Set(refused.map((a) => a.errorCode))).toEqual(new Set(['limit_loss_day']));
    expect(await mainBalance(ctx, p)).toBe(100_000n - 10_000n);
    const view = await limitsCall<LimitsView>(await asSignedIn(p), 'GET', '/wps/limits');
    expect(view.body.value.limits[0]).toMatchObject({ used: '100.00', remaining: '0.00' });
    // The refusal names the limit and when it frees: the first stake's time plus 24 hours.
    const again = await bet(p.token, '10.00');
    expect(again).toMatchObject({ success: false, errorCode: 'limit_loss_day' });
    expect(again.detail).toMatchObject({ kind: 'loss', period: 'day', limit: '100.00', remaining: '0.00' });
    const first = await ctx.db
      .selectFrom('postings')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id')
      .select('postings.created_at')
      .where('ledger_accounts.member_id', '=', p.id)
      .where('postings.amount', '<', '0')
      .orderBy('postings.id')
      .executeTakeFirstOrThrow();
    expect(again.detail?.freesAt).toBe(first.created_at.getTime() + 24 * 3_600_000);
    // A win is no stake: it still pays, and lowers the loss so that a bet fits again.
    const placed = await ctx.db
      .selectFrom('seamless_transactions')
      .select(['transaction_id', 'round_id'])
      .where('member_id', '=', p.id)
      .where('bet_state', '=', 'open')
      .executeTakeFirstOrThrow();
    const win = await seamless('win', {
      transactionId: randomUUID(),
      roundId: placed.round_id,
      gameId: 'slots-1',
      currency: 'MYR',
      betTransactionId: placed.transaction_id,
      amount: '20.00',
    });
    expect(win).toMatchObject({ success: true, value: { balance: '920.00' } });
    expect(await bet(p.token, '20.00')).toMatchObject({ success: true });
    expect((await bet(p.token, '0.01')).errorCode).toBe('limit_loss_day');
  });

  it('20 parallel bet-and-wins against a wager limit: wins do not free the wager; the balance and usage agree', async () => {
    const p = await vendorPlayer(ctx, VENDOR, { funds: 100_000n, gameId: 'live-baccarat' });
    await setLimit(await asSignedIn(p), 'wager', 'week', '50');
    await setLimit(await asSignedIn(p), 'wager', 'day', '500');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        seamless('betWin', {
          transactionId: randomUUID(),
          roundId: randomUUID(),
          gameId: 'live-baccarat',
          currency: 'MYR',
          token: p.token,
          betAmount: '10.00',
          winAmount: '15.00',
        }),
      ),
    );
    expect(answers.filter((a) => a.success)).toHaveLength(5);
    // The lowest applicable limit wins: the 7-day one of 50.00, not the 24-hour one of 500.00.
    expect(new Set(answers.filter((a) => !a.success).map((a) => a.errorCode))).toEqual(
      new Set(['limit_wager_week']),
    );
    expect(await mainBalance(ctx, p)).toBe(100_000n + 5n * 500n);
    const view = await limitsCall<LimitsView>(await asSignedIn(p), 'GET', '/wps/limits');
    const week = view.body.value.usage.find((u) => u.kind === 'wager' && u.period === 'week');
    const loss = view.body.value.usage.find((u) => u.kind === 'loss' && u.period === 'day');
    expect(week?.used).toBe('50.00');
    expect(loss?.used).toBe('0.00');
    // A stake above the limit itself never frees.
    const big = await bet(p.token, '60.00', 'live-baccarat');
    expect(big).toMatchObject({ success: false, errorCode: 'limit_wager_week', detail: { freesAt: null } });
  });

  it('a lottery bet over a loss limit is refused by the TypeScript gate and places nothing', async () => {
    const gameId = await testGame(ctx);
    const n1 = await freshNumero(ctx, gameId, { closeInMs: 10 * 60_000 });
    const m = await lotteryMember(ctx, 10_000n);
    await setLimit(m, 'loss', 'day', '1');
    const refused = await lotteryBet(ctx, m, {
      gameId,
      currentNumero: n1.numero,
      bettingSlipString: '1||||~1~101~1~1950~1',
      betCartAmountSum: '2.00',
    });
    expect(refused.body).toMatchObject({ success: false, errorCode: 'limit_loss_day' });
    expect((refused.body as { detail?: unknown }).detail).toMatchObject({
      kind: 'loss',
      period: 'day',
      limit: '1.00',
      freesAt: null,
    });
    expect(await mainBalance(ctx, m)).toBe(10_000n);
    const orders = await ctx.db
      .selectFrom('lottery_orders')
      .select('id')
      .where('member_id', '=', m.id)
      .execute();
    expect(orders).toEqual([]);
  });

  it("a chase's next step over a wager limit stays pending; the chase job goes on with the others", async () => {
    const gameId = await testGame(ctx);
    const n1 = await freshNumero(ctx, gameId, { closeInMs: 10 * 60_000 });
    await freshNumero(ctx, gameId, { closeInMs: 20 * 60_000 });
    const chaser = async () => {
      const m = await lotteryMember(ctx, 10_000n);
      const losing = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => d !== digitsOf(n1)[0]) as number;
      const placed = await lotteryBet(ctx, m, {
        gameId,
        currentNumero: n1.numero,
        bettingSlipString: `${losing}||||~1~101~1~1950~1`,
        betCartAmountSum: '2.00',
        chase: { kind: 'same', numeros: 2 },
        orderType: 'chase',
      });
      expect(placed.body.errorCode).toBe('');
      return { m, chaseId: placed.body.value.chase?.chaseId as string };
    };
    const limited = await chaser();
    const free = await chaser();
    // The first step's stake (2.00) used the whole 24-hour wager limit.
    await setLimit(limited.m, 'wager', 'day', '2');
    const at = await afterDraw(ctx, n1);
    await drawNumero(ctx.db, n1.id, at);
    await settleNumero(ctx.db, n1.id, at);
    expect(await advanceChases(ctx.db, at)).toBe(1);
    const steps = async (chaseId: string) =>
      (
        await ctx.db
          .selectFrom('lottery_chase_steps')
          .select('status')
          .where('chase_id', '=', chaseId)
          .orderBy('step')
          .execute()
      ).map((s) => s.status);
    expect(await steps(limited.chaseId)).toEqual(['placed', 'pending']);
    expect(await steps(free.chaseId)).toEqual(['placed', 'placed']);
  });

  it("a member without limits is not locked, and another member's limit does not touch them", async () => {
    const limited = await vendorPlayer(ctx, VENDOR, { funds: 10_000n });
    await setLimit(await asSignedIn(limited), 'loss', 'day', '1');
    const free = await vendorPlayer(ctx, VENDOR, { funds: 10_000n });
    const answers = await Promise.all(Array.from({ length: 5 }, () => bet(free.token, '5.00')));
    expect(answers.every((a) => a.success)).toBe(true);
  });
});

describe('deposits against a deposit limit', () => {
  it('parallel approvals credit exactly what the limit allows; the others stay pending with the reason', async () => {
    const m = await member(0n);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { body } = await bankTransfer(ctx, m, { amount: '50.00' });
      if (!body.success) throw new Error(body.errorCode);
      ids.push(body.value.deposit.id);
    }
    await setLimit(m, 'deposit', 'day', '150');
    const answers = await Promise.all(
      ids.map((id) => team.bo<OperatorDeposit>('finance', 'POST', `/bo/v1/deposits/${id}/approve`)),
    );
    const approved = answers.filter((a) => a.body.success);
    expect(approved).toHaveLength(3);
    expect(new Set(answers.filter((a) => !a.body.success).map((a) => a.body.errorCode))).toEqual(
      new Set(['limit_deposit_day']),
    );
    expect(await mainBalance(ctx, m)).toBe(15_000n);
    const pending = await ctx.db
      .selectFrom('deposits')
      .select('status')
      .where('member_id', '=', m.id)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(2);
    // A new deposit is refused at its request already, naming the limit.
    const asked = await bankTransfer(ctx, m, { amount: '10.00' });
    expect(asked.body).toMatchObject({ success: false, errorCode: 'limit_deposit_day' });
    expect((asked.body as { detail?: unknown }).detail).toMatchObject({
      kind: 'deposit',
      period: 'day',
      limit: '150.00',
      used: '150.00',
    });
  });

  it("a transfer received from a downline counts as the upline's deposit", async () => {
    const upline = await signedInMember(ctx, { isAgent: 1, prefix: 'up' });
    await setLimit(upline, 'deposit', 'day', '30');
    const down = await signedInMember(ctx, {
      funds: 100_000n,
      uplineUsername: upline.username,
      fundsPassword: '246810',
    });
    const first = await transferUpline(ctx, down, { amount: '20.00' });
    expect(first.body).toMatchObject({ success: true });
    const second = await transferUpline(ctx, down, { amount: '20.00' });
    expect(second.body).toMatchObject({ success: false, errorCode: 'limit_deposit_day' });
    expect(await mainBalance(ctx, down)).toBe(100_000n - 2_000n);
  });
});

describe('the back office', () => {
  it('an operator sets or lowers a limit on request (audited) but may not raise it', async () => {
    const m = await member();
    const url = `/bo/v1/members/${m.id}/limits`;
    const set = await team.bo<MemberLimitsAdmin>('cs', 'POST', url, {
      kind: 'loss',
      period: 'week',
      amount: '300',
      note: 'phone request',
    });
    expect(set.body.value.view.limits[0]).toMatchObject({ kind: 'loss', period: 'week', amount: '300.00' });
    const raise = await team.bo('cs', 'POST', url, {
      kind: 'loss',
      period: 'week',
      amount: '400',
      note: 'asked',
    });
    expect(raise.body).toMatchObject({ success: false, errorCode: 'limit_operator_increase' });
    const lower = await team.bo<MemberLimitsAdmin>('admin', 'POST', url, {
      kind: 'loss',
      period: 'week',
      amount: '200',
      note: 'ticket 7',
    });
    expect(lower.body.value.changes.map((c) => [c.action, c.oldAmount, c.newAmount])).toEqual([
      ['operator_lowered', '300.00', '200.00'],
      ['operator_set', null, '300.00'],
    ]);
    expect(lower.body.value.changes[0]?.actor).toMatch(/^operator:\d+$/);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', m.id)
      .where('target_type', '=', 'member')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'member_limit.operator_lowered',
      'member_limit.operator_set',
    ]);
    expect(
      (await team.bo('readonly', 'POST', url, { kind: 'loss', period: 'day', amount: '1', note: 'x' }))
        .status,
    ).toBe(403);
    expect((await team.bo('cs', 'GET', '/bo/v1/members/999999999/limits')).body.errorCode).toBe(
      'member_not_found',
    );
  });
});

describe("the brand's limit rules", () => {
  it('an admin sets the cooling-off (24 hours at least, audited) and an increase waits that long', async () => {
    const url = '/bo/v1/limits/settings';
    expect((await team.bo('cs', 'GET', url)).body.value).toEqual({
      coolingOffHours: 24,
      bonusCountsAsWin: false,
    });
    expect((await team.bo('cs', 'PUT', url, { coolingOffHours: 48, bonusCountsAsWin: false })).status).toBe(
      403,
    );
    expect(
      (await team.bo('admin', 'PUT', url, { coolingOffHours: 23, bonusCountsAsWin: false })).status,
    ).toBe(400);
    const saved = await team.bo('admin', 'PUT', url, { coolingOffHours: 72, bonusCountsAsWin: false });
    expect(saved.body.value).toEqual({ coolingOffHours: 72, bonusCountsAsWin: false });
    try {
      const m = await member();
      const now = new Date('2031-03-01T00:00:00Z');
      setLimitsClockForTests(() => now);
      await setLimit(m, 'deposit', 'week', '100');
      const raise = await setLimit(m, 'deposit', 'week', '200');
      expect(raise.body.value.view.coolingOffHours).toBe(72);
      expect(raise.body.value.view.limits[0]?.pendingFrom).toBe(now.getTime() + 72 * 3_600_000);
      const audit = await ctx.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'limit_settings.update')
        .execute();
      expect(audit).toHaveLength(1);
    } finally {
      await team.bo('admin', 'PUT', url, { coolingOffHours: 24, bonusCountsAsWin: false });
    }
  });
});

/** A seamless player signed in on the site as well (the member's own routes). */
async function asSignedIn(p: { id: string; brand: { id: string } }): Promise<{ token: string }> {
  const row = await findMemberById(ctx.db, p.brand.id, p.id);
  if (!row) throw new Error('no member');
  return { token: await new SessionService(ctx.db, 120).start(row, { ip: '10.9.8.7', device: 'web' }) };
}
