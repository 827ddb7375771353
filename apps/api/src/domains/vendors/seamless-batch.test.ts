import { randomUUID } from 'node:crypto';
import { SEAMLESS_BATCH_MAX } from '@lotus/contracts/seamless';
import { signSeamlessRequest } from '@lotus/contracts/seamless-signature';
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, vendorPlayer } from '../../../test/factories.ts';
import { raiseSqlState, reconcileAfterEach } from '../../../test/money.ts';
import { setupTestApp } from '../../../test/support.ts';
import { findBrandByMerchantCode } from '../brands/brand.repository.ts';
import type { Brand } from '../brands/brand.ts';
import { setLedgerFaults } from '../wallet/ledger.service.ts';
import { upsertVendor } from './vendor.repository.ts';

/**
 * The batch call's certification cases (docs/house-vendor.md, "Batch"): like every seamless call,
 * plus what a batch adds: each item answered on its own, duplicates refused as a whole, items of one
 * round in order, oversize refused, a batch repeated after a lost answer applied once.
 */
const ctx = setupTestApp();
reconcileAfterEach(ctx);
afterEach(() => setLedgerFaults(null));

const VENDOR = 'HOUSE';
const SECRET = 'test-secret-0123456789abcdef';
const OTHER_SECRET = 'other-brand-secret-0123456789';
let brand: Brand;
let other: Brand;

beforeAll(async () => {
  const found = await findBrandByMerchantCode(ctx.db, 'DEMO');
  if (!found) throw new Error('no demo brand');
  brand = found;
  await upsertVendor(ctx.db, { brandId: brand.id, code: VENDOR, name: 'House games', secret: SECRET });
  other = await makeBrand(ctx.db);
  await upsertVendor(ctx.db, { brandId: other.id, code: VENDOR, name: 'House games', secret: OTHER_SECRET });
});

type ItemAnswer = {
  call: string;
  transactionId: string | null;
  roundId: string;
  success: boolean;
  errorCode: string;
  value: { balance?: string; status?: string } | null;
};
type BatchAnswer = { success: boolean; value: { items: ItemAnswer[] } | null; errorCode: string };

async function post(path: string, body: unknown, options: { secret?: string; merchant?: string } = {}) {
  const raw = JSON.stringify(body);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/seamless/v1/${path}`,
    headers: {
      merchant: options.merchant ?? 'DEMO',
      'x-vendor': VENDOR,
      'x-signature': await signSeamlessRequest(options.secret ?? SECRET, 'POST', `/seamless/v1/${path}`, raw),
      'content-type': 'application/json',
    },
    payload: raw,
  });
  return { status: res.statusCode, body: res.json() as BatchAnswer };
}

const batch = (items: Record<string, unknown>[], options: { secret?: string; merchant?: string } = {}) =>
  post('batch', { vendor: VENDOR, items }, options);

async function player(funds = 10_000n, merchant = 'DEMO') {
  return vendorPlayer(ctx, VENDOR, { funds, merchant });
}

async function balance(token: string, merchant = 'DEMO', secret = SECRET) {
  const res = await post('balance', { vendor: VENDOR, token }, { merchant, secret });
  return (res.body as unknown as { value: { balance: string } }).value.balance;
}

const betItem = (token: string, amount = '10.00', roundId: string = randomUUID()) => ({
  call: 'bet',
  token,
  transactionId: randomUUID(),
  roundId,
  gameId: 'live-baccarat',
  amount,
  currency: 'MYR',
});
const winItem = (bet: ReturnType<typeof betItem>, amount: string) => ({
  call: 'win',
  transactionId: randomUUID(),
  betTransactionId: bet.transactionId,
  roundId: bet.roundId,
  gameId: bet.gameId,
  amount,
  currency: 'MYR',
});
const endItem = (roundId: string) => ({ call: 'roundEnd', roundId, gameId: 'live-baccarat' });

async function storedTransactions(ids: string[]) {
  return ctx.db
    .selectFrom('seamless_transactions')
    .select('transaction_id')
    .where('transaction_id', 'in', ids)
    .execute();
}

describe('the batch call', () => {
  it("applies each item on its own and answers each in order: one player's refusal changes nothing of the others", async () => {
    const a = await player(10_000n);
    const b = await player(500n);
    const betA = betItem(a.token, '20.00');
    const betB = betItem(b.token, '20.00'); // B holds 5.00: insufficient_balance
    const res = await batch([betA, betB]);
    expect(res.status).toBe(200);
    expect(res.body.value?.items).toMatchObject([
      {
        call: 'bet',
        transactionId: betA.transactionId,
        success: true,
        errorCode: '',
        value: { balance: '80.00' },
      },
      { call: 'bet', transactionId: betB.transactionId, success: false, errorCode: 'insufficient_balance' },
    ]);
    // A win and its round's end in one batch, in that order; a win of the other round is its own item.
    const settle = await batch([winItem(betA, '35.50'), endItem(betA.roundId), endItem(betB.roundId)]);
    expect(settle.body.value?.items.map((i) => [i.call, i.success, i.errorCode, i.value])).toEqual([
      ['win', true, '', { balance: '115.50', currency: 'MYR' }],
      ['roundEnd', true, '', { roundId: betA.roundId, status: 'settled' }],
      ['roundEnd', true, '', { roundId: betB.roundId, status: 'cancelled' }],
    ]);
    expect(await balance(a.token)).toBe('115.50');
    expect(await balance(b.token)).toBe('5.00');
  });

  it('runs the items of one round in the order given: a win after its roundEnd is refused round_closed', async () => {
    const a = await player();
    const placed = betItem(a.token, '10.00');
    await batch([placed]);
    const res = await batch([endItem(placed.roundId), winItem(placed, '50.00')]);
    expect(res.body.value?.items.map((i) => i.errorCode)).toEqual(['', 'round_closed']);
    expect(await balance(a.token)).toBe('90.00');
  });

  it('answers a replayed batch with the original answers and applies it once, also after the answer was lost', async () => {
    const a = await player();
    const b = await player();
    const items = [betItem(a.token, '10.00'), betItem(b.token, '30.00')];
    // The second item commits and then the answer is lost (the vendor, or the connection, killed mid-batch).
    let commits = 0;
    setLedgerFaults({
      afterCommit: async () => {
        commits += 1;
        if (commits === 2) throw new Error('connection dropped after commit');
      },
    });
    const lost = await batch(items);
    expect(lost.status).toBe(500);
    setLedgerFaults(null);
    const first = await batch(items);
    const again = await batch(items);
    expect(first.body.value?.items.map((i) => i.value?.balance)).toEqual(['90.00', '70.00']);
    expect(again.body).toEqual(first.body);
    expect(await balance(a.token)).toBe('90.00');
    expect(await balance(b.token)).toBe('70.00');
    // The same items sent alone afterwards answer the same too.
    const { call: _, ...single } = items[1] as Record<string, unknown>;
    const alone = await post('bet', { vendor: VENDOR, ...single });
    expect((alone.body as unknown as { value: { balance: string } }).value.balance).toBe('70.00');
  });

  it("answers wallet_busy for the item whose transaction cannot commit and its round's later items, applies the others, and applies it once when sent again", async () => {
    const a = await player();
    const b = await player();
    const betB = betItem(b.token, '10.00');
    const items = [betItem(a.token, '10.00'), betB, endItem(betB.roundId)];
    setLedgerFaults({
      beforeCommit: async (trx) => {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from seamless_transactions where transaction_id = ${betB.transactionId}`.execute(
          trx,
        );
        if (rows[0]?.n) await sql.raw(raiseSqlState('40P01')).execute(trx);
      },
    });
    const res = await batch(items);
    setLedgerFaults(null);
    // The roundEnd after the busy bet was not run: the round is still open for the bet sent again.
    expect(res.body.value?.items.map((i) => [i.success, i.errorCode])).toEqual([
      [true, ''],
      [false, 'wallet_busy'],
      [false, 'wallet_busy'],
    ]);
    expect(await balance(b.token)).toBe('100.00');
    const round = await ctx.db
      .selectFrom('seamless_rounds')
      .select('status')
      .where('round_id', '=', betB.roundId)
      .executeTakeFirst();
    expect(round?.status ?? 'none').not.toBe('settled');
    const retried = await batch([items[1] as Record<string, unknown>]);
    expect(retried.body.value?.items[0]).toMatchObject({ success: true, value: { balance: '90.00' } });
    expect(await balance(a.token)).toBe('90.00');
  });

  it('refuses a transaction id or a roundEnd twice in one batch as a whole, applying nothing', async () => {
    const a = await player();
    const placed = betItem(a.token, '10.00');
    const twice = await batch([placed, betItem(a.token, '5.00'), { ...placed }]);
    expect(twice.status).toBe(400);
    expect(twice.body.errorCode).toBe('request_param_err');
    const ends = await batch([betItem(a.token, '1.00'), endItem(placed.roundId), endItem(placed.roundId)]);
    expect(ends.status).toBe(400);
    expect(await balance(a.token)).toBe('100.00');
    expect(await storedTransactions([placed.transactionId])).toHaveLength(0);
  });

  it('refuses an oversize, empty or malformed batch, applying nothing', async () => {
    const a = await player();
    const items = Array.from({ length: SEAMLESS_BATCH_MAX + 1 }, () => betItem(a.token, '0.01'));
    const oversize = await batch(items);
    expect(oversize.status).toBe(400);
    expect(oversize.body.errorCode).toBe('request_param_err');
    expect((await batch([])).status).toBe(400);
    const unknownCall = await batch([{ ...betItem(a.token), call: 'transfer' }]);
    expect(unknownCall.status).toBe(400);
    const numberAmount = await batch([{ ...betItem(a.token), amount: 10 }]);
    expect(numberAmount.status).toBe(400);
    const nul = await batch([{ ...betItem(a.token), roundId: 'r\u0000' }]);
    expect(nul.status).toBe(400);
    expect(await balance(a.token)).toBe('100.00');
    expect(await storedTransactions(items.slice(0, 3).map((i) => i.transactionId))).toHaveLength(0);
  });

  it('refuses a forged, missing or other-call signature and a replay of a single call body at /batch, changing nothing', async () => {
    const a = await player();
    const items = [betItem(a.token, '10.00')];
    const forged = await batch(items, { secret: 'not-the-secret' });
    expect(forged.status).toBe(401);
    expect(forged.body.errorCode).toBe('vendor_signature_invalid');
    // A body signed for /bet (the path is signed) is refused at /batch.
    const raw = JSON.stringify({ vendor: VENDOR, items });
    const replayed = await ctx.app.inject({
      method: 'POST',
      url: '/seamless/v1/batch',
      headers: {
        merchant: 'DEMO',
        'x-vendor': VENDOR,
        'x-signature': await signSeamlessRequest(SECRET, 'POST', '/seamless/v1/bet', raw),
        'content-type': 'application/json',
      },
      payload: raw,
    });
    expect(replayed.statusCode).toBe(401);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/seamless/v1/batch',
      headers: { merchant: 'DEMO', 'x-vendor': VENDOR, 'content-type': 'application/json' },
      payload: raw,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await balance(a.token)).toBe('100.00');
    expect(await storedTransactions([items[0]?.transactionId ?? ''])).toHaveLength(0);
  });

  it("answers an item for another brand's player vendor_session_invalid or bet_not_found, touching neither brand's money", async () => {
    const mine = await player();
    const theirs = await player(10_000n, other.merchantCode);
    const theirBet = betItem(theirs.token, '10.00');
    const placedThere = await batch([theirBet], { merchant: other.merchantCode, secret: OTHER_SECRET });
    expect(placedThere.body.value?.items[0]?.success).toBe(true);
    const myBet = betItem(mine.token, '10.00');
    // Sent as DEMO: a bet with the other brand's token, and a win naming the other brand's bet.
    const res = await batch([myBet, betItem(theirs.token, '10.00'), winItem(theirBet, '500.00')]);
    expect(res.body.value?.items.map((i) => [i.success, i.errorCode])).toEqual([
      [true, ''],
      [false, 'vendor_session_invalid'],
      [false, 'bet_not_found'],
    ]);
    expect(await balance(mine.token)).toBe('90.00');
    expect(await balance(theirs.token, other.merchantCode, OTHER_SECRET)).toBe('90.00');
  });

  it('applies concurrent copies of one batch exactly once, every copy answering the same', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => player()));
    const items = players.map((p) => betItem(p.token, '25.00'));
    const answers = await Promise.all(Array.from({ length: 6 }, () => batch(items)));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body.value?.items.map((i) => i.value?.balance)).toEqual([
        '75.00',
        '75.00',
        '75.00',
        '75.00',
      ]);
    }
    for (const p of players) expect(await balance(p.token)).toBe('75.00');
  });
});
