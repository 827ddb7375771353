import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestVendor, type SessionAnswer, type TestVendor } from '../testing/support.ts';
import type { RoundView } from './rounds.ts';

/**
 * Free rounds (docs/free-rounds.md): the platform's session answer lists the player's grants for
 * the game; the page's free spin names one, plays at its stake and sends `freeRoundGrantId` with its
 * bet, and the platform takes a round of the grant instead of the stake.
 */
let t: TestVendor;
let players = 0;
const player = (balance = 100_000n) => {
  players += 1;
  const id = `fr${players}`;
  t.stub.addPlayer(id, balance);
  return id;
};
const spin = (token: string, body: Record<string, unknown>) =>
  t.request<RoundView & { error?: string }>('POST', '/api/spin', token, { requestId: randomUUID(), ...body });

beforeAll(async () => {
  t = await createTestVendor();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  t.stub.fault = () => 'ok';
});

describe('free rounds on the slot page', () => {
  it('offers the grants of the launched game and plays them without a debit, each bet naming its grant', async () => {
    const id = player();
    // lotus-garden costs 20 coins: a 0.20 stake is coin value 1.
    t.stub.addGrant(id, { grantId: '41', game: 'lotus-garden', stake: 20n, remaining: 2 });
    t.stub.addGrant(id, { grantId: '42', game: 'jade-ways', stake: 50n, remaining: 5 });
    const { token, body } = await t.open(id);
    expect(body.freeRounds).toEqual([
      { grantId: '41', stake: '20', remaining: 2, expiresAt: expect.any(String) },
    ]);
    const before = t.stub.calls('/seamless/v1/bet').length;
    const first = await spin(token, { coinValue: 1, freeRoundGrantId: '41' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'settled', stake: '20', freeRoundGrantId: '41' });
    const bet = t.stub.calls('/seamless/v1/bet').slice(before)[0];
    expect(bet?.body).toMatchObject({
      amount: '0.20',
      freeRoundGrantId: '41',
      transactionId: `${first.body.id}:bet`,
    });
    // Nothing was debited: the balance only grew by what the spin won.
    expect(t.stub.players.get(id)?.balance).toBe(100_000n + BigInt(first.body.payout ?? '0'));
    const state = await t.request<SessionAnswer>('GET', '/api/state', token);
    expect(state.body.freeRounds).toEqual([
      { grantId: '41', stake: '20', remaining: 1, expiresAt: expect.any(String) },
    ]);
    expect((await spin(token, { coinValue: 1, freeRoundGrantId: '41' })).body.status).toBe('settled');
    const after = await t.request<SessionAnswer>('GET', '/api/state', token);
    expect(after.body.freeRounds).toEqual([]);
    // Used up: refused before any wallet call.
    const calls = t.stub.received.length;
    const none = await spin(token, { coinValue: 1, freeRoundGrantId: '41' });
    expect(none.status).toBe(409);
    expect(none.body.error).toBe('free_round_invalid');
    expect(t.stub.received.length).toBe(calls);
    // A paid spin still debits.
    const paid = await spin(token, { coinValue: 1 });
    expect(paid.body).toMatchObject({ status: 'settled', freeRoundGrantId: null });
    const paidBet = t.stub.calls('/seamless/v1/bet').at(-1);
    expect(paidBet?.body).not.toHaveProperty('freeRoundGrantId');
  });

  it('refuses another stake, another game, unknown and malformed grant ids, and free play', async () => {
    const id = player();
    t.stub.addGrant(id, { grantId: '51', game: 'lotus-garden', stake: 20n, remaining: 3 });
    t.stub.addGrant(id, { grantId: '52', game: 'jade-ways', stake: 50n, remaining: 3 });
    const { token } = await t.open(id);
    const calls = t.stub.received.length;
    for (const [name, body] of [
      ['other stake', { coinValue: 5, freeRoundGrantId: '51' }],
      ['other game', { coinValue: 1, freeRoundGrantId: '52' }],
      ['unknown', { coinValue: 1, freeRoundGrantId: '999' }],
    ] as const) {
      const res = await spin(token, body);
      expect(res.status, name).toBe(409);
      expect(res.body.error, name).toBe('free_round_invalid');
    }
    for (const bad of ['51\u0000', '0', '-1', '1'.repeat(19), '', ' 51', 51]) {
      const res = await spin(token, { coinValue: 1, freeRoundGrantId: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(t.stub.received.length).toBe(calls);
    expect(t.stub.grants.get(id)?.[0]?.remaining).toBe(3);
    // Free play (the vendor's play money) never offers the platform's rounds.
    const free = await t.open(id, 'lotus-garden', 'free');
    expect(free.body.freeRounds).toEqual([]);
    const res = await spin(free.token, { coinValue: 1, freeRoundGrantId: '51' });
    expect(res.status).toBe(409);
  });

  it('a free spin the platform refuses is rolled back and cancelled, the round given back, no money moved', async () => {
    const id = player();
    const grant = t.stub.addGrant(id, { grantId: '61', game: 'lotus-garden', stake: 20n, remaining: 1 });
    const { token } = await t.open(id);
    // The platform's count is the authority: used elsewhere meanwhile.
    grant.remaining = 0;
    const res = await spin(token, { coinValue: 1, freeRoundGrantId: '61' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', errorCode: 'free_round_invalid' });
    expect(t.stub.players.get(id)?.balance).toBe(100_000n);
    // A refused or cancelled free spin does not count against the session's offer.
    const state = await t.request<SessionAnswer>('GET', '/api/state', token);
    expect(state.body.freeRounds.map((f) => f.remaining)).toEqual([1]);
  });

  it('a free spin whose bet answer was lost is rolled back and its round given back once', async () => {
    const id = player();
    const grant = t.stub.addGrant(id, { grantId: '71', game: 'lotus-garden', stake: 20n, remaining: 2 });
    const { token } = await t.open(id);
    t.stub.fault = (call) => (call.path === '/seamless/v1/bet' ? 'lose-reply' : 'ok');
    const res = await spin(token, { coinValue: 1, freeRoundGrantId: '71' });
    expect(res.body.status).not.toBe('settled');
    t.stub.fault = () => 'ok';
    await t.vendor.recoverNow();
    const round = await t.request<RoundView>('GET', `/api/rounds/${res.body.id}`, token);
    expect(round.body.status).toBe('cancelled');
    expect(grant.remaining).toBe(2);
    expect(t.stub.players.get(id)?.balance).toBe(100_000n);
  });
});
