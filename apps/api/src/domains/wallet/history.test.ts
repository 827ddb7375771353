import { randomUUID } from 'node:crypto';
import type { WalletBalance } from '@lotus/contracts/money';
import { signSeamlessRequest } from '@lotus/contracts/seamless-signature';
import type { TransactionHistoryPage } from '@lotus/contracts/wallet';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInMember } from '../../../test/factories.ts';
import { getWithToken } from '../../../test/members.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { call, headers, setupTestApp } from '../../../test/support.ts';
import { findBrandByMerchantCode } from '../brands/brand.repository.ts';
import type { Brand } from '../brands/brand.ts';
import { upsertVendor } from '../vendors/vendor.repository.ts';
import { issueVendorSession } from '../vendors/vendor-session.service.ts';
import { houseAdjustment, setWalletSettings } from './wallet.service.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);

const VENDOR = 'HIST';
const SECRET = 'test-secret-0123456789abcdef';
let brand: Brand;
let vendorId: number;

beforeAll(async () => {
  const found = await findBrandByMerchantCode(ctx.db, 'DEMO');
  if (!found) throw new Error('no demo brand');
  brand = found;
  vendorId = Number(
    (await upsertVendor(ctx.db, { brandId: brand.id, code: VENDOR, name: 'H', secret: SECRET })).id,
  );
});

const signedIn = (isAgent = 0) => signedInMember(ctx, { prefix: 'h', isAgent, ip: '127.0.0.1' });

async function seamless(path: string, body: Record<string, unknown>) {
  const currency = path === 'roundEnd' ? {} : { currency: 'MYR' };
  const raw = JSON.stringify({ vendor: VENDOR, ...currency, gameId: 'g1', ...body });
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
  const answer = res.json() as { success: boolean };
  if (!answer.success) throw new Error(`seamless ${path} refused: ${res.body}`);
}

function history(token: string, query = '') {
  return getWithToken<TransactionHistoryPage>(ctx, `/wps/member/transactions${query}`, token);
}

/** A member with a funding, a lost bet, a won bet, a rolled-back bet and a debit adjustment. */
async function activeMember() {
  const m = await signedIn();
  await houseAdjustment(ctx.db, brand, m.owner, 100_000n, `fund:${randomUUID()}`);
  const { token } = await issueVendorSession(ctx.db, m.id, VENDOR, 'g1');
  const lost = { transactionId: randomUUID(), roundId: randomUUID() };
  await seamless('bet', { ...lost, token, amount: '10.00' });
  const won = { transactionId: randomUUID(), roundId: randomUUID() };
  await seamless('bet', { ...won, token, amount: '20.00' });
  await seamless('win', {
    transactionId: randomUUID(),
    betTransactionId: won.transactionId,
    roundId: won.roundId,
    amount: '55.50',
  });
  const cancelled = { transactionId: randomUUID(), roundId: randomUUID() };
  await seamless('bet', { ...cancelled, token, amount: '5.00' });
  await seamless('rollback', {
    transactionId: randomUUID(),
    betTransactionId: cancelled.transactionId,
    roundId: cancelled.roundId,
  });
  for (const round of [lost, won, cancelled]) await seamless('roundEnd', { roundId: round.roundId });
  await houseAdjustment(ctx.db, brand, m.owner, -1_000n, `fine:${randomUUID()}`);
  return m;
}

describe('GET /wps/member/transactions', () => {
  it('lists every movement newest first with type, signed amount and balance after', async () => {
    const m = await activeMember();
    const res = await history(m.token);
    expect(res.body.success).toBe(true);
    const page = res.body.value;
    expect(page.total).toBe(7);
    expect(page.items.map((i) => [i.type, i.amount, i.balanceAfter, i.accountTypeId])).toEqual([
      ['adjustment', '-10.00', '1015.50', 0],
      ['rollback', '5.00', '1025.50', 0],
      ['bet', '-5.00', '1020.50', 0],
      ['win', '55.50', '1025.50', 0],
      ['bet', '-20.00', '970.00', 0],
      ['bet', '-10.00', '990.00', 0],
      ['adjustment', '1000.00', '1000.00', 0],
    ]);
    expect(page).toMatchObject({ page: 1, size: 20, currency: 'MYR', currencySymbol: 'RM' });
    expect(page.to - page.from).toBe(7 * 86_400_000);
    for (const item of page.items) {
      expect(item.time).toBeGreaterThan(Date.now() - 60_000);
      expect(item.reference).not.toBe('');
    }
  });

  it('filters by type and pages with a stable order', async () => {
    const m = await activeMember();
    const bets = await history(m.token, '?type=bet');
    expect(bets.body.value.total).toBe(3);
    expect(bets.body.value.items.every((i) => i.type === 'bet' && i.amount.startsWith('-'))).toBe(true);
    const wins = await history(m.token, '?type=win');
    expect(wins.body.value.items.map((i) => i.amount)).toEqual(['55.50']);

    const all = (await history(m.token, '?size=7')).body.value.items.map((i) => i.id);
    const pages = [];
    for (const p of [1, 2, 3, 4]) pages.push((await history(m.token, `?size=2&page=${p}`)).body.value);
    expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(all);
    expect(pages[0]?.total).toBe(7);
    expect(pages[3]?.items).toHaveLength(1);
  });

  it('filters by date range: only what happened inside [from, to)', async () => {
    const m = await activeMember();
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const past = await history(m.token, `?from=${iso(now - 3 * 86_400_000)}&to=${iso(now - 86_400_000)}`);
    expect(past.body.value.total).toBe(0);
    const month = await history(
      m.token,
      `?from=${encodeURIComponent('2000-01-01T00:00:00+08:00')}&to=${encodeURIComponent('2000-01-31T00:00:00+08:00')}`,
    );
    expect(month.body.value.items).toEqual([]);
    const recent = await history(m.token, `?from=${iso(now - 30 * 86_400_000)}&to=${iso(now + 60_000)}`);
    expect(recent.body.value.total).toBe(7);
  });

  it('refuses bad ranges, types and page sizes with nothing read', async () => {
    const m = await signedIn();
    const iso = (ms: number) => new Date(ms).toISOString();
    const now = Date.now();
    const reversed = await history(m.token, `?from=${iso(now)}&to=${iso(now - 1000)}`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.errorCode).toBe('history_range_invalid');
    const tooLong = await history(m.token, `?from=${iso(now - 93 * 86_400_000)}&to=${iso(now)}`);
    expect(tooLong.body.errorCode).toBe('history_range_invalid');
    const impossible = await history(m.token, '?from=2026-02-31T00:00:00Z');
    expect(impossible.status).toBe(400);
    for (const query of ['?from=yesterday', '?type=lottery', '?size=101', '?page=0']) {
      const res = await history(m.token, query);
      expect(res.status, query).toBe(400);
    }
  });

  it("shows only the caller's own movements and refuses trial accounts", async () => {
    await activeMember();
    const fresh = await signedIn();
    await houseAdjustment(ctx.db, brand, fresh.owner, 1n, `one:${randomUUID()}`);
    const res = await history(fresh.token);
    expect(res.body.value.items.map((i) => i.amount)).toEqual(['0.01']);
    const trial = await signedIn(4);
    const refused = await history(trial.token);
    expect(refused.status).toBe(200);
    expect(refused.body.errorCode).toBe('trial_account_restricted');
    const anonymous = await call(ctx.app, {
      method: 'GET',
      url: '/wps/member/transactions',
      headers: headers(),
    });
    expect(anonymous.status).toBe(401);
  });

  it('shows transfers between wallets as transfer_out and transfer_in on each wallet', async () => {
    await setWalletSettings(ctx.db, brand.id, { singleWallet: false });
    try {
      const m = await signedIn();
      await houseAdjustment(ctx.db, brand, m.owner, 5_000n, `fund:${randomUUID()}`);
      const moved = await call(ctx.app, {
        method: 'POST',
        url: '/wps/relay/GCS_walletTransfer',
        headers: { ...headers(), authorization: m.token },
        payload: { from: 0, to: vendorId, amount: '12.34', requestId: randomUUID() },
      });
      expect(moved.body.success).toBe(true);
      const items = (await history(m.token)).body.value.items;
      expect(
        items
          .slice(0, 2)
          .map((i) => [i.type, i.amount, i.balanceAfter, i.accountTypeId])
          .sort(),
      ).toEqual([
        ['transfer_in', '12.34', '12.34', vendorId],
        ['transfer_out', '-12.34', '37.66', 0],
      ]);
      const ins = await history(m.token, '?type=transfer_in');
      expect(ins.body.value.total).toBe(1);
    } finally {
      await setWalletSettings(ctx.db, brand.id, { singleWallet: true });
    }
  });

  it('is documented in the OpenAPI document with its filters', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    const doc = res.json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const query = doc.paths['/wps/member/transactions']?.get?.parameters?.filter((p) => p.in === 'query');
    expect(query?.map((p) => p.name).sort()).toEqual(['from', 'page', 'size', 'to', 'type']);
    expect(doc.paths['/wps/relay/GCS_walletTransfer']?.post).toBeDefined();
    expect(doc.paths['/wps/relay/GCS_walletTransferAllToMain']?.post).toBeDefined();
    expect(doc.paths['/wps/member/info/funds/consolidated']?.get).toBeDefined();
  });

  it('carries an amount above 2^53 exactly through the record and the balance', async () => {
    const m = await signedIn();
    const big = 2n ** 53n + 7n;
    await houseAdjustment(ctx.db, brand, m.owner, big, `big:${randomUUID()}`);
    const item = (await history(m.token)).body.value.items[0];
    expect(item?.amount).toBe('90071992547409.99');
    expect(item?.balanceAfter).toBe('90071992547409.99');
    const balance = await getWithToken<WalletBalance>(ctx, '/wps/v2/wallets/balance', m.token);
    expect(balance.body.value.sumBalance).toBe('90071992547409.99');
    const stored = await ctx.db
      .selectFrom('postings')
      .select(sql<string>`max(amount)::text`.as('max'))
      .executeTakeFirstOrThrow();
    expect(BigInt(stored.max)).toBeGreaterThanOrEqual(big);
  });
});
