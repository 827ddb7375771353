import type { LoginResult } from '@lotus/contracts/accounts';
import {
  type InvitationPage,
  type OperatorReferral,
  type OperatorReferralPage,
  REFERRAL_STATUSES,
  type ReferralDetails,
} from '@lotus/contracts/referrals';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliverEntries } from '../../../test/events.ts';
import { brandOf, loggedInMember, mainBalance, type TestMember } from '../../../test/factories.ts';
import { randomIp, registerMember } from '../../../test/members.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { call, createBrand, headers, setupTestApp } from '../../../test/support.ts';
import type { JournalEntry } from '../../events/event.ts';
import { referralQualificationConsumer } from './referral-qualification.consumer.ts';

const ctx = setupTestApp({ rateLimits: { referralBind: { max: 10_000, timeWindow: 60_000 } } });
reconcileAfterEach(ctx);
const team = backOfficeTeam(ctx);

type Referrer = TestMember & { ip: string; token: string; code: string };

function memberCall<T>(
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  merchant = 'DEMO',
) {
  return call<T>(ctx.app, {
    method,
    url,
    headers: { ...headers(merchant), authorization: token },
    ...(payload ? { payload } : {}),
  });
}

async function referrer(merchant = 'DEMO'): Promise<Referrer> {
  const m = await loggedInMember(ctx, { merchant });
  const details = await memberCall<ReferralDetails>(
    m.token,
    'GET',
    '/wps/relay/MCSFE_getReferralDetails?autoGenerate=true',
    undefined,
    merchant,
  );
  expect(details.body.value.referralCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  return { ...m, code: details.body.value.referralCode };
}

async function friendOf(code: string, options: { ip?: string; device?: string } = {}) {
  const res = await registerMember(
    ctx,
    { referralCode: code, ...(options.device ? { loginDeviceId: options.device } : {}) },
    { ip: options.ip ?? randomIp() },
  );
  expect(res.body.errorCode).toBe('');
  return res.body.value as LoginResult;
}

let entry = 8_000_000_000_000n + BigInt(Math.floor(Math.random() * 1_000_000_000));

function event(memberId: string, kind: 'deposit' | 'bet', minor: bigint): JournalEntry {
  entry += 1n;
  const wallet = { accountId: '2', accountKind: 'member_main', memberId, vendorId: null, currency: 'MYR' };
  return {
    kind: kind === 'deposit' ? 'deposit' : 'seamless_bet',
    entryId: String(entry),
    txId: String(entry),
    brandId: '0',
    reference: `ref-${entry}`,
    metadata: {},
    createdAt: new Date(),
    postings:
      kind === 'deposit'
        ? [
            {
              accountId: '1',
              accountKind: 'payment_provider',
              memberId: null,
              vendorId: null,
              amount: -minor,
              currency: 'MYR',
            },
            { ...wallet, amount: minor },
          ]
        : [
            { ...wallet, amount: -minor },
            {
              accountId: '3',
              accountKind: 'vendor',
              memberId: null,
              vendorId: '1',
              amount: minor,
              currency: 'MYR',
            },
          ],
  };
}

async function deliver(events: JournalEntry[]) {
  await ctx.db.transaction().execute((trx) => deliverEntries(trx, referralQualificationConsumer, events));
}

/** Qualifies a friend under the rule below: a first deposit of 60.00 and 120.00 of bets. */
const qualify = (friendId: string) =>
  deliver([event(friendId, 'deposit', 6000n), event(friendId, 'bet', 7000n), event(friendId, 'bet', 5000n)]);

async function referralOf(friendId: string) {
  return ctx.db
    .selectFrom('referrals')
    .selectAll()
    .where('friend_id', '=', friendId)
    .executeTakeFirstOrThrow();
}

const balance = (m: TestMember) => mainBalance(ctx, m);

beforeAll(async () => {
  const rule = await team.bo('marketing', 'PUT', '/bo/v1/referrals/rule', {
    active: true,
    minFirstDeposit: '50.00',
    minTurnover: '100.00',
    withinDays: 7,
    reward: '20.00',
  });
  expect(rule.body.errorCode).toBe('');
});

describe('referral codes and invitations', () => {
  it('gives a member one code and a link to share; a friend registering with it is an invitation', async () => {
    const r = await referrer();
    const again = await memberCall<ReferralDetails>(r.token, 'GET', '/wps/relay/MCSFE_getReferralDetails');
    expect(again.body.value).toMatchObject({ referralCode: r.code, totalInvitations: 0 });
    expect(again.body.value.referralLink).toMatch(new RegExp(`/register\\?referralCode=${r.code}$`));
    const friend = await friendOf(r.code.toLowerCase());
    const after = await memberCall<ReferralDetails>(r.token, 'GET', '/wps/relay/MCSFE_getReferralDetails');
    expect(after.body.value.totalInvitations).toBe(1);
    const list = await memberCall<InvitationPage>(r.token, 'GET', '/wps/referrals');
    expect(list.body.value.items).toHaveLength(1);
    expect(list.body.value.items[0]).toMatchObject({
      status: 'pending',
      firstDeposit: null,
      turnover: '0.00',
    });
    expect(list.body.value.items[0]?.friend).not.toContain(friend.userName);
    expect(list.body.value.rule).toMatchObject({ reward: '20.00', withinDays: 7 });
  });

  it('refuses an unknown code at registration and creates no member', async () => {
    const before = await ctx.db.selectFrom('members').select('id').execute();
    const res = await registerMember(ctx, { referralCode: 'ZZZZZZZZ' });
    expect(res.body.errorCode).toBe('referral_code_invalid');
    expect(res.status).toBe(400);
    expect(await ctx.db.selectFrom('members').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses self-referral, and a second referrer', async () => {
    const r = await referrer();
    const own = await memberCall(r.token, 'POST', '/wps/referrals/bind', { referralCode: r.code });
    expect(own.body.errorCode).toBe('referral_self');
    expect(own.status).toBe(400);
    const other = await referrer();
    const bound = await memberCall(r.token, 'POST', '/wps/referrals/bind', { referralCode: other.code });
    expect(bound.body.value).toEqual({ bound: true });
    const second = await referrer();
    const twice = await memberCall(r.token, 'POST', '/wps/referrals/bind', { referralCode: second.code });
    expect(twice.body.errorCode).toBe('referral_already_bound');
    const nul = await memberCall(r.token, 'POST', '/wps/referrals/bind', { referralCode: 'AB\u0000CDEFG' });
    expect(nul.status).toBe(400);
  });
});

describe('qualification and rewards', () => {
  it('pays the referrer once when the friend qualifies, whatever the feed redelivers', async () => {
    const r = await referrer();
    const friend = await friendOf(r.code);
    const before = await balance(r);
    await deliver([event(friend.id, 'deposit', 6000n), event(friend.id, 'bet', 7000n)]);
    expect(await referralOf(friend.id)).toMatchObject({
      status: 'pending',
      first_deposit: '6000',
      turnover: '7000',
    });
    const bet = event(friend.id, 'bet', 5000n);
    await deliver([bet]);
    await deliver([bet]);
    expect(await referralOf(friend.id)).toMatchObject({ status: 'paid', reward: '2000', turnover: '12000' });
    expect(await balance(r)).toBe(before + 2000n);
    await deliver([event(friend.id, 'deposit', 100000n)]);
    expect(await balance(r)).toBe(before + 2000n);
  });

  it('does not count a first deposit below the rule', async () => {
    const r = await referrer();
    const friend = await friendOf(r.code);
    await deliver([
      event(friend.id, 'deposit', 1000n),
      event(friend.id, 'deposit', 9000n),
      event(friend.id, 'bet', 20000n),
    ]);
    expect(await referralOf(friend.id)).toMatchObject({ status: 'pending', first_deposit: '1000' });
  });

  it('holds a friend registered from the referrer’s address; approval pays once, even twice at once', async () => {
    const r = await referrer();
    const friend = await friendOf(r.code, { ip: r.ip });
    const before = await balance(r);
    await qualify(friend.id);
    const held = await referralOf(friend.id);
    expect(held).toMatchObject({ status: 'held', reward: null });
    expect(held.hold_reasons).toContain('shared_ip');
    expect(await balance(r)).toBe(before);

    const queue = await team.bo<OperatorReferralPage>('readonly', 'GET', '/bo/v1/referrals?status=held');
    expect(queue.body.value.items.find((i) => i.id === held.id)).toMatchObject({
      holdReasons: ['shared_ip'],
    });
    // Each status's total with its page; they add up to the whole list's.
    const totalOf = async (query: string) =>
      (await team.bo<OperatorReferralPage>('readonly', 'GET', `/bo/v1/referrals?size=1${query}`)).body.value
        .total;
    let sum = 0;
    for (const status of REFERRAL_STATUSES) sum += await totalOf(`&status=${status}`);
    expect(await totalOf('&status=held')).toBeGreaterThan(0);
    expect(sum).toBe(await totalOf(''));

    const [a, b] = await Promise.all([
      team.bo<OperatorReferral>('marketing', 'POST', `/bo/v1/referrals/${held.id}/approve`, {
        note: 'checked',
      }),
      team.bo<OperatorReferral>('finance', 'POST', `/bo/v1/referrals/${held.id}/approve`, {}),
    ]);
    expect([a, b].filter((res) => res.body.success)).toHaveLength(1);
    expect([a, b].filter((res) => !res.body.success)[0]?.body.errorCode).toBe('referral_state_invalid');
    expect(await balance(r)).toBe(before + 2000n);
    expect(await referralOf(friend.id)).toMatchObject({ status: 'paid', reward: '2000' });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'referral.approve')
      .where('target_id', '=', held.id)
      .execute();
    expect(audit).toHaveLength(1);
    const again = await team.bo('finance', 'POST', `/bo/v1/referrals/${held.id}/reject`, {});
    expect(again.body.errorCode).toBe('referral_state_invalid');
  });

  it('holds a friend registered from the referrer’s device or paying to its bank account; reject pays nothing', async () => {
    const device = `dev-${Math.random().toString(36).slice(2)}`;
    const reg = await registerMember(ctx, { loginDeviceId: device });
    const token = reg.body.value.token;
    const details = await memberCall<ReferralDetails>(token, 'GET', '/wps/relay/MCSFE_getReferralDetails');
    const friend = await friendOf(details.body.value.referralCode, { device });
    await qualify(friend.id);
    const held = await referralOf(friend.id);
    expect(held).toMatchObject({ status: 'held' });
    expect(held.hold_reasons).toEqual(['shared_device']);
    const rejected = await team.bo<OperatorReferral>(
      'marketing',
      'POST',
      `/bo/v1/referrals/${held.id}/reject`,
      {
        note: 'same phone',
      },
    );
    expect(rejected.body.value).toMatchObject({ status: 'rejected', note: 'same phone', reward: null });

    const r = await referrer();
    const other = await friendOf(r.code);
    const brand = await brandOf(ctx);
    for (const memberId of [r.id, other.id]) {
      await ctx.db
        .insertInto('bank_cards')
        .values({
          brand_id: brand.id,
          member_id: memberId,
          bank_name: 'Maybank',
          account_holder_name: 'Same Person',
          account_number: '123456789012',
          // One active card per account number in a brand: the referrer removed theirs.
          ...(memberId === r.id ? { status: 'disabled', disabled_at: new Date() } : {}),
        })
        .execute();
    }
    await qualify(other.id);
    expect((await referralOf(other.id)).hold_reasons).toEqual(['shared_bank_account']);
  });
});

describe('isolation and roles', () => {
  it("keeps brands apart: another brand's member cannot use a DEMO code, nor DEMO's back office its referrals", async () => {
    const r = await referrer();
    const other = await createBrand(ctx.db);
    const res = await registerMember(ctx, { referralCode: r.code }, { merchant: other.merchantCode });
    expect(res.body.errorCode).toBe('referral_code_invalid');

    const foreigner = await referrer(other.merchantCode);
    const friend = await registerMember(
      ctx,
      { referralCode: foreigner.code },
      { merchant: other.merchantCode, ip: foreigner.ip },
    );
    const row = await referralOf(friend.body.value.id);
    const approve = await team.bo('admin', 'POST', `/bo/v1/referrals/${row.id}/approve`, {});
    expect(approve.body.errorCode).toBe('referral_not_found');
    const list = await team.bo<OperatorReferralPage>('readonly', 'GET', '/bo/v1/referrals?size=100');
    expect(list.body.value.items.some((i) => i.id === row.id)).toBe(false);
    const theirs = await memberCall<InvitationPage>(r.token, 'GET', '/wps/referrals');
    expect(theirs.body.value.items).toEqual([]);
  });

  it('lets only marketing, finance and admin review, and only marketing and admin set the rule', async () => {
    for (const role of ['readonly', 'cs']) {
      expect((await team.bo(role, 'POST', '/bo/v1/referrals/1/approve', {})).body.errorCode).toBe(
        'operator_forbidden',
      );
    }
    const rule = {
      active: true,
      minFirstDeposit: '50.00',
      minTurnover: '100.00',
      withinDays: 7,
      reward: '20.00',
    };
    expect((await team.bo('finance', 'PUT', '/bo/v1/referrals/rule', rule)).body.errorCode).toBe(
      'operator_forbidden',
    );
    const bad = await team.bo('marketing', 'PUT', '/bo/v1/referrals/rule', { ...rule, reward: '0' });
    expect(bad.body.errorCode).toBe('referral_rule_invalid');
    const overflow = await team.bo('marketing', 'PUT', '/bo/v1/referrals/rule', {
      ...rule,
      reward: '99999999999999999999',
    });
    expect(overflow.status).toBe(400);
  });
});
