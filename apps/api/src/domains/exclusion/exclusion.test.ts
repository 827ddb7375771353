import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signSeamlessRequest } from '@lotus/contracts/seamless-signature';
import { seamlessSignatureMatches } from '@lotus/server-common/signature';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlineDeposit } from '../../../test/deposits.ts';
import { mainBalance, makeBrand, makeMember, signedInMember, vendorPlayer } from '../../../test/factories.ts';
import { freshNumero, bet as lotteryBet, testGame } from '../../../test/lottery.ts';
import { loginAs, randomIp, registerMember } from '../../../test/members.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { call, headers, setupTestApp } from '../../../test/support.ts';
import { updateBrandSettings } from '../brands/brand-settings.ts';
import { claimMission } from '../missions/mission.service.ts';
import { redeemPoints } from '../points/points.service.ts';
import { payBonus } from '../promotions/promotions.service.ts';
import { upsertVendor } from '../vendors/vendor.repository.ts';
import { payMembers, vipSources } from '../vip/vip.service.ts';
import { moneyTransaction } from '../wallet/ledger.service.ts';
import { excludeMember, sweepSessions } from './exclusion.service.ts';
import { normaliseEmail } from './identity.ts';

/**
 * Time-outs and self-exclusion (docs/exclusion.md): sessions and the vendors' sockets end at once,
 * login is refused naming the end, no stake (slots, live, lottery) or deposit, marketing reaches
 * nobody excluded, an excluded identity cannot register again, the end takes a request, a
 * cooling-off and an operator; session limits and reality checks.
 */
const ctx = setupTestApp({
  rateLimits: {
    protectionChange: { max: 1_000, timeWindow: 60_000 },
    protectionEndRequest: { max: 1_000, timeWindow: 60_000 },
  },
});
reconcileAfterEach(ctx);
const team = backOfficeTeam(ctx);

const VENDOR = 'HOUSE';
const SECRET = 'test-secret-0123456789abcdef';

/** A vendor stand-in that records the platform's player-ended notices (a real HTTP server). */
const notices: { at: number; body: string; signature: string | undefined; url: string }[] = [];
const vendorServer = createServer((request: IncomingMessage, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (c: Buffer) => chunks.push(c));
  request.on('end', () => {
    notices.push({
      at: Date.now(),
      body: Buffer.concat(chunks).toString('utf8'),
      signature: request.headers['x-signature'] as string | undefined,
      url: request.url ?? '',
    });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => vendorServer.listen(0, '127.0.0.1', resolve));
  const { port } = vendorServer.address() as AddressInfo;
  const brand = await ctx.db
    .selectFrom('brands')
    .select('id')
    .where('merchant_code', '=', 'DEMO')
    .executeTakeFirstOrThrow();
  await upsertVendor(ctx.db, { brandId: brand.id, code: VENDOR, name: 'House games', secret: SECRET });
  await ctx.db
    .updateTable('vendors')
    .set({ launch_url: `http://127.0.0.1:${port}/play/{game}` })
    .where('brand_id', '=', brand.id)
    .where('code', '=', VENDOR)
    .execute();
});

afterAll(async () => {
  await new Promise<void>((resolve) => vendorServer.close(() => resolve()));
});

type Envelope<T = unknown> = { success: boolean; value: T; errorCode: string; message: string };

function member<T = unknown>(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return call<T>(ctx.app, {
    method,
    url,
    headers: { ...headers(), authorization: token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function seamless(
  path: string,
  body: Record<string, unknown>,
): Promise<Envelope<{ balance: string } | null>> {
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
  return res.json() as Envelope<{ balance: string } | null>;
}

/** Arranges an exclusion in force while the member's sessions stay (as if it raced a login). */
async function arrangeExclusion(memberId: string, kind: 'timeout' | 'self_exclusion' = 'self_exclusion') {
  const row = await ctx.db
    .selectFrom('members')
    .select('brand_id')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('member_exclusions')
    .values({
      brand_id: row.brand_id,
      member_id: memberId,
      kind,
      ends_at: new Date(Date.now() + 7 * 86_400_000),
    })
    .execute();
}

describe('taking a time-out or self-excluding', () => {
  it('ends the HTTP session and the vendor session at once, tells the vendor within a second, and login is refused naming the end', async () => {
    const m = await signedInMember(ctx, { funds: 10_000n });
    const vendor = await vendorPlayer(ctx, VENDOR, { gameId: 'live-baccarat' });
    // The vendor player is another member; give this member a vendor session too.
    const { issueVendorSession } = await import('../vendors/vendor-session.service.ts');
    const seamlessSession = await issueVendorSession(ctx.db, m.id, VENDOR, 'live-baccarat');
    expect(vendor.token).not.toBe(seamlessSession.token);
    const before = notices.length;
    const started = Date.now();
    const res = await member<{ kind: string; endsAt: string }>(
      m.token,
      'POST',
      '/wps/protection/exclusions',
      {
        kind: 'timeout',
        hours: 72,
      },
    );
    expect(res.body).toMatchObject({ success: true, value: { kind: 'timeout' } });
    // The HTTP session ended with the call.
    expect((await member(m.token, 'GET', '/wps/protection/status')).status).toBe(401);
    // The seamless session ended: bets and balance calls are refused.
    const balance = await seamless('balance', { token: seamlessSession.token, currency: 'MYR' });
    expect(balance.success).toBe(false);
    // The vendor heard of it, signed, within a second.
    const deadline = started + 1_000;
    while (notices.length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const notice = notices[before];
    expect(notice).toBeDefined();
    expect(notice!.at - started).toBeLessThan(1_000);
    expect(notice!.url).toBe('/api/platform/player-ended');
    expect(
      seamlessSignatureMatches(SECRET, 'POST', notice!.url, Buffer.from(notice!.body), notice!.signature),
    ).toBe(true);
    expect(JSON.parse(notice!.body)).toMatchObject({ merchant: 'DEMO', vendor: VENDOR, reason: 'excluded' });

    const login = await loginAs(ctx, m.username, m.password, { ip: m.ip, language: 'EN' });
    expect(login.body.errorCode).toBe('member_timed_out');
    const until = (login.body as unknown as { value: { until: string } }).value.until;
    expect(until).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    expect(login.body.message).toContain(until);
    const ms = await loginAs(ctx, m.username, m.password, { ip: m.ip, language: 'MS' });
    expect(ms.body.message).toContain(until);
    expect(ms.body.message).not.toBe(login.body.message);
  });

  it('answers one exclusion to concurrent duplicate requests', async () => {
    const m = await signedInMember(ctx);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        member(m.token, 'POST', '/wps/protection/exclusions', { kind: 'self_exclusion', months: 6 }),
      ),
    );
    const ok = answers.filter((a) => (a.body as Envelope).success);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((x) => !(x.body as Envelope).success))
      expect(['exclusion_already_active', 'user.or.token.invalid', 'login.not.session']).toContain(
        (a.body as Envelope).errorCode,
      );
    const rows = await ctx.db
      .selectFrom('member_exclusions')
      .select('id')
      .where('member_id', '=', m.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ kind: 'timeout', hours: 23 }],
    [{ kind: 'timeout', hours: 1009 }],
    [{ kind: 'timeout', hours: 48, months: 6 }],
    [{ kind: 'self_exclusion', months: 5 }],
    [{ kind: 'self_exclusion', months: 121 }],
    [{ kind: 'self_exclusion', months: 6, indefinite: true }],
    [{ kind: 'self_exclusion' }],
  ])('refuses a length outside the rules: %j', async (body) => {
    const m = await signedInMember(ctx);
    const res = await member(m.token, 'POST', '/wps/protection/exclusions', body);
    expect((res.body as Envelope).errorCode).toBe('exclusion_length_invalid');
    expect((await member(m.token, 'GET', '/wps/protection/status')).status).toBe(200);
  });

  it('refuses forged input at the edge: unknown fields, NUL bytes, wrong types, overflowing numbers', async () => {
    const m = await signedInMember(ctx);
    for (const body of [
      { kind: 'forever' },
      { kind: 'timeout', hours: '48' },
      { kind: 'timeout', hours: 48, memberId: '1' },
      { kind: 'timeout\u0000', hours: 48 },
      { kind: 'timeout', hours: 2 ** 63 },
    ]) {
      const res = await member(m.token, 'POST', '/wps/protection/exclusions', body);
      expect(res.status).toBe(400);
    }
    expect(
      await ctx.db.selectFrom('member_exclusions').select('id').where('member_id', '=', m.id).execute(),
    ).toEqual([]);
  });

  it('refuses stakes of slots and live (seamless) and the lottery with stake_refused; wins still pay', async () => {
    for (const gameId of ['slots-1', 'live-baccarat']) {
      const p = await vendorPlayer(ctx, VENDOR, { funds: 10_000n, gameId });
      const roundId = randomUUID();
      const placed = { transactionId: randomUUID(), roundId, gameId, currency: 'MYR' };
      expect((await seamless('bet', { ...placed, token: p.token, amount: '10.00' })).success).toBe(true);
      await arrangeExclusion(p.id);
      const refused = await seamless('bet', {
        transactionId: randomUUID(),
        roundId,
        gameId,
        currency: 'MYR',
        token: p.token,
        amount: '5.00',
      });
      expect(refused.errorCode).toBe('stake_refused');
      const win = await seamless('win', {
        transactionId: randomUUID(),
        roundId,
        gameId,
        currency: 'MYR',
        betTransactionId: placed.transactionId,
        amount: '20.00',
      });
      expect(win).toMatchObject({ success: true, value: { balance: '110.00' } });
    }
    const gameId = await testGame(ctx);
    const numero = await freshNumero(ctx, gameId, { closeInMs: 10 * 60_000 });
    const m = await signedInMember(ctx, { funds: 10_000n });
    await arrangeExclusion(m.id, 'timeout');
    const refused = await lotteryBet(ctx, m, {
      gameId,
      currentNumero: numero.numero,
      bettingSlipString: '1||||~1~101~1~1950~1',
      betCartAmountSum: '2.00',
    });
    expect(refused.body.errorCode).toBe('stake_refused');
    expect(await mainBalance(ctx, m)).toBe(10_000n);
  });

  it('refuses deposits and leaves withdrawals open', async () => {
    const m = await signedInMember(ctx, { funds: 100_000n });
    await arrangeExclusion(m.id);
    const deposit = await onlineDeposit(ctx, m, 'gateway');
    expect(deposit.body.errorCode).toBe('member_self_excluded');
    // Withdrawals are not refused by the exclusion (the balance stays the member's).
    const { addCard, withdraw } = await import('../../../test/withdrawals.ts');
    const { updateMember } = await import('../members/member.repository.ts');
    const { hashPassword } = await import('../../lib/hashing.ts');
    const { TEST_PASSWORD_HASHING } = await import('../../../test/support.ts');
    await updateMember(ctx.db, m.id, {
      fundsPasswordHash: await hashPassword('246810', TEST_PASSWORD_HASHING),
    });
    const card = await addCard(ctx, m);
    expect(card.body.success).toBe(true);
    const wd = await withdraw(ctx, m, {
      amount: '500.00',
      bankCardId: card.body.value.id,
      fundsPassword: '246810',
    });
    expect(wd.body, JSON.stringify(wd.body)).toMatchObject({ success: true });
  });
});

describe('marketing stops for an excluded member', () => {
  it('messages: a targeted message leaves out the excluded recipient', async () => {
    const excluded = await makeMember(ctx);
    const other = await makeMember(ctx);
    await arrangeExclusion(excluded.id);
    const res = await team.bo<{ id: string }>('admin', 'POST', '/bo/v1/messages', {
      audience: 'members',
      usernames: [excluded.username, other.username],
      title: { en: 'Weekend bonus' },
      content: { en: '<p>Play more</p>' },
    });
    expect(res.body.success).toBe(true);
    const recipients = await ctx.db
      .selectFrom('message_recipients')
      .select('member_id')
      .where('message_id', '=', res.body.value.id)
      .execute();
    expect(recipients.map((r) => r.member_id)).toEqual([other.id]);
  });

  it('VIP gifts: a bonus to an excluded member is not paid, the others are', async () => {
    const excluded = await makeMember(ctx);
    const other = await makeMember(ctx);
    await arrangeExclusion(excluded.id);
    const brand = excluded.brand;
    const sources = await vipSources(ctx.db, brand);
    await moneyTransaction(ctx.db, (trx) =>
      payMembers(
        trx,
        brand,
        [excluded, other].map((x) => ({
          memberId: x.id,
          amount: 500n,
          kind: 'vip_bonus' as const,
          key: `vip:test:${x.id}`,
          metadata: {},
        })),
        sources,
      ),
    );
    expect(await mainBalance(ctx, excluded)).toBe(0n);
    expect(await mainBalance(ctx, other)).toBe(500n);
  });

  it('promotions, missions and the points mall refuse the excluded member with member_protected', async () => {
    const excluded = await makeMember(ctx);
    await arrangeExclusion(excluded.id);
    const brand = excluded.brand;
    await expect(
      moneyTransaction(ctx.db, (trx) => payBonus(trx, brand, excluded.id, '1', '1', 100n)),
    ).rejects.toMatchObject({ code: 'member_protected' });
    await expect(claimMission(ctx.db, brand, excluded.owner, '1')).rejects.toMatchObject({
      code: 'member_protected',
    });
    await expect(
      redeemPoints(ctx.db, brand, excluded.id, {
        fundsPassword: '246810',
        productId: '1',
        quantity: 1,
        address: 'Jalan 1, KL',
        mobileNum: '123000001',
        countryDialingCode: '60',
        clientRequestId: randomUUID(),
      }),
    ).rejects.toMatchObject({ code: 'member_protected' });
    expect(await mainBalance(ctx, excluded)).toBe(0n);
  });
});

describe('registration of an excluded identity', () => {
  it('normalises e-mail addresses the Gmail way', () => {
    expect(normaliseEmail(' J.O.H.N.Doe+promo@GoogleMail.com ')).toBe('johndoe@gmail.com');
    expect(normaliseEmail('a.b+x@example.com')).toBe('a.b@example.com');
    expect(normaliseEmail('@x.com')).toBeNull();
  });

  it('refuses a new account with the same phone or e-mail written differently', async () => {
    const suffix = String(Math.floor(Math.random() * 9_000_000) + 1_000_000);
    const m = await signedInMember(ctx, {
      mobile: `+6012${suffix}`,
      email: `jane.doe${suffix}@gmail.com`,
    });
    expect(
      (
        await member(m.token, 'POST', '/wps/protection/exclusions', {
          kind: 'self_exclusion',
          indefinite: true,
        })
      ).body,
    ).toMatchObject({ success: true });

    // The DEMO brand asks for an SMS code at registration and sends none to a registered number,
    // so a brand without that step shows the identity check itself.
    const brand = await makeBrand(ctx.db);
    await updateBrandSettings(ctx.db, brand.merchantCode, {
      featureFlags: { DIRECTREG3: true, REGMOBVERF3: false },
    });
    const other = await makeMember(ctx, { merchant: brand.merchantCode, mobile: `+6013${suffix}` });
    await excludeMember(
      ctx.db,
      { id: other.id, brandId: brand.id },
      { kind: 'timeout', hours: 24 },
      { kind: 'member', id: other.id, ip: '127.0.0.1' },
    );
    // Typed the national way (leading 0, no country code) where the excluded member's is +60...
    const byPhone = await registerMember(
      ctx,
      { mobileNum: `013${suffix}`, countryDialingCode: '60' },
      { merchant: brand.merchantCode },
    );
    expect(byPhone.body.errorCode, JSON.stringify(byPhone.body)).toBe('member_excluded_identity');
    const byEmail = await registerMember(ctx, { email: `Jane.D.O.E${suffix}+again@GoogleMail.com` });
    expect(byEmail.body.errorCode).toBe('member_excluded_identity');
    const fresh = await registerMember(ctx, { email: `someone${suffix}@gmail.com` });
    expect(fresh.body.success).toBe(true);
  });
});

describe('ending a self-exclusion: request, cooling-off, operator', () => {
  it('takes the member request after the term, waits 24 hours, then an operator approves; all audited', async () => {
    const m = await signedInMember(ctx);
    await member(m.token, 'POST', '/wps/protection/exclusions', { kind: 'self_exclusion', months: 6 });
    const endRequest = (body: Record<string, unknown>) =>
      call<{ id: string; status: string }>(ctx.app, {
        method: 'POST',
        url: '/wps/protection/end-requests',
        remoteAddress: randomIp(),
        headers: headers(),
        payload: body,
      });
    expect((await endRequest({ username: m.username, password: m.password })).body.errorCode).toBe(
      'exclusion_term_running',
    );
    await ctx.db
      .updateTable('member_exclusions')
      .set({ ends_at: sql<Date>`now() - interval '1 minute'` })
      .where('member_id', '=', m.id)
      .execute();
    // The term is over but the exclusion holds until an operator ends it.
    expect((await loginAs(ctx, m.username, m.password, { ip: m.ip })).body.errorCode).toBe(
      'member_self_excluded',
    );
    expect((await endRequest({ username: m.username, password: 'wrong-pass1' })).body.errorCode).toBe(
      'wrong_account_or_password',
    );
    const requested = await endRequest({ username: m.username, password: m.password });
    expect(requested.body).toMatchObject({ success: true, value: { status: 'pending' } });
    expect((await endRequest({ username: m.username, password: m.password })).body.errorCode).toBe(
      'exclusion_request_pending',
    );
    const id = requested.body.value.id;

    const queue = await team.bo<{ items: { id: string }[] }>('cs', 'GET', '/bo/v1/protection/end-requests');
    expect(queue.body.value.items.map((r) => r.id)).toContain(id);
    const decide = (role: 'cs' | 'readonly', decision: string, requestId = id) =>
      team.bo(role, 'POST', `/bo/v1/protection/end-requests/${requestId}/decision`, { decision });
    expect((await decide('readonly', 'approve')).status).toBe(403);
    expect((await decide('cs', 'approve')).body).toMatchObject({ errorCode: 'exclusion_cooling_off' });
    await ctx.db
      .updateTable('exclusion_end_requests')
      .set({ decidable_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', id)
      .execute();
    const [first, second] = await Promise.all([decide('cs', 'approve'), decide('cs', 'approve')]);
    const codes = [first, second].map((r) => (r.body as Envelope).errorCode).sort();
    expect(codes).toEqual(['', 'exclusion_request_state_invalid']);
    expect((await loginAs(ctx, m.username, m.password, { ip: m.ip })).body.success).toBe(true);

    const panel = await team.bo<{ audit: { action: string; actor: string; effectiveFrom: string | null }[] }>(
      'readonly',
      'GET',
      `/bo/v1/protection/members/${m.id}`,
    );
    const actions = panel.body.value.audit.map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'exclusion.self_exclusion',
        'exclusion.end_requested',
        'exclusion.end_approved',
      ]),
    );
    expect(
      panel.body.value.audit.find((a) => a.action === 'exclusion.end_approved')?.effectiveFrom,
    ).not.toBeNull();
  });

  it('hostile ids: another brand, unknown and overflowing ids answer not found or 400', async () => {
    expect((await team.bo('cs', 'GET', '/bo/v1/protection/members/999999999999')).body).toMatchObject({
      errorCode: 'exclusion_not_found',
    });
    expect((await team.bo('cs', 'GET', '/bo/v1/protection/members/99999999999999999999')).status).toBe(400);
    expect(
      (
        await team.bo('cs', 'POST', '/bo/v1/protection/end-requests/999999999/decision', {
          decision: 'refuse',
        })
      ).body,
    ).toMatchObject({ errorCode: 'exclusion_not_found' });
    // A member of another brand is not found from DEMO's back office.
    const brand = await makeBrand(ctx.db);
    const stranger = await makeMember(ctx, { merchant: brand.merchantCode });
    expect((await team.bo('cs', 'GET', `/bo/v1/protection/members/${stranger.id}`)).body).toMatchObject({
      errorCode: 'exclusion_not_found',
    });
  });
});

describe('session limit and reality checks', () => {
  it('shows a reality check when due with elapsed time and net result, until acknowledged', async () => {
    const m = await signedInMember(ctx, { funds: 10_000n });
    expect(
      (
        await member(m.token, 'PUT', '/wps/protection/settings', {
          sessionLimitMinutes: 10,
          realityCheckMinutes: 15,
        })
      ).body,
    ).toMatchObject({ errorCode: 'protection_setting_invalid' });
    expect(
      (
        await member(m.token, 'PUT', '/wps/protection/settings', {
          sessionLimitMinutes: 0,
          realityCheckMinutes: 15,
        })
      ).body,
    ).toMatchObject({ success: true });
    type Status = { realityCheck: { due: boolean; elapsedSeconds: number; net: string } };
    expect((await member<Status>(m.token, 'GET', '/wps/protection/status')).body.value.realityCheck.due).toBe(
      false,
    );
    await sql`update sessions set created_at = now() - interval '16 minutes' where member_id = ${m.id}`.execute(
      ctx.db,
    );
    const due = await member<Status>(m.token, 'GET', '/wps/protection/status');
    expect(due.body.value.realityCheck).toMatchObject({ due: true, net: '0.00' });
    expect(due.body.value.realityCheck.elapsedSeconds).toBeGreaterThanOrEqual(16 * 60);
    const acked = await member<Status>(m.token, 'POST', '/wps/protection/reality-check/ack');
    expect(acked.body.value.realityCheck.due).toBe(false);
    const blocks = await member<{ sections: { domain: string; blocks: { kind: string }[] }[] }>(
      m.token,
      'GET',
      '/wps/protection/blocks',
    );
    expect(blocks.body.value.sections[0]).toMatchObject({
      domain: 'exclusion',
      blocks: [{ kind: 'reality_check' }],
    });
  });

  it('ends the session when the member session limit runs out', async () => {
    const m = await signedInMember(ctx);
    await member(m.token, 'PUT', '/wps/protection/settings', {
      sessionLimitMinutes: 15,
      realityCheckMinutes: 0,
    });
    await sweepSessions(ctx.db);
    expect((await member(m.token, 'GET', '/wps/protection/status')).status).toBe(200);
    await sql`update sessions set created_at = now() - interval '15 minutes' where member_id = ${m.id}`.execute(
      ctx.db,
    );
    expect(await sweepSessions(ctx.db)).toBeGreaterThanOrEqual(1);
    expect((await member(m.token, 'GET', '/wps/protection/status')).status).toBe(401);
    // The safety net: a session an excluded member still holds (a race) ends at the next sweep.
    const raced = await signedInMember(ctx);
    await arrangeExclusion(raced.id, 'timeout');
    expect((await member(raced.token, 'GET', '/wps/protection/status')).status).toBe(200);
    await sweepSessions(ctx.db);
    expect((await member(raced.token, 'GET', '/wps/protection/status')).status).toBe(401);
    const reason = await ctx.db
      .selectFrom('sessions')
      .select('revoked_reason')
      .where('member_id', '=', raced.id)
      .executeTakeFirstOrThrow();
    expect(reason.revoked_reason).toBe('excluded');
  });
});
