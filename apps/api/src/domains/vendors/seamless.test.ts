import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { signSeamlessRequest } from '@lotus/contracts/seamless-signature';
import { markedStatement } from '@lotus/db-repeatable';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { vendorPlayer } from '../../../test/factories.ts';
import { raiseSqlState, reconcileAfterEach, seeded } from '../../../test/money.ts';
import { setupTestApp } from '../../../test/support.ts';
import { findBrandByMerchantCode } from '../brands/brand.repository.ts';
import type { Brand } from '../brands/brand.ts';
import { setLedgerFaults } from '../wallet/ledger.service.ts';
import { houseAdjustment } from '../wallet/wallet.service.ts';
import { closeStaleRounds } from './seamless.service.ts';
import { seamlessFunction } from './seamless.sql.ts';
import { signBody } from './signature.ts';
import { upsertVendor } from './vendor.repository.ts';
import { issueVendorSession } from './vendor-session.service.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);

const VENDOR = 'HOUSE';
const SECRET = 'test-secret-0123456789abcdef';
let brand: Brand;

beforeAll(async () => {
  const found = await findBrandByMerchantCode(ctx.db, 'DEMO');
  if (!found) throw new Error('no demo brand');
  brand = found;
  await upsertVendor(ctx.db, { brandId: brand.id, code: VENDOR, name: 'House games', secret: SECRET });
});

type Answer = { success: boolean; value: { balance: string; currency: string } | null; errorCode: string };

async function send(
  path: string,
  body: Record<string, unknown>,
  options: { secret?: string; raw?: string } = {},
) {
  const raw = options.raw ?? JSON.stringify({ vendor: VENDOR, ...body });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/seamless/v1/${path}`,
    headers: {
      merchant: 'DEMO',
      'x-vendor': VENDOR,
      'x-signature': await signSeamlessRequest(options.secret ?? SECRET, 'POST', `/seamless/v1/${path}`, raw),
      'content-type': 'application/json',
    },
    payload: raw,
  });
  return { status: res.statusCode, body: res.json() as Answer, text: res.body };
}

async function player(balance = '100.00', isAgent = 0) {
  const m = await vendorPlayer(ctx, VENDOR, { isAgent, funds: BigInt(balance.replace('.', '')) });
  return { id: m.id, token: m.token, owner: m.owner };
}

async function balance(token: string) {
  return (await send('balance', { token })).body.value?.balance;
}

const ids = (): { transactionId: string; roundId: string; gameId: string } => ({
  transactionId: randomUUID(),
  roundId: randomUUID(),
  gameId: 'slots-1',
});

function bet(token: string, amount: string, extra: Partial<ReturnType<typeof ids>> = {}) {
  const base = { ...ids(), ...extra };
  return { ...base, token, amount, currency: 'MYR' };
}

describe('signature', () => {
  it('refuses a bad, missing or foreign signature before anything else and changes nothing', async () => {
    const p = await player();
    const body = bet(p.token, '10.00');
    const forged = await send('bet', body, { secret: 'not-the-secret' });
    expect(forged.status).toBe(401);
    expect(forged.body.errorCode).toBe('vendor_signature_invalid');
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/seamless/v1/bet',
      headers: { merchant: 'DEMO', 'x-vendor': VENDOR, 'content-type': 'application/json' },
      payload: JSON.stringify({ vendor: VENDOR, ...body }),
    });
    expect(unsigned.statusCode).toBe(401);
    // The signature covers the exact bytes: re-serialising the same JSON differently fails too.
    const raw = JSON.stringify({ vendor: VENDOR, ...body });
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: '/seamless/v1/bet',
      headers: {
        merchant: 'DEMO',
        'x-vendor': VENDOR,
        'x-signature': await signSeamlessRequest(SECRET, 'POST', '/seamless/v1/bet', raw),
        'content-type': 'application/json',
      },
      payload: raw.replace('10.00', '1000.00'),
    });
    expect(tampered.statusCode).toBe(401);
    expect(await balance(p.token)).toBe('100.00');
    const rows = await ctx.db
      .selectFrom('seamless_transactions')
      .select('id')
      .where('transaction_id', '=', body.transactionId)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('binds the signature to its call: a signed win body replayed at /rollback, or a body-only signature, is refused', async () => {
    const p = await player('100.00');
    const placed = bet(p.token, '10.00');
    await send('bet', placed);
    const raw = JSON.stringify({
      vendor: VENDOR,
      ...ids(),
      roundId: placed.roundId,
      betTransactionId: placed.transactionId,
      amount: '10.00',
      currency: 'MYR',
    });
    const at = async (path: string, signature: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/seamless/v1/${path}`,
        headers: {
          merchant: 'DEMO',
          'x-vendor': VENDOR,
          'x-signature': signature,
          'content-type': 'application/json',
        },
        payload: raw,
      });
    const winSignature = await signSeamlessRequest(SECRET, 'POST', '/seamless/v1/win', raw);
    const replayed = await at('rollback', winSignature);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ errorCode: 'vendor_signature_invalid' });
    expect((await at('win', signBody(SECRET, raw))).statusCode).toBe(401);
    expect(await balance(p.token)).toBe('90.00');
    expect((await at('win', winSignature)).json()).toMatchObject({
      success: true,
      value: { balance: '100.00' },
    });
  });

  it('refuses a body naming another vendor than the signed header', async () => {
    const p = await player();
    const res = await send('balance', {}, { raw: JSON.stringify({ vendor: 'OTHER', token: p.token }) });
    expect(res.status).toBe(400);
  });
});

describe('bets and replays', () => {
  it('debits a bet and answers the balance with the currency scale', async () => {
    const p = await player('100.00');
    const res = await send('bet', bet(p.token, '12.5'));
    expect(res.body).toMatchObject({ success: true, value: { balance: '87.50', currency: 'MYR' } });
  });

  it('answers a replayed bet with the original answer and applies it once', async () => {
    const p = await player('100.00');
    const body = bet(p.token, '10.00');
    const first = await send('bet', body);
    await send('bet', bet(p.token, '1.00'));
    const again = await send('bet', body);
    expect(again.text).toBe(first.text);
    expect(await balance(p.token)).toBe('89.00');
  });

  it('applies 50 concurrent copies of one bet exactly once, all with the same answer', async () => {
    const p = await player('100.00');
    const body = bet(p.token, '7.00');
    const answers = await Promise.all(Array.from({ length: 50 }, () => send('bet', body)));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers[0]?.body.value?.balance).toBe('93.00');
    expect(await balance(p.token)).toBe('93.00');
  });

  it('refuses the same transaction id with other content as a mismatch', async () => {
    const p = await player('100.00');
    const body = bet(p.token, '10.00');
    await send('bet', body);
    const res = await send('bet', { ...body, amount: '11.00' });
    expect(res.body.errorCode).toBe('idempotency_mismatch');
    expect(await balance(p.token)).toBe('90.00');
  });

  it('refuses a short balance with the current balance, and keeps refusing that id after a top-up', async () => {
    const p = await player('99.80');
    const body = bet(p.token, '99.90');
    const res = await send('bet', body);
    expect(res.body).toMatchObject({
      success: false,
      errorCode: 'insufficient_balance',
      value: { balance: '99.80' },
    });
    await houseAdjustment(ctx.db, brand, p.owner, 1_000n, `topup:${randomUUID()}`);
    const retry = await send('bet', body);
    expect(retry.text).toBe(res.text);
    expect(await balance(p.token)).toBe('109.80');
  });

  it('lets exactly floor(balance / stake) of parallel bets through', async () => {
    const p = await player('50.00');
    const answers = await Promise.all(Array.from({ length: 12 }, () => send('bet', bet(p.token, '7.00'))));
    expect(answers.filter((a) => a.body.success)).toHaveLength(7);
    for (const a of answers.filter((x) => !x.body.success))
      expect(a.body.errorCode).toBe('insufficient_balance');
    expect(await balance(p.token)).toBe('1.00');
  });

  it("opens a player's wallet on a first bet: a trial account's demo balance, an ordinary member's empty wallet", async () => {
    const trial = await player('0.00', 4);
    const first = await send('bet', bet(trial.token, '10.00'));
    expect(first.body).toMatchObject({ success: true, value: { balance: '1990.00' } });
    expect(await balance(trial.token)).toBe('1990.00');
    const fresh = await player('0.00');
    const refused = await send('bet', bet(fresh.token, '0.01'));
    expect(refused.body).toMatchObject({ success: false, errorCode: 'insufficient_balance' });
    expect(refused.body.value?.balance).toBe('0.00');
  });

  it('refuses a bet with an unknown or expired player token', async () => {
    const p = await player();
    expect((await send('bet', bet('x'.repeat(43), '1.00'))).body.errorCode).toBe('vendor_session_invalid');
    const expired = await issueVendorSession(ctx.db, p.id, VENDOR, 'slots-1', { ttlMinutes: -1 });
    expect((await send('bet', bet(expired.token, '1.00'))).body.errorCode).toBe('vendor_session_invalid');
    expect(await balance(p.token)).toBe('100.00');
  });

  it("refuses a locked member's bet, yet answers a bet taken before the lock with its original answer", async () => {
    const p = await player();
    const body = bet(p.token, '10.00');
    const taken = await send('bet', body);
    expect(taken.body).toMatchObject({ success: true, value: { balance: '90.00' } });
    await ctx.db.updateTable('members').set({ status: 'LOCKED' }).where('id', '=', p.id).execute();
    expect((await send('bet', bet(p.token, '1.00'))).body.errorCode).toBe('vendor_session_invalid');
    // The vendor's retry of the earlier bet is a replay: the same answer, nothing applied again.
    expect((await send('bet', body)).text).toBe(taken.text);
    await ctx.db.updateTable('members').set({ status: 'ACTIVE' }).where('id', '=', p.id).execute();
    expect(await balance(p.token)).toBe('90.00');
  });

  it('keeps amounts above 2^53 exact through the API and SQL', async () => {
    const p = await player('0');
    const big = 2n ** 60n + 7n;
    await houseAdjustment(ctx.db, brand, p.owner, big, `big:${randomUUID()}`);
    expect(await balance(p.token)).toBe('11529215046068469.83');
    const res = await send('bet', bet(p.token, '9007199254740993.01'));
    expect(res.body.value?.balance).toBe('2522015791327476.82');
  });

  it('refuses amounts with more digits than the currency, and JSON numbers', async () => {
    const p = await player();
    expect((await send('bet', bet(p.token, '1.005'))).body.errorCode).toBe('amount_invalid');
    expect((await send('bet', { ...bet(p.token, '1'), amount: 1 })).status).toBe(400);
    expect(await balance(p.token)).toBe('100.00');
  });
});

describe('wins and rollbacks', () => {
  it('credits a win without checking the token, and refuses a win with no bet', async () => {
    const p = await player('100.00');
    const b = bet(p.token, '10.00');
    await send('bet', b);
    const win = await send('win', {
      ...ids(),
      roundId: b.roundId,
      betTransactionId: b.transactionId,
      amount: '25.00',
      currency: 'MYR',
    });
    expect(win.body).toMatchObject({ success: true, value: { balance: '115.00' } });
    const orphan = await send('win', {
      ...ids(),
      betTransactionId: randomUUID(),
      amount: '5.00',
      currency: 'MYR',
    });
    expect(orphan.body.errorCode).toBe('bet_not_found');
    expect(await balance(p.token)).toBe('115.00');
  });

  it('refunds a rollback once, also when repeated with the same or another id', async () => {
    const p = await player('100.00');
    const b = bet(p.token, '30.00');
    await send('bet', b);
    const rollback = { ...ids(), roundId: b.roundId, betTransactionId: b.transactionId, currency: 'MYR' };
    const first = await send('rollback', rollback);
    expect(first.body).toMatchObject({ success: true, value: { balance: '100.00' } });
    expect((await send('rollback', rollback)).text).toBe(first.text);
    const other = await send('rollback', { ...rollback, transactionId: randomUUID() });
    expect(other.body).toMatchObject({ success: true, value: { balance: '100.00' } });
    expect(await balance(p.token)).toBe('100.00');
  });

  it('refuses a win on a rolled-back bet and a rollback after a win', async () => {
    const p = await player('100.00');
    const cancelled = bet(p.token, '10.00');
    await send('bet', cancelled);
    await send('rollback', { ...ids(), betTransactionId: cancelled.transactionId, currency: 'MYR' });
    const lateWin = await send('win', {
      ...ids(),
      roundId: cancelled.roundId,
      betTransactionId: cancelled.transactionId,
      amount: '50.00',
      currency: 'MYR',
    });
    expect(lateWin.body.errorCode).toBe('bet_cancelled');

    const won = bet(p.token, '10.00');
    await send('bet', won);
    await send('win', {
      ...ids(),
      roundId: won.roundId,
      betTransactionId: won.transactionId,
      amount: '20.00',
      currency: 'MYR',
    });
    const lateRollback = await send('rollback', {
      ...ids(),
      betTransactionId: won.transactionId,
      currency: 'MYR',
    });
    expect(lateRollback.body.errorCode).toBe('bet_already_settled');
    expect(await balance(p.token)).toBe('110.00');
  });

  it('answers a rollback that overtakes its bet with not found and refuses the bet when it arrives', async () => {
    const p = await player('100.00');
    const b = bet(p.token, '10.00');
    const rollback = await send('rollback', { ...ids(), betTransactionId: b.transactionId, currency: 'MYR' });
    expect(rollback.body.errorCode).toBe('bet_not_found');
    const late = await send('bet', b);
    expect(late.body).toMatchObject({ success: false, errorCode: 'bet_cancelled' });
    expect(await balance(p.token)).toBe('100.00');
  });

  it('settles wins and rollbacks with an expired player token (wins and rollbacks carry no session check)', async () => {
    const p = await player('100.00');
    const short = await issueVendorSession(ctx.db, p.id, VENDOR, 'slots-1');
    const b = bet(short.token, '10.00');
    await send('bet', b);
    await ctx.db
      .updateTable('vendor_sessions')
      .set({ expires_at: new Date(0) })
      .execute();
    const win = await send('win', {
      ...ids(),
      token: short.token,
      roundId: b.roundId,
      betTransactionId: b.transactionId,
      amount: '1.00',
      currency: 'MYR',
    });
    expect(win.body).toMatchObject({ success: true, value: { balance: '91.00' } });
  });
});

describe("another player's transaction ids", () => {
  it("refuses a bet reusing another player's or another session's transaction id, showing no balance", async () => {
    const a = await player('100.00');
    const b = await player('100.00');
    const body = bet(a.token, '10.00');
    expect((await send('bet', body)).body.value?.balance).toBe('90.00');
    const reused = await send('bet', { ...body, token: b.token });
    expect(reused.body).toMatchObject({ success: false, errorCode: 'idempotency_mismatch' });
    expect(reused.text).not.toContain('90.00');
    const otherSession = await issueVendorSession(ctx.db, a.id, VENDOR, 'slots-1');
    expect((await send('bet', { ...body, token: otherSession.token })).body.errorCode).toBe(
      'idempotency_mismatch',
    );
    expect(await balance(a.token)).toBe('90.00');
    expect(await balance(b.token)).toBe('100.00');
  });

  it("never settles a bet for a win or rollback carrying another player's token", async () => {
    const a = await player('100.00');
    const b = await player('100.00');
    const placed = bet(a.token, '10.00');
    await send('bet', placed);
    const win = {
      ...ids(),
      roundId: placed.roundId,
      betTransactionId: placed.transactionId,
      amount: '50.00',
      currency: 'MYR',
    };
    const foreignWin = await send('win', { ...win, token: b.token });
    expect(foreignWin.body).toMatchObject({ success: false, errorCode: 'idempotency_mismatch', value: null });
    const unknownToken = await send('win', { ...win, token: 'y'.repeat(43) });
    expect(unknownToken.body.errorCode).toBe('vendor_session_invalid');
    const rollback = {
      ...ids(),
      roundId: placed.roundId,
      betTransactionId: placed.transactionId,
      currency: 'MYR',
    };
    const foreignRollback = await send('rollback', { ...rollback, token: b.token });
    expect(foreignRollback.body).toMatchObject({ success: false, errorCode: 'idempotency_mismatch' });
    expect(await balance(a.token)).toBe('90.00');
    expect(await balance(b.token)).toBe('100.00');

    // Nothing was kept of the refused calls: the same win with the bet's own player pays once, and
    // its replay from another player is a mismatch, not its answer.
    const paid = await send('win', { ...win, token: a.token });
    expect(paid.body).toMatchObject({ success: true, value: { balance: '140.00' } });
    expect((await send('win', { ...win, token: b.token })).body.errorCode).toBe('idempotency_mismatch');
    expect((await send('win', { ...win, token: a.token })).text).toBe(paid.text);
    expect(await balance(a.token)).toBe('140.00');
    expect(await balance(b.token)).toBe('100.00');
  });

  it("refuses a bet-and-win reusing another player's transaction id", async () => {
    const a = await player('100.00');
    const b = await player('100.00');
    const body = { ...ids(), token: a.token, betAmount: '10.00', winAmount: '4.00', currency: 'MYR' };
    expect((await send('betWin', body)).body.value?.balance).toBe('94.00');
    const reused = await send('betWin', { ...body, token: b.token });
    expect(reused.body).toMatchObject({ success: false, errorCode: 'idempotency_mismatch' });
    expect(reused.text).not.toContain('94.00');
    expect(await balance(a.token)).toBe('94.00');
    expect(await balance(b.token)).toBe('100.00');
  });
});

describe("the vendor's side", () => {
  it("spreads it over the vendor's accounts by member; together they hold what the players staked less their wins", async () => {
    const code = `S${randomUUID().replaceAll('-', '').slice(0, 8)}`;
    await upsertVendor(ctx.db, { brandId: brand.id, code, name: 'Spread vendor', secret: SECRET });
    const players = [await player('100.00'), await player('100.00')];
    for (const p of players) {
      const { token } = await issueVendorSession(ctx.db, p.id, code, 'slots-1');
      const placed = bet(token, '10.00');
      for (const [path, body] of [
        ['bet', placed],
        [
          'win',
          {
            ...ids(),
            roundId: placed.roundId,
            betTransactionId: placed.transactionId,
            amount: '4.00',
            currency: 'MYR',
          },
        ],
      ] as const) {
        const raw = JSON.stringify({ vendor: code, ...body });
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/seamless/v1/${path}`,
          headers: {
            merchant: 'DEMO',
            'x-vendor': code,
            'x-signature': await signSeamlessRequest(SECRET, 'POST', `/seamless/v1/${path}`, raw),
            'content-type': 'application/json',
          },
          payload: raw,
        });
        expect(res.json()).toMatchObject({ success: true });
      }
    }
    const vendorId = (
      await ctx.db.selectFrom('vendors').select('id').where('code', '=', code).executeTakeFirstOrThrow()
    ).id;
    const accounts = await ctx.db
      .selectFrom('ledger_accounts')
      .select(['owner_key', 'balance'])
      .where('kind', '=', 'vendor')
      .where('vendor_id', '=', vendorId)
      .execute();
    // Consecutive members fall in different shards.
    expect(accounts).toHaveLength(2);
    expect(accounts.reduce((sum, a) => sum + BigInt(a.balance), 0n)).toBe(1200n);
    for (const p of players) expect(await balance(p.token)).toBe('94.00');
  });
});

describe('bet-and-win and rounds', () => {
  it('debits and credits atomically, refusing a stake the player cannot afford', async () => {
    const p = await player('10.00');
    const refused = await send('betWin', {
      ...ids(),
      token: p.token,
      betAmount: '10.01',
      winAmount: '100.00',
      currency: 'MYR',
    });
    expect(refused.body).toMatchObject({ errorCode: 'insufficient_balance', value: { balance: '10.00' } });
    const ok = await send('betWin', {
      ...ids(),
      token: p.token,
      betAmount: '10.00',
      winAmount: '3.50',
      currency: 'MYR',
    });
    expect(ok.body.value?.balance).toBe('3.50');
  });

  it('ends a round settled (open bets lost) or cancelled, and refuses bets on a closed round', async () => {
    const p = await player('100.00');
    const roundId = randomUUID();
    await send('bet', bet(p.token, '5.00', { roundId }));
    const end = await send('roundEnd', { roundId, gameId: 'slots-1' });
    expect(end.body).toMatchObject({ success: true, value: { roundId, status: 'settled' } });
    expect((await send('roundEnd', { roundId, gameId: 'slots-1' })).text).toBe(end.text);
    const late = await send('bet', bet(p.token, '5.00', { roundId }));
    expect(late.body).toMatchObject({
      success: false,
      errorCode: 'round_closed',
      value: { balance: '95.00' },
    });

    const cancelledRound = randomUUID();
    const b = bet(p.token, '5.00', { roundId: cancelledRound });
    await send('bet', b);
    await send('rollback', {
      ...ids(),
      roundId: cancelledRound,
      betTransactionId: b.transactionId,
      currency: 'MYR',
    });
    const ended = await send('roundEnd', { roundId: cancelledRound, gameId: 'slots-1' });
    expect(ended.body.value).toMatchObject({ status: 'cancelled' });
    expect(await balance(p.token)).toBe('95.00');
  });
});

describe('round rules', () => {
  it('pays several wins on one bet while its round is open, then refuses every money call of the ended round', async () => {
    const p = await player('100.00');
    const placed = bet(p.token, '10.00');
    await send('bet', placed);
    const win = (amount: string) => ({
      ...ids(),
      roundId: placed.roundId,
      betTransactionId: placed.transactionId,
      amount,
      currency: 'MYR',
    });
    expect((await send('win', win('5.00'))).body.value?.balance).toBe('95.00');
    expect((await send('win', win('7.00'))).body.value?.balance).toBe('102.00');
    await send('roundEnd', { roundId: placed.roundId, gameId: 'slots-1' });
    const late = await send('win', win('50.00'));
    expect(late.body).toMatchObject({
      success: false,
      errorCode: 'round_closed',
      value: { balance: '102.00' },
    });
    const lateBet = await send('bet', bet(p.token, '1.00', { roundId: placed.roundId }));
    expect(lateBet.body.errorCode).toBe('round_closed');
    const lateBetWin = await send('betWin', {
      ...ids(),
      roundId: placed.roundId,
      token: p.token,
      betAmount: '1.00',
      winAmount: '9.00',
      currency: 'MYR',
    });
    expect(lateBetWin.body.errorCode).toBe('round_closed');
    expect(await balance(p.token)).toBe('102.00');
  });

  it('refuses a rollback after round end: the bet round end settled as lost stays lost', async () => {
    const p = await player('100.00');
    const placed = bet(p.token, '10.00');
    await send('bet', placed);
    await send('roundEnd', { roundId: placed.roundId, gameId: 'slots-1' });
    const rollback = await send('rollback', {
      ...ids(),
      roundId: placed.roundId,
      betTransactionId: placed.transactionId,
      currency: 'MYR',
    });
    expect(rollback.body).toMatchObject({
      success: false,
      errorCode: 'round_closed',
      value: { balance: '90.00' },
    });
    expect(await balance(p.token)).toBe('90.00');
  });

  it("refuses a win naming another round than its bet's, keeping nothing", async () => {
    const p = await player('100.00');
    const placed = bet(p.token, '10.00');
    await send('bet', placed);
    const win = { ...ids(), betTransactionId: placed.transactionId, amount: '30.00', currency: 'MYR' };
    const wrong = await send('win', win);
    expect(wrong.body).toMatchObject({ success: false, errorCode: 'round_mismatch' });
    expect(await balance(p.token)).toBe('90.00');
    const right = await send('win', { ...win, roundId: placed.roundId });
    expect(right.body).toMatchObject({ success: true, value: { balance: '120.00' } });
  });
});

describe('stale rounds', () => {
  it('closes rounds left open past the limit, settling their open bets', async () => {
    const p = await player('100.00');
    const roundId = randomUUID();
    await send('bet', bet(p.token, '5.00', { roundId }));
    await sql`update seamless_rounds set created_at = now() - interval '3 hours' where round_id = ${roundId}`.execute(
      ctx.db,
    );
    expect(await closeStaleRounds(ctx.db, 120)).toBeGreaterThanOrEqual(1);
    const round = await ctx.db
      .selectFrom('seamless_rounds')
      .select('status')
      .where('round_id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect(round.status).toBe('settled');
    expect((await send('bet', bet(p.token, '5.00', { roundId }))).body.errorCode).toBe('round_closed');
  });
});

describe('faults', () => {
  it('retries an injected 40001 and applies the bet once', async () => {
    const p = await player('100.00');
    setLedgerFaults({
      beforeCommit: async (trx, attempt) => {
        if (attempt <= 2) await sql.raw(raiseSqlState('40001')).execute(trx);
      },
    });
    const res = await send('bet', bet(p.token, '10.00'));
    expect(res.body).toMatchObject({ success: true, value: { balance: '90.00' } });
  });

  it('answers wallet_busy (503), never insufficient funds, when deadlocks persist; a retry later succeeds once', async () => {
    const p = await player('100.00');
    const body = bet(p.token, '10.00');
    setLedgerFaults({
      beforeCommit: async (trx) => void (await sql.raw(raiseSqlState('40P01')).execute(trx)),
    });
    const busy = await send('bet', body);
    expect(busy.status).toBe(503);
    expect(busy.body.errorCode).toBe('wallet_busy');
    setLedgerFaults(null);
    expect(await balance(p.token)).toBe('100.00');
    expect((await send('bet', body)).body.value?.balance).toBe('90.00');
  });

  it('answers the original result when the reply was lost after the commit', async () => {
    const p = await player('100.00');
    const body = bet(p.token, '10.00');
    setLedgerFaults({
      afterCommit: async () => {
        throw new Error('connection dropped after commit');
      },
    });
    expect((await send('bet', body)).status).toBe(500);
    setLedgerFaults(null);
    const retry = await send('bet', body);
    expect(retry.body).toMatchObject({ success: true, value: { balance: '90.00' } });
    expect(await balance(p.token)).toBe('90.00');
  });

  it('takes the first bet of a new vendor after an earlier one died before its commit', async () => {
    const code = `V${randomUUID().replaceAll('-', '').slice(0, 8)}`;
    await upsertVendor(ctx.db, { brandId: brand.id, code, name: 'New vendor', secret: SECRET });
    const p = await player('100.00');
    const { token } = await issueVendorSession(ctx.db, p.id, code, 'slots-1');
    const betOfNewVendor = async (amount: string) => {
      const raw = JSON.stringify({ vendor: code, ...bet(token, amount) });
      return ctx.app.inject({
        method: 'POST',
        url: '/seamless/v1/bet',
        headers: {
          merchant: 'DEMO',
          'x-vendor': code,
          'x-signature': await signSeamlessRequest(SECRET, 'POST', '/seamless/v1/bet', raw),
          'content-type': 'application/json',
        },
        payload: raw,
      });
    };
    // The vendor's first bet (which opens the vendor's ledger account) dies before its commit.
    setLedgerFaults({
      beforeCommit: async () => {
        throw new Error('crash before commit');
      },
    });
    expect((await betOfNewVendor('10.00')).statusCode).toBe(500);
    setLedgerFaults(null);
    const next = await betOfNewVendor('10.00');
    expect(next.json()).toMatchObject({ success: true, value: { balance: '90.00' } });
    expect(await balance(p.token)).toBe('90.00');
  });

  // FAULT_SEED=<n> replays a run: every decision (stakes, fates, duplicates, order, lost replies) is
  // drawn from the seed before any call is sent, so the interleaving of a batch cannot change them.
  const FAULT_SEED = Number(process.env.FAULT_SEED ?? 424_242);
  it(`survives a seeded run of shuffled, duplicated and concurrent bets, wins and rollbacks (test 11, FAULT_SEED=${FAULT_SEED})`, async () => {
    const rng = seeded(FAULT_SEED);
    const p = await player('500.00');
    type Call = { path: string; body: Record<string, unknown> };
    const calls: Call[] = [];
    const rounds: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      const roundId = `r${i}-${randomUUID()}`;
      rounds.push(roundId);
      const b = bet(p.token, `${rng.int(1, 40)}.${String(rng.int(0, 99)).padStart(2, '0')}`, { roundId });
      calls.push({ path: 'bet', body: b });
      const fate = rng.next();
      if (fate < 0.4) {
        calls.push({
          path: 'win',
          body: {
            ...ids(),
            roundId,
            betTransactionId: b.transactionId,
            amount: `${rng.int(0, 80)}.00`,
            currency: 'MYR',
          },
        });
      } else if (fate < 0.7) {
        calls.push({
          path: 'rollback',
          body: { ...ids(), roundId, betTransactionId: b.transactionId, currency: 'MYR' },
        });
      }
    }
    const schedule = rng.shuffle(calls.flatMap((c) => (rng.next() < 0.4 ? [c, c] : [c])));
    // Which scheduled calls lose the reply of their first commit (the server "dies" after it).
    const losesReply = schedule.map(() => rng.next() < 0.1);
    const answers = new Map<string, Set<string>>();
    const current = new AsyncLocalStorage<number>();
    const lost = new Set<number>();
    setLedgerFaults({
      afterCommit: async () => {
        const index = current.getStore();
        if (index !== undefined && losesReply[index] && !lost.has(index)) {
          lost.add(index);
          throw new Error('reply lost');
        }
      },
    });
    for (let i = 0; i < schedule.length; i += 4) {
      const batch = schedule.slice(i, i + 4);
      await Promise.all(
        batch.map(async (c, offset) => {
          let res = await current.run(i + offset, () => send(c.path, c.body));
          // A vendor that got no answer retries the same call until it has one.
          while (res.status >= 500) res = await current.run(i + offset, () => send(c.path, c.body));
          // A win that came before its bet is answered bet_not_found and not kept: its retry may pay.
          if (c.path === 'win' && res.body.errorCode === 'bet_not_found') return;
          const key = String(c.body.transactionId);
          if (!answers.has(key)) answers.set(key, new Set());
          answers.get(key)?.add(res.text);
        }),
      );
    }
    setLedgerFaults(null);
    // Faults drawn for this seed did happen (replies lost after their commit, then retried); a fated
    // call answered without a money commit (a refusal) loses nothing, so at most as many as drawn.
    if (losesReply.some(Boolean)) expect(lost.size).toBeGreaterThan(0);
    expect(lost.size).toBeLessThanOrEqual(losesReply.filter(Boolean).length);
    for (const roundId of rounds) await send('roundEnd', { roundId, gameId: 'slots-1' });
    for (const [, texts] of answers) expect(texts.size).toBe(1);

    // The wallet equals the start minus standing stakes plus credited wins, each id applied once.
    const rows = await ctx.db
      .selectFrom('seamless_transactions')
      .select(['kind', 'amount', 'bet_state', 'error_code'])
      .where('member_id', '=', p.id)
      .execute();
    let expected = 50_000n;
    for (const r of rows) {
      if (r.kind === 'bet' && (r.bet_state === 'won' || r.bet_state === 'settled'))
        expected -= BigInt(r.amount);
      if (r.kind === 'win' && r.error_code === '') expected += BigInt(r.amount);
    }
    const entries = await ctx.db
      .selectFrom('journal_entries')
      .select(sql<string>`count(*)`.as('n'))
      .where('idempotency_key', 'like', 'seamless:%')
      .groupBy('idempotency_key')
      .having(sql`count(*)`, '>', 1)
      .execute();
    expect(entries).toHaveLength(0);
    const live = await balance(p.token);
    expect(live).toBe(`${expected / 100n}.${String(expected % 100n).padStart(2, '0')}`);
  });
});

describe('plans kept by long-lived connections', () => {
  // PL/pgSQL keeps a generic plan per connection, made from the statistics of the moment: a plan
  // made while seamless_transactions was small once walked all of a vendor's rows (the round
  // index) to find one bet, and every win on that connection got slower as the table grew.
  it("finds a win's bet through the vendor's transaction-id index in the generic plan", async () => {
    const plan = await ctx.db.connection().execute(async (conn) => {
      await sql`set plan_cache_mode = force_generic_plan`.execute(conn);
      try {
        // The statement itself, from the one source of seamless_win (not a copy).
        const marked = markedStatement(seamlessFunction('seamless_win'), 'bet_of_win');
        await sql.raw(`prepare bet_of_win(${marked.types.join(', ')}) as ${marked.text}`).execute(conn);
        const explained = await sql<Record<string, string>>`explain execute bet_of_win(1, 'x')`.execute(conn);
        return explained.rows.map((r) => Object.values(r).join(' ')).join('\n');
      } finally {
        // Only its own: the pool's connections keep their named statements (seamless_bet...).
        await sql`deallocate bet_of_win`.execute(conn);
        await sql`reset plan_cache_mode`.execute(conn);
      }
    });
    expect(plan).toMatch(/seamless_transactions_uq/);
  });
});

describe('a locked wallet', () => {
  it("answers the locked player's bets wallet_busy fast and changing nothing, holding one connection at a time, while another player's bet goes through at once", async () => {
    // Each money function waits at most 1 s for a lock (below the pool's 2 s), whatever the database.
    const { rows } = await sql<{ proconfig: string[] | null }>`
      select proconfig from pg_proc where proname in ('seamless_bet', 'seamless_win', 'seamless_rollback')`.execute(
      ctx.db,
    );
    expect(rows.map((r) => r.proconfig)).toEqual([
      ['lock_timeout=1s'],
      ['lock_timeout=1s'],
      ['lock_timeout=1s'],
    ]);
    // PGlite serves one statement at a time (no lock waits): the rest needs PostgreSQL.
    if (process.env.TEST_DB !== 'postgres') return;
    const a = await player('100.00');
    const b = await player('100.00');
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // Another connection holds A's wallet row; let go after 6 s at the latest so a regression fails
    // on the assertions below rather than hanging.
    const safety = setTimeout(release, 6_000);
    const holder = ctx.db.transaction().execute(async (trx) => {
      await sql`select id from ledger_accounts where member_id = ${a.id} and kind = 'member_main' for update`.execute(
        trx,
      );
      locked();
      await released;
    });
    await isLocked;
    const timed = async (call: Promise<Awaited<ReturnType<typeof send>>>) => {
      const started = performance.now();
      const res = await call;
      return { res, ms: performance.now() - started };
    };
    // Sixteen of A's bets at once, more than the pool's 10 connections: before issue 23 each held
    // a connection while it waited for the lock, and B's bet waited about a second behind them.
    const lockedBets = Array.from({ length: 16 }, () => bet(a.token, '10.00'));
    const answers = lockedBets.map((body) => timed(send('bet', body)));
    // How many of the database's connections wait for a lock meanwhile: A's calls go one at a time.
    const lockWaiters: number[] = [];
    for (const pause of [150, 200, 200]) {
      await new Promise((r) => setTimeout(r, pause));
      const { rows: waiting } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`.execute(ctx.db);
      lockWaiters.push(Number(waiting[0]?.n));
    }
    const other = await timed(send('bet', bet(b.token, '10.00')));
    const busy = await Promise.all(answers);
    release();
    clearTimeout(safety);
    await holder;
    // One of A's calls waits in the database (0 in a sample taken before it got there), never more:
    // before issue 23, 6 of them were seen waiting at once.
    expect(Math.max(...lockWaiters)).toBe(1);
    expect(other.res.body).toMatchObject({ success: true, value: { balance: '90.00' } });
    // A few milliseconds on a quiet machine; about a second (the locked calls' wait) before.
    expect(other.ms).toBeLessThan(500);
    // About the functions' 1 s on a quiet machine (1.03 s measured); the bound leaves room for a
    // loaded CI machine (3.0 s seen with every core busy) and stays under the vendors' timeouts and
    // the 6 s at which the holder lets go (without a lock limit the bets would then go through).
    for (const { res, ms } of busy) {
      expect(res.status).toBe(503);
      expect(res.body.errorCode).toBe('wallet_busy');
      expect(ms).toBeLessThan(4_500);
    }
    expect(await balance(a.token)).toBe('100.00');
    // Nothing was kept: the vendor's retry of the same transaction goes through once the lock is gone.
    const retried = await send('bet', lockedBets[0] ?? {});
    expect(retried.body.errorCode).toBe('');
    expect(retried.body).toMatchObject({
      success: true,
      value: { balance: '90.00' },
    });
  });
});

describe('a locked wallet, wins without a token', () => {
  it("holds one connection for a locked player's wins that name their bets but carry no token, and pays them once the lock goes", async () => {
    // PGlite serves one statement at a time (no lock waits): this needs PostgreSQL.
    if (process.env.TEST_DB !== 'postgres') return;
    const a = await player('100.00');
    const b = await player('100.00');
    // Twelve open bets of A (through this process: their wins are known to be A's).
    const bets = Array.from({ length: 12 }, () => bet(a.token, '1.00'));
    for (const placed of bets) expect((await send('bet', placed)).body.success).toBe(true);
    const wins = bets.map((placed) => ({
      ...ids(),
      roundId: placed.roundId,
      betTransactionId: placed.transactionId,
      amount: '2.00',
      currency: 'MYR',
    }));
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const safety = setTimeout(release, 6_000);
    const holder = ctx.db.transaction().execute(async (trx) => {
      await sql`select id from ledger_accounts where member_id = ${a.id} and kind = 'member_main' for update`.execute(
        trx,
      );
      locked();
      await released;
    });
    await isLocked;
    const answers = wins.map((win) => send('win', win));
    const lockWaiters: number[] = [];
    for (const pause of [150, 200, 200]) {
      await new Promise((r) => setTimeout(r, pause));
      const { rows: waiting } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`.execute(ctx.db);
      lockWaiters.push(Number(waiting[0]?.n));
    }
    const started = performance.now();
    const other = await send('bet', bet(b.token, '10.00'));
    const otherMs = performance.now() - started;
    const busy = await Promise.all(answers);
    release();
    clearTimeout(safety);
    await holder;
    expect(Math.max(...lockWaiters)).toBe(1);
    expect(other.body).toMatchObject({ success: true, value: { balance: '90.00' } });
    expect(otherMs).toBeLessThan(500);
    for (const res of busy) {
      expect(res.status).toBe(503);
      expect(res.body.errorCode).toBe('wallet_busy');
    }
    expect(await balance(a.token)).toBe('88.00');
    // Nothing was kept: each win sent again is paid once, and once only.
    for (const win of wins) expect((await send('win', win)).body.success).toBe(true);
    // A replay answers the stored answer and pays nothing more.
    expect((await send('win', wins[0] ?? {})).body.success).toBe(true);
    expect(await balance(a.token)).toBe('112.00');
  });
});

describe('amounts past the bigint range', () => {
  // Last in the file: the house's account is left close to the bottom of the range.
  it('answers 400 amount_invalid for a win or betWin that would overflow the balance, changing nothing', async () => {
    const max = 2n ** 63n - 1n;
    const p = await player('0');
    // Not quite the maximum: the house account the funding comes from must stay in range too.
    await houseAdjustment(ctx.db, brand, p.owner, max - 2n ** 61n, `near-max:${randomUUID()}`);
    const placed = bet(p.token, '1.00');
    await send('bet', placed);
    const before = await balance(p.token);
    const win = {
      ...ids(),
      roundId: placed.roundId,
      betTransactionId: placed.transactionId,
      // 2^61 + 1048 minor units: past the maximum by 948 after the 1.00 bet.
      amount: '23058430092136950.00',
      currency: 'MYR',
    };
    const overflow = await send('win', win);
    expect(overflow.body.errorCode).toBe('amount_invalid');
    expect(overflow.status).toBe(400);
    const betWin = await send('betWin', {
      ...ids(),
      token: p.token,
      betAmount: '0.00',
      winAmount: '23058430092136950.00',
      currency: 'MYR',
    });
    expect(betWin.status).toBe(400);
    expect(betWin.body.errorCode).toBe('amount_invalid');
    const huge = await send('win', { ...win, transactionId: randomUUID(), amount: '92233720368547758.08' });
    expect(huge.status).toBe(400);
    expect(huge.body.errorCode).toBe('amount_invalid');
    expect(await balance(p.token)).toBe(before);
    // The refused win kept nothing: the same id with an amount that fits is paid.
    expect((await send('win', { ...win, amount: '1.00' })).body).toMatchObject({ success: true });
  });
});
