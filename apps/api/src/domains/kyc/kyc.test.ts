import { randomUUID } from 'node:crypto';
import type { LoginResult } from '@lotus/contracts/accounts';
import {
  DEFAULT_KYC_POLICY,
  type KycPolicy,
  type MemberKyc,
  type OperatorKycDocument,
  type OperatorMemberKyc,
  type RiskSignalPage,
} from '@lotus/contracts/kyc';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { GIF, multipart, PNG } from '../../../test/deposits.ts';
import { signedInMember } from '../../../test/factories.ts';
import {
  randomIp,
  randomMobile,
  registerMember,
  registrationCode,
  sealed,
  solveHumanCheck,
} from '../../../test/members.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { call, headers, listFiles, setupTestApp } from '../../../test/support.ts';
import { addCard, memberWithFunds, withdraw } from '../../../test/withdrawals.ts';
import { createCheckedMember } from '../members/member.service.ts';
import { todayIn } from './age.ts';
import { applyProviderDecision, assertKycAllowsPlay as kycStakeCheck } from './kyc.service.ts';
import { type KycSubmission, setKycProvider } from './kyc-provider.ts';
import { computeRiskSignals } from './risk.service.ts';

const ctx = setupTestApp({ rateLimits: { kycUpload: { max: 1000, timeWindow: 60_000 } } });
const team = backOfficeTeam(ctx);

/**
 * `YYYY-MM-DD` of someone who turns `years` old tomorrow (one day short of it), or turned it
 * yesterday (`exact`), by today's date in the DEMO brand's time zone (Asia/Kuala_Lumpur).
 */
function bornYearsAgo(years: number, exact = false): string {
  const d = todayIn('Asia/Kuala_Lumpur', new Date());
  const day = new Date(
    Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth(), d.getUTCDate() + (exact ? -1 : 1)),
  );
  return day.toISOString().slice(0, 10);
}

async function setPolicy(patch: Partial<KycPolicy>): Promise<void> {
  const res = await team.bo<KycPolicy>('admin', 'PUT', '/bo/v1/kyc/policy', {
    ...DEFAULT_KYC_POLICY,
    ...patch,
  });
  expect(res.body.success).toBe(true);
}

function freePlay(birthday?: string) {
  return call<LoginResult>(ctx.app, {
    method: 'POST',
    url: '/wps/session/login/freeplay',
    remoteAddress: randomIp(),
    headers: headers(),
    payload: birthday === undefined ? {} : { birthday },
  });
}

async function countMembers(): Promise<number> {
  const row = await ctx.db
    .selectFrom('members')
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type Member = Awaited<ReturnType<typeof signedInMember>>;

function upload(
  m: Member,
  kind: string,
  file: { bytes: Buffer; filename?: string; contentType?: string } = { bytes: PNG },
) {
  const form = multipart([
    { name: 'kind', value: kind },
    {
      name: 'document',
      filename: file.filename ?? 'id.png',
      contentType: file.contentType ?? 'image/png',
      bytes: file.bytes,
    },
  ]);
  return call<MemberKyc>(ctx.app, {
    method: 'POST',
    url: '/wps/kyc/documents',
    headers: { ...headers(), authorization: m.token, 'content-type': form.contentType },
    payload: form.payload,
  });
}

const review = (id: string, decision: string, extra: object = {}, role = 'cs') =>
  team.bo<OperatorKycDocument>(role, 'POST', `/bo/v1/kyc/documents/${id}/review`, { decision, ...extra });

const memberKyc = (m: Member) =>
  call<MemberKyc>(ctx.app, {
    method: 'GET',
    url: '/wps/kyc',
    headers: { ...headers(), authorization: m.token },
  });

describe('the minimum age on every account creation path', () => {
  it('form registration: one day short of 18 is refused with the translated code, 18 today passes', async () => {
    const before = await countMembers();
    const young = await registerMember(ctx, { birthday: bornYearsAgo(18) }, { language: 'MS' });
    expect(young.body.errorCode).toBe('age_below_18');
    expect(young.body.message).toContain('18 tahun');
    const missing = await registerMember(ctx, { birthday: undefined });
    expect(missing.body.errorCode).toBe('birth_date_invalid');
    const impossible = await registerMember(ctx, { birthday: '2001-02-30' });
    expect(impossible.body.errorCode).toBe('birth_date_invalid');
    expect(await countMembers()).toBe(before);
    const adult = await registerMember(ctx, { birthday: bornYearsAgo(18, true) });
    expect(adult.body.success).toBe(true);
    const row = await ctx.db
      .selectFrom('members')
      .select('birthday')
      .where('id', '=', adult.body.value.id)
      .executeTakeFirstOrThrow();
    expect(row.birthday).toBe(bornYearsAgo(18, true));
  });

  it('mobile registration is refused below the age', async () => {
    const mobile = randomMobile();
    const code = await registrationCode(ctx, mobile);
    const before = await countMembers();
    const res = await sealed<LoginResult>(
      ctx,
      '/wps/member/register/mobile',
      {
        mobileNum: mobile.mobileNum,
        countryDialingCode: mobile.countryDialingCode,
        verificationCode: code,
        humanCheck: await solveHumanCheck(ctx),
        birthday: bornYearsAgo(16),
      },
      { method: 'PUT', ip: randomIp() },
    );
    expect(res.body.errorCode).toBe('age_below_18');
    expect(await countMembers()).toBe(before);
  });

  it('the free demo (trial account) needs an adult birth date too', async () => {
    const before = await countMembers();
    expect((await freePlay()).body.errorCode).toBe('birth_date_invalid');
    expect((await freePlay(bornYearsAgo(17))).body.errorCode).toBe('age_below_18');
    expect((await freePlay('2999-01-01')).body.errorCode).toBe('birth_date_invalid');
    expect(await countMembers()).toBe(before);
    expect((await freePlay(bornYearsAgo(30))).body.success).toBe(true);
  });

  it("an account opened on someone's behalf (members' createCheckedMember, e.g. by an agent) is checked too", async () => {
    const brand = (await signedInMember(ctx, { prefix: 'ka' })).brand;
    const before = await countMembers();
    const open = (birthDate: string | null) =>
      createCheckedMember(ctx.db, brand, { username: `ka${Date.now()}`, passwordHash: '!x', birthDate });
    await expect(open(bornYearsAgo(18))).rejects.toMatchObject({ code: 'age_below_18' });
    await expect(open(null)).rejects.toMatchObject({ code: 'birth_date_invalid' });
    expect(await countMembers()).toBe(before);
    await open(bornYearsAgo(40));
    expect(await countMembers()).toBe(before + 1);
  });

  it('a brand at 21 refuses a 20-year-old on registration and the free demo', async () => {
    await setPolicy({ minimumAge: 21 });
    try {
      // The minimum age is cached for 3 s per process; the operator's save goes through the same db.
      await new Promise((r) => setTimeout(r, 3_100));
      expect((await registerMember(ctx, { birthday: bornYearsAgo(20) })).body.errorCode).toBe('age_below_21');
      expect((await freePlay(bornYearsAgo(20))).body.errorCode).toBe('age_below_21');
      expect((await freePlay(bornYearsAgo(21, true))).body.success).toBe(true);
    } finally {
      await setPolicy({ minimumAge: 18 });
      await new Promise((r) => setTimeout(r, 3_100));
    }
  });
});

describe('documents', () => {
  it('refuses a forged content type, an oversize file and NUL bytes in the name, keeping no file', async () => {
    const m = await signedInMember(ctx, { prefix: 'kd' });
    const files = (await listFiles(ctx.uploadDir)).length;
    expect((await upload(m, 'identity', { bytes: GIF, contentType: 'image/png' })).body.errorCode).toBe(
      'upload_type_invalid',
    );
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 0)]);
    expect((await upload(m, 'identity', { bytes: big })).body.errorCode).toBe('upload_too_large');
    const nul = await upload(m, 'identity', { bytes: PNG, filename: 'id\u0000.png' });
    expect(nul.body.success).toBe(false);
    expect(nul.status).toBe(400);
    expect((await upload(m, 'passport', { bytes: PNG })).body.errorCode).toBe('request_param_err');
    expect((await listFiles(ctx.uploadDir)).length).toBe(files);
    expect((await memberKyc(m)).body.value).toMatchObject({ state: 'none', documents: [] });
  });

  it("answers another member's document as not found, to the member; operators see it", async () => {
    const owner = await signedInMember(ctx, { prefix: 'ko' });
    const other = await signedInMember(ctx, { prefix: 'kx' });
    const up = await upload(owner, 'identity');
    expect(up.body.value.state).toBe('pending');
    const id = up.body.value.documents[0]?.id as string;
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/wps/kyc/documents/${id}/file`,
      headers: { ...headers(), authorization: owner.token },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    const theirs = await call(ctx.app, {
      method: 'GET',
      url: `/wps/kyc/documents/${id}/file`,
      headers: { ...headers(), authorization: other.token },
    });
    expect(theirs.body.errorCode).toBe('kyc_document_not_found');
    const section = await team.bo<OperatorMemberKyc>('readonly', 'GET', `/bo/v1/kyc/members/${owner.id}`);
    expect(section.body.value.documents.map((d) => d.id)).toEqual([id]);
  });
});

describe('states and reviews', () => {
  it('moves none -> pending -> rejected_retry -> pending -> approved, audited and in the history', async () => {
    const m = await signedInMember(ctx, { prefix: 'ks' });
    const first = (await upload(m, 'identity')).body.value.documents[0]?.id as string;
    expect((await review(first, 'reject')).body.errorCode).toBe('kyc_reason_required');
    const rejected = await review(first, 'reject', { reason: 'Blurred photo' });
    expect(rejected.body.value).toMatchObject({ status: 'rejected', memberState: 'rejected_retry' });
    expect((await review(first, 'approve')).body.errorCode).toBe('kyc_review_state_invalid');
    expect((await memberKyc(m)).body.value.documents[0]).toMatchObject({ reason: 'Blurred photo' });
    const second = (await upload(m, 'identity')).body.value.documents[0]?.id as string;
    expect((await memberKyc(m)).body.value.state).toBe('pending');
    expect((await review(second, 'approve', {}, 'finance')).body.errorCode).toBe('operator_forbidden');
    expect((await review(second, 'approve')).body.value.memberState).toBe('approved');
    const section = await team.bo<OperatorMemberKyc>('readonly', 'GET', `/bo/v1/kyc/members/${m.id}`);
    expect(section.body.value.history.map((h) => [h.from, h.to])).toEqual([
      ['pending', 'approved'],
      ['rejected_retry', 'pending'],
      ['pending', 'rejected_retry'],
      ['none', 'pending'],
    ]);
    const audits = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'kyc_document')
      .where('target_id', 'in', [first, second])
      .execute();
    expect(audits.length).toBe(2);
  });

  it('a final rejection ends uploads and every further state change', async () => {
    const m = await signedInMember(ctx, { prefix: 'kf' });
    const id = (await upload(m, 'identity')).body.value.documents[0]?.id as string;
    expect((await review(id, 'reject_final', { reason: 'Forged document' })).body.value.memberState).toBe(
      'rejected_final',
    );
    expect((await upload(m, 'identity')).body.errorCode).toBe('kyc_upload_not_allowed');
    const lift = await team.bo('admin', 'POST', `/bo/v1/kyc/members/${m.id}/state`, {
      state: 'approved',
      reason: 'try',
    });
    expect(lift.body.errorCode).toBe('kyc_state_change_invalid');
    expect((await memberKyc(m)).body.value).toMatchObject({ state: 'rejected_final', canUpload: false });
  });

  it('of operators deciding one document at once, exactly one decision wins', async () => {
    const m = await signedInMember(ctx, { prefix: 'kc' });
    const id = (await upload(m, 'identity')).body.value.documents[0]?.id as string;
    const results = await Promise.all([
      review(id, 'approve', {}, 'cs'),
      review(id, 'reject', { reason: 'No' }, 'admin'),
      review(id, 'reject_final', { reason: 'Forged' }, 'cs'),
      review(id, 'approve', {}, 'admin'),
    ]);
    expect(results.filter((r) => r.body.success).length).toBe(1);
    for (const r of results.filter((x) => !x.body.success)) {
      expect(r.body.errorCode).toBe('kyc_review_state_invalid');
    }
    const history = await ctx.db
      .selectFrom('kyc_state_history')
      .select('to_state')
      .where('member_id', '=', m.id)
      .execute();
    expect(history.length).toBe(2);
  });
});

describe('the provider adapter', () => {
  it('tells the provider of each submission and applies its decision like a review', async () => {
    const seen: KycSubmission[] = [];
    setKycProvider({
      name: 'fakeid',
      async submitted(_db, submission) {
        seen.push(submission);
      },
    });
    try {
      const m = await signedInMember(ctx, { prefix: 'kv' });
      const id = (await upload(m, 'identity')).body.value.documents[0]?.id as string;
      expect(seen).toEqual([expect.objectContaining({ documentId: id, memberId: m.id, kind: 'identity' })]);
      const decided = await applyProviderDecision(ctx.db, 'fakeid', {
        brandId: m.brand.id,
        documentId: id,
        decision: 'approve',
        reason: '',
      });
      expect(decided).toMatchObject({ status: 'approved', memberState: 'approved', note: 'provider:fakeid' });
      const last = await ctx.db
        .selectFrom('kyc_state_history')
        .select(['actor_type', 'to_state'])
        .where('member_id', '=', m.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(last).toEqual({ actor_type: 'system', to_state: 'approved' });
      await expect(
        applyProviderDecision(ctx.db, 'fakeid', {
          brandId: m.brand.id,
          documentId: id,
          decision: 'hold',
          reason: '',
        }),
      ).rejects.toMatchObject({ code: 'kyc_review_state_invalid' });
    } finally {
      setKycProvider(null);
    }
  });
});

describe('the brand policy', () => {
  it('refuses a withdrawal above the cap of an unverified member and lets it pass once approved', async () => {
    const m = await memberWithFunds(ctx, { funds: 1_000_000n });
    const card = (await addCard(ctx, m)).body.value.id;
    await setPolicy({
      states: {
        ...DEFAULT_KYC_POLICY.states,
        none: { ...DEFAULT_KYC_POLICY.states.none, withdrawMax: '1000.00' },
      },
    });
    try {
      const kyc = await call<MemberKyc>(ctx.app, {
        method: 'GET',
        url: '/wps/kyc',
        headers: { ...headers(), authorization: m.token },
      });
      // Told before it matters: withdrawals above 1000.00 need approval.
      expect(kyc.body.value.requirements).toEqual([{ action: 'withdraw', above: '1000.00' }]);
      expect((await withdraw(ctx, m, { amount: '1000.01', bankCardId: card })).body.errorCode).toBe(
        'kyc_required_withdraw',
      );
      expect((await withdraw(ctx, m, { amount: '1000.00', bankCardId: card })).body.success).toBe(true);
      const id = (await upload(m, 'identity')).body.value.documents[0]?.id as string;
      await review(id, 'approve');
      expect((await withdraw(ctx, m, { amount: '2000.00', bankCardId: card })).body.success).toBe(true);
    } finally {
      await setPolicy({});
    }
  });

  it('refuses a deposit of a held member and one above the cap of an unverified member', async () => {
    const m = await signedInMember(ctx, { prefix: 'kp' });
    const settings = await call<{ methods: { id: string; kind: string }[] }>(ctx.app, {
      method: 'GET',
      url: '/wps/relay/MCSFE_getDepositSettings',
      headers: { ...headers(), authorization: m.token },
    });
    const method = settings.body.value.methods.find((x) => x.kind === 'gateway')?.id as string;
    const deposit = (amount: string) =>
      call(ctx.app, {
        method: 'POST',
        url: '/wps/deposits',
        headers: { ...headers(), authorization: m.token },
        payload: { methodId: method, amount, clientRequestId: randomUUID() },
      });
    await setPolicy({
      states: {
        ...DEFAULT_KYC_POLICY.states,
        none: { ...DEFAULT_KYC_POLICY.states.none, depositMax: '100.00' },
      },
    });
    try {
      expect((await deposit('100.01')).body.errorCode).toBe('kyc_required_deposit');
      expect((await deposit('100.00')).body.success).toBe(true);
      const hold = await team.bo('admin', 'POST', `/bo/v1/kyc/members/${m.id}/state`, {
        state: 'on_hold',
        reason: 'Source of funds check',
      });
      expect(hold.body.success).toBe(true);
      expect((await deposit('50.00')).body.errorCode).toBe('kyc_required_deposit');
      const audit = await ctx.db
        .selectFrom('audit_log')
        .select(['before', 'after'])
        .where('action', '=', 'kyc.state_change')
        .where('target_id', '=', m.id)
        .executeTakeFirstOrThrow();
      expect(audit.before).toEqual({ state: 'none' });
      expect(audit.after).toEqual({ state: 'on_hold', reason: 'Source of funds check' });
    } finally {
      await setPolicy({});
    }
  });

  it('refuses an amount that is not one in the policy editor', async () => {
    const bad = await team.bo('admin', 'PUT', '/bo/v1/kyc/policy', {
      ...DEFAULT_KYC_POLICY,
      states: {
        ...DEFAULT_KYC_POLICY.states,
        none: { ...DEFAULT_KYC_POLICY.states.none, depositMax: '1.001' },
      },
    });
    expect(bad.body.success).toBe(false);
    expect((await team.bo('cs', 'PUT', '/bo/v1/kyc/policy', DEFAULT_KYC_POLICY)).body.errorCode).toBe(
      'operator_forbidden',
    );
  });

  it('keeps a member from staking in both gates where the policy says before play', async () => {
    const m = await memberWithFunds(ctx, { funds: 10_000n });
    const wallet = await ctx.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    const allowed = async () =>
      (
        await sql<{ ok: boolean }>`select kyc_stake_allowed(${m.brand.id}, ${wallet.id}) as ok`.execute(
          ctx.db,
        )
      ).rows[0]?.ok;
    expect(await allowed()).toBe(true);
    await setPolicy({
      states: { ...DEFAULT_KYC_POLICY.states, none: { ...DEFAULT_KYC_POLICY.states.none, play: false } },
    });
    try {
      expect(await allowed()).toBe(false);
      await expect(kycStakeCheck(ctx.db, { brandId: m.brand.id, memberId: m.id })).rejects.toMatchObject({
        code: 'kyc_required_play',
      });
      expect((await memberKyc(m)).body.value.requirements).toContainEqual({ action: 'play', above: null });
    } finally {
      await setPolicy({});
    }
    expect(await allowed()).toBe(true);
  });
});

describe('risk signals', () => {
  it('the job raises rising losses and night sessions once, however often it runs; operators follow up', async () => {
    const m = await signedInMember(ctx, { prefix: 'kr' });
    const now = new Date();
    const day = (back: number) => new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    const vendor = await ctx.db.selectFrom('vendors').select('id').executeTakeFirstOrThrow();
    // 4 weeks before: a loss of 100.00 a week; this week: 1000.00.
    const rows = [
      { back: 1, stake: 100_000n },
      { back: 10, stake: 10_000n },
      { back: 17, stake: 10_000n },
      { back: 24, stake: 10_000n },
      { back: 31, stake: 10_000n },
    ];
    for (const r of rows) {
      await ctx.db
        .insertInto('member_daily_turnover')
        .values({
          brand_id: m.brand.id,
          member_id: m.id,
          day: day(r.back),
          vendor_id: vendor.id,
          currency: 'MYR',
          bet_count: '1',
          stake: String(r.stake),
          payout: '0',
          last_tx_id: '1',
          last_entry_id: '1',
        })
        .execute();
    }
    // Logins at 02:00 Kuala Lumpur time (18:00 UTC the day before) on three nights.
    for (const back of [1, 2, 3]) {
      const at = new Date(`${day(back)}T18:00:00Z`);
      await ctx.db
        .insertInto('login_attempts')
        .values({
          brand_id: m.brand.id,
          member_id: m.id,
          username: m.username,
          method: 'username',
          ip: '1.2.3.4',
          outcome: 'success',
          created_at: at,
        })
        .execute();
    }
    const first = await computeRiskSignals(ctx.db, now);
    expect(first).toBeGreaterThanOrEqual(2);
    expect(await computeRiskSignals(ctx.db, now)).toBe(0);
    const mine = await ctx.db
      .selectFrom('risk_signals')
      .select(['id', 'kind'])
      .where('member_id', '=', m.id)
      .execute();
    expect(mine.map((s) => s.kind).sort()).toEqual(['night_sessions', 'rising_losses']);
    const losses = await ctx.db
      .selectFrom('risk_signals')
      .select('detail')
      .where('member_id', '=', m.id)
      .where('kind', '=', 'rising_losses')
      .executeTakeFirstOrThrow();
    expect(losses.detail).toMatchObject({ weekLoss: '1000.00', averageLoss: '100.00', currency: 'MYR' });

    const id = mine[0]?.id as string;
    const contacted = await team.bo('cs', 'POST', `/bo/v1/risk-signals/${id}/status`, {
      status: 'contacted',
      note: 'Called the member, offered limits',
    });
    expect(contacted.body.success).toBe(true);
    expect(
      (await team.bo('cs', 'POST', `/bo/v1/risk-signals/${id}/status`, { status: 'open' })).body.errorCode,
    ).toBe('risk_signal_state_invalid');
    const page = await team.bo<RiskSignalPage>('readonly', 'GET', '/bo/v1/risk-signals?status=contacted');
    expect(page.body.value.items.find((s) => s.id === id)).toMatchObject({
      status: 'contacted',
      note: 'Called the member, offered limits',
      username: m.username,
    });
  });
});
