import { randomUUID } from 'node:crypto';
import { signSeamlessRequest } from '@lotus/contracts/seamless-signature';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { vendorPlayer } from '../../../test/factories.ts';
import { reconcileAfterEach } from '../../../test/money.ts';
import { setupTestApp } from '../../../test/support.ts';
import { findBrandByMerchantCode } from '../brands/brand.repository.ts';
import type { Brand } from '../brands/brand.ts';
import { upsertVendor } from '../vendors/vendor.repository.ts';
import { accountBalance, ensureAccount } from './ledger.repository.ts';
import { transferBetweenWallets } from './transfer.service.ts';
import { openMemberWallet, setWalletSettings, vendorWalletRef, type WalletOwner } from './wallet.service.ts';

/** In the transfer mode, a vendor's seamless calls play from the member's wallet at that vendor. */
const ctx = setupTestApp();
reconcileAfterEach(ctx);

const VENDOR = 'TMODE';
const SECRET = 'test-secret-0123456789abcdef';
let brand: Brand;
let vendorId: string;

beforeAll(async () => {
  const found = await findBrandByMerchantCode(ctx.db, 'DEMO');
  if (!found) throw new Error('no demo brand');
  brand = found;
  vendorId = (await upsertVendor(ctx.db, { brandId: brand.id, code: VENDOR, name: 'T', secret: SECRET })).id;
  await setWalletSettings(ctx.db, brand.id, { singleWallet: false });
});

afterEach(async () => {
  await setWalletSettings(ctx.db, brand.id, { singleWallet: false });
});

type Answer = { success: boolean; errorCode: string; value: { balance: string } | null };

async function send(path: string, body: Record<string, unknown>): Promise<Answer> {
  const currency = path === 'roundEnd' || path === 'balance' ? {} : { currency: 'MYR' };
  const game = path === 'balance' ? {} : { gameId: 'g1' };
  const raw = JSON.stringify({ vendor: VENDOR, ...game, ...currency, ...body });
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

/** A member with `main` in the main wallet and `game` moved into the vendor wallet. */
async function player(isAgent = 0, main = 10_000n, game = 0n) {
  const { id, owner, token } = await vendorPlayer(ctx, VENDOR, {
    prefix: 'g',
    isAgent,
    funds: main + game,
    gameId: 'g1',
  });
  if (game > 0n) {
    await transferBetweenWallets(ctx.db, brand, owner, {
      from: 0,
      to: Number(vendorId),
      amount: `${game / 100n}.${String(game % 100n).padStart(2, '0')}`,
      requestId: randomUUID(),
    });
  }
  return { id, owner, token };
}

async function balances(owner: WalletOwner) {
  const main = await openMemberWallet(ctx.db, brand, owner);
  const { account } = await ensureAccount(ctx.db, vendorWalletRef(brand, owner.id, vendorId));
  return { main: await accountBalance(ctx.db, main.id), game: await accountBalance(ctx.db, account.id) };
}

const round = () => ({ roundId: randomUUID(), transactionId: randomUUID() });

describe('seamless calls in the transfer mode', () => {
  it('answers the vendor wallet balance and debits bets from it, never from main', async () => {
    const p = await player(0, 10_000n, 3_000n);
    expect((await send('balance', { token: p.token })).value?.balance).toBe('30.00');
    const bet = await send('bet', { ...round(), token: p.token, amount: '12.00' });
    expect(bet).toMatchObject({ success: true, value: { balance: '18.00' } });
    expect(await balances(p.owner)).toEqual({ main: 10_000n, game: 1_800n });
  });

  it('refuses a bet the vendor wallet cannot cover even when the main wallet could', async () => {
    const p = await player(0, 100_000n, 500n);
    const bet = await send('bet', { ...round(), token: p.token, amount: '5.01' });
    expect(bet).toMatchObject({
      success: false,
      errorCode: 'insufficient_balance',
      value: { balance: '5.00' },
    });
    expect(await balances(p.owner)).toEqual({ main: 100_000n, game: 500n });
  });

  it('credits wins and rollbacks to the wallet the bet debited, even after a switch to single wallet', async () => {
    const p = await player(0, 10_000n, 5_000n);
    const won = round();
    await send('bet', { ...won, token: p.token, amount: '10.00' });
    const cancelled = round();
    await send('bet', { ...cancelled, token: p.token, amount: '7.00' });
    expect(await balances(p.owner)).toEqual({ main: 10_000n, game: 3_300n });
    await setWalletSettings(ctx.db, brand.id, { singleWallet: true });
    const win = await send('win', {
      transactionId: randomUUID(),
      betTransactionId: won.transactionId,
      roundId: won.roundId,
      amount: '25.00',
    });
    expect(win).toMatchObject({ success: true, value: { balance: '58.00' } });
    const rollback = await send('rollback', {
      transactionId: randomUUID(),
      betTransactionId: cancelled.transactionId,
      roundId: cancelled.roundId,
    });
    expect(rollback).toMatchObject({ success: true, value: { balance: '65.00' } });
    expect(await balances(p.owner)).toEqual({ main: 10_000n, game: 6_500n });
    // Single-wallet mode again: the next bet plays from main.
    await send('bet', { ...round(), token: p.token, amount: '1.00' });
    expect(await balances(p.owner)).toEqual({ main: 9_900n, game: 6_500n });
    for (const r of [won, cancelled]) await send('roundEnd', { roundId: r.roundId });
  });

  it('settles a bet-and-win on the vendor wallet', async () => {
    const p = await player(0, 1_000n, 2_000n);
    const res = await send('betWin', { ...round(), token: p.token, betAmount: '20.00', winAmount: '3.50' });
    expect(res).toMatchObject({ success: true, value: { balance: '3.50' } });
    expect(await balances(p.owner)).toEqual({ main: 1_000n, game: 350n });
  });

  it('lets a trial account play its demo balance from the main wallet', async () => {
    const trial = await player(4, 0n);
    expect((await send('balance', { token: trial.token })).value?.balance).toBe('2000.00');
    const bet = await send('bet', { ...round(), token: trial.token, amount: '1.00' });
    expect(bet).toMatchObject({ success: true, value: { balance: '1999.00' } });
  });
});
