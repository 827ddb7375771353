import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../slots/evaluator.ts';
import { lotusGarden } from '../../slots/games/index.ts';
import { verifyRound } from '../../slots/verify.ts';
import { createTestVendor, eventually, type TestVendor } from '../testing/support.ts';
import type { RoundView } from './rounds.ts';

let t: TestVendor;
let players = 0;
const player = (balance = 100_000n) => {
  players += 1;
  const id = `p${players}`;
  t.stub.addPlayer(id, balance);
  return id;
};
const spin = (token: string, coinValue = 5, requestId = randomUUID()) =>
  t.request<RoundView>('POST', '/api/spin', token, { requestId, coinValue });

beforeAll(async () => {
  t = await createTestVendor();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  t.stub.fault = () => 'ok';
});

describe('a spin through the wallet', () => {
  it('bets, derives the outcome, pays the win (0 included) and ends the round, every call signed', async () => {
    const id = player();
    const { token, body } = await t.open(id);
    expect(body.balance).toBe('100000');
    expect(body.fairness.nonce).toBe(0);
    const before = t.stub.received.length;
    const round = await spin(token, 5);
    expect(round.status).toBe(200);
    const r = round.body;
    expect(r.status).toBe('settled');
    expect(r.stake).toBe('100'); // 20 lines x 5
    expect(r.outcome).not.toBeNull();
    expect(BigInt(r.payout!)).toBe(BigInt(r.outcome!.coins) * 5n);
    expect(BigInt(r.balance!)).toBe(100_000n - 100n + BigInt(r.payout!));
    expect(t.stub.players.get(id)!.balance).toBe(BigInt(r.balance!));
    const calls = t.stub.received.slice(before);
    expect(calls.map((c) => c.path)).toEqual([
      '/seamless/v1/bet',
      '/seamless/v1/win',
      '/seamless/v1/roundEnd',
    ]);
    expect(calls.every((c) => c.signatureValid && c.merchant === 'DEMO' && c.vendor === 'HOUSE')).toBe(true);
    expect(calls[0]!.body).toMatchObject({
      transactionId: `${r.id}:bet`,
      roundId: r.id,
      amount: '1.00',
      currency: 'PHP',
    });
    expect(calls[1]!.body).toMatchObject({ transactionId: `${r.id}:win`, betTransactionId: `${r.id}:bet` });
    expect(t.stub.roundStatus(r.id)).toBe('settled');
    // Stored: seeds, nonce, stake, outcome and every wallet call with its answer.
    const stored = await t.vendor.db
      .selectFrom('rounds')
      .selectAll()
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'settled', nonce: 0, stake: '100', coin_value: '5' });
    const walletCalls = await t.vendor.db
      .selectFrom('wallet_calls')
      .selectAll()
      .where('round_id', '=', r.id)
      .execute();
    expect(walletCalls.map((c) => [c.call, c.http_status])).toEqual([
      ['bet', 200],
      ['win', 200],
      ['roundEnd', 200],
    ]);
    expect(walletCalls[0]!.request).not.toContain(t.stub.players.get(id)!.token);
    expect(walletCalls[0]!.response).toContain('"success":true');
  });

  it('a bet refused for insufficient balance produces no outcome, no win and keeps the balance', async () => {
    const id = player(50n);
    const { token } = await t.open(id);
    const round = await spin(token, 5);
    expect(round.body).toMatchObject({
      status: 'refused',
      errorCode: 'insufficient_balance',
      outcome: null,
      payout: null,
    });
    expect(round.body.balance).toBe('50');
    const stored = await t.vendor.db
      .selectFrom('rounds')
      .selectAll()
      .where('id', '=', round.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.outcome).toBeNull();
    expect(t.stub.calls('/seamless/v1/win').some((c) => c.body.roundId === round.body.id)).toBe(false);
    expect(t.stub.players.get(id)!.balance).toBe(50n);
  });

  it('a bet refused for another reason (expired session) is also rolled back, in case an earlier copy was taken', async () => {
    const id = player();
    const { token } = await t.open(id);
    await t.vendor.db
      .updateTable('sessions')
      .set({ platform_token: 'tok_expired_0000000000' })
      .where('player_id', '=', id)
      .execute();
    const round = await spin(token, 5);
    expect(round.body).toMatchObject({
      status: 'cancelled',
      errorCode: 'vendor_session_invalid',
      outcome: null,
    });
    const rollbacks = t.stub.calls('/seamless/v1/rollback').filter((c) => c.body.roundId === round.body.id);
    expect(rollbacks).toHaveLength(1);
    expect(t.stub.players.get(id)!.balance).toBe(100_000n);
  });

  it('retries a bet on timeouts, 5xx and wallet_busy with the same transaction id, applied once', async () => {
    const id = player();
    const { token } = await t.open(id);
    const faults = ['lose-reply', 'busy'] as const;
    let betCalls = 0;
    t.stub.fault = (call) => {
      if (call.path !== '/seamless/v1/bet') return 'ok';
      betCalls += 1;
      return betCalls <= faults.length ? faults[betCalls - 1]! : 'ok';
    };
    const appliedBefore = t.stub.applied.bets;
    const round = await spin(token, 5);
    expect(round.body.status).toBe('settled');
    const bets = t.stub.calls('/seamless/v1/bet').filter((c) => c.body.roundId === round.body.id);
    expect(bets).toHaveLength(3);
    expect(new Set(bets.map((c) => c.raw)).size).toBe(1);
    expect(t.stub.applied.bets - appliedBefore).toBe(1);
    expect(t.stub.players.get(id)!.balance).toBe(100_000n - 100n + BigInt(round.body.payout!));
  });

  it('a bet whose answer is lost on every attempt is rolled back: no result, stake refunded', async () => {
    const id = player();
    const { token } = await t.open(id);
    t.stub.fault = (call) => (call.path === '/seamless/v1/bet' ? 'lose-reply' : 'ok');
    const round = await spin(token, 5);
    expect(round.body).toMatchObject({
      status: 'cancelled',
      outcome: null,
      payout: null,
      errorCode: 'bet_rolled_back',
    });
    expect(t.stub.players.get(id)!.balance).toBe(100_000n);
    expect(t.stub.calls('/seamless/v1/win').some((c) => c.body.roundId === round.body.id)).toBe(false);
    const rollbacks = t.stub.calls('/seamless/v1/rollback').filter((c) => c.body.roundId === round.body.id);
    expect(rollbacks[0]!.body).toMatchObject({ betTransactionId: `${round.body.id}:bet`, amount: '1.00' });
    expect(t.stub.roundStatus(round.body.id)).toBe('cancelled');
  });

  it('a bet dropped or answered 500 is sent again with the same body', async () => {
    const id = player();
    const { token } = await t.open(id);
    let betCalls = 0;
    t.stub.fault = (call) => {
      if (call.path !== '/seamless/v1/bet') return 'ok';
      betCalls += 1;
      return betCalls === 1 ? 'drop' : betCalls === 2 ? 'error' : 'ok';
    };
    const round = await spin(token, 5);
    expect(round.body.status).toBe('settled');
    const bets = t.stub.calls('/seamless/v1/bet').filter((c) => c.body.roundId === round.body.id);
    expect(bets).toHaveLength(3);
    expect(new Set(bets.map((c) => c.raw)).size).toBe(1);
  });

  it('a bet that timed out without reaching the wallet is rolled back (the wallet keeps a tombstone)', async () => {
    const id = player();
    const { token } = await t.open(id);
    const appliedBefore = t.stub.applied.bets;
    t.stub.fault = (call) => (call.path === '/seamless/v1/bet' ? 'hang' : 'ok');
    const round = await spin(token, 5);
    expect(round.body).toMatchObject({ status: 'cancelled', errorCode: 'bet_not_found', outcome: null });
    expect(t.stub.players.get(id)!.balance).toBe(100_000n);
    expect(t.stub.applied.bets).toBe(appliedBefore);
  });

  it('a rollback left unanswered is retried by the recovery job until answered', async () => {
    const id = player();
    const { token } = await t.open(id);
    let rollbackAnswered = false;
    t.stub.fault = (call) => {
      if (call.path === '/seamless/v1/bet') return 'lose-reply';
      if (call.path === '/seamless/v1/rollback') return rollbackAnswered ? 'ok' : 'drop';
      return 'ok';
    };
    const round = await spin(token, 5);
    expect(round.body.status).toBe('pending');
    expect(t.stub.players.get(id)!.balance).toBe(99_900n);
    rollbackAnswered = true;
    await eventually(async () => {
      await t.vendor.recoverNow();
      return (
        (await t.request<RoundView>('GET', `/api/rounds/${round.body.id}`, token)).body.status === 'cancelled'
      );
    });
    expect(t.stub.players.get(id)!.balance).toBe(100_000n);
    expect(t.stub.applied.rollbacks).toBeGreaterThanOrEqual(1);
  });

  it('a win left unanswered shows no result until the recovery job paid it, exactly once', async () => {
    const id = player();
    const { token } = await t.open(id);
    let winAnswered = false;
    t.stub.fault = (call) => (call.path === '/seamless/v1/win' && !winAnswered ? 'lose-reply' : 'ok');
    const winsBefore = t.stub.applied.wins;
    const round = await spin(token, 5);
    expect(round.body).toMatchObject({ status: 'pending', outcome: null, payout: null });
    winAnswered = true;
    await eventually(async () => {
      await t.vendor.recoverNow();
      return (
        (await t.request<RoundView>('GET', `/api/rounds/${round.body.id}`, token)).body.status === 'settled'
      );
    });
    const settled = (await t.request<RoundView>('GET', `/api/rounds/${round.body.id}`, token)).body;
    expect(t.stub.applied.wins - winsBefore).toBe(1);
    expect(t.stub.players.get(id)!.balance).toBe(100_000n - 100n + BigInt(settled.payout!));
  });

  it('a double-clicked spin (same request id) is one round, also when both arrive at once', async () => {
    const id = player();
    const { token } = await t.open(id);
    const requestId = randomUUID();
    const [a, b, c] = await Promise.all([
      spin(token, 5, requestId),
      spin(token, 5, requestId),
      spin(token, 5, requestId),
    ]);
    expect(new Set([a.body.id, b.body.id, c.body.id]).size).toBe(1);
    const later = await spin(token, 5, requestId);
    expect(later.body.id).toBe(a.body.id);
    const rounds = await t.vendor.db.selectFrom('rounds').select('id').where('player_id', '=', id).execute();
    expect(rounds).toHaveLength(1);
    expect(t.stub.calls('/seamless/v1/bet').filter((x) => x.body.roundId === a.body.id)).toHaveLength(1);
  });

  it('a repeated request takes no nonce: the next spin plays the one after its round', async () => {
    const id = player();
    const { token } = await t.open(id);
    const requestId = randomUUID();
    const copies = await Promise.all([spin(token, 5, requestId), spin(token, 5, requestId)]);
    expect(copies.map((c) => c.body.nonce)).toEqual([0, 0]);
    expect((await spin(token, 5, requestId)).body.nonce).toBe(0);
    expect((await spin(token, 5)).body.nonce).toBe(1);
    const pair = await t.vendor.db
      .selectFrom('seed_pairs')
      .select('next_nonce')
      .where('player_id', '=', id)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    expect(pair.next_nonce).toBe(2);
  });

  it('concurrent distinct spins each take their own nonce and the money adds up', async () => {
    const id = player();
    const { token } = await t.open(id);
    const rounds = await Promise.all(Array.from({ length: 6 }, () => spin(token, 1)));
    expect(rounds.every((r) => r.body.status === 'settled')).toBe(true);
    expect(new Set(rounds.map((r) => r.body.nonce))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    const paid = rounds.reduce((sum, r) => sum + BigInt(r.body.payout!), 0n);
    expect(t.stub.players.get(id)!.balance).toBe(100_000n - 6n * 20n + paid);
  });

  it('a demo (trial) session uses the wallet like a real one', async () => {
    const id = player();
    const { token, body } = await t.open(id, 'lucky-sevens', 'demo');
    expect(body.session.mode).toBe('demo');
    const round = await spin(token, 2);
    expect(round.body).toMatchObject({ status: 'settled', mode: 'demo', stake: '10' });
    expect(t.stub.calls('/seamless/v1/bet').some((c) => c.body.roundId === round.body.id)).toBe(true);
  });
});

describe('free play', () => {
  it('plays with the vendor play money and makes no wallet call at all', async () => {
    const id = player();
    const before = t.stub.received.length;
    const { token, body } = await t.open(id, 'jade-ways', 'free');
    expect(t.stub.received.slice(before).map((c) => c.path)).toEqual(['/seamless/v1/session']);
    expect(body.session.mode).toBe('free');
    expect(body.balance).toBe('200000');
    const round = await spin(token, 10);
    expect(round.body).toMatchObject({ status: 'settled', mode: 'free', stake: '500' });
    expect(BigInt(round.body.balance!)).toBe(200_000n - 500n + BigInt(round.body.payout!));
    const state = await t.request<{ balance: string }>('GET', '/api/state', token);
    expect(state.body.balance).toBe(round.body.balance);
    expect(t.stub.received.slice(before).map((c) => c.path)).toEqual(['/seamless/v1/session']);
    expect(t.stub.players.get(id)!.balance).toBe(100_000n);
  });

  it('refuses a free spin the play money cannot pay, with no outcome', async () => {
    const id = player();
    const { token } = await t.open(id, 'jade-ways', 'free');
    await t.vendor.db
      .updateTable('sessions')
      .set({ play_balance: 10n })
      .where('player_id', '=', id)
      .execute();
    const round = await spin(token, 10);
    expect(round.body).toMatchObject({ status: 'refused', errorCode: 'insufficient_balance', outcome: null });
  });
});

describe('fairness', () => {
  it('rotation reveals the old server seed, matching its hash, and verification recomputes a stored round', async () => {
    const id = player();
    const { token, body } = await t.open(id);
    const rotated0 = await t.request<{ current: { serverSeedHash: string } }>(
      'POST',
      '/api/fairness/rotate',
      token,
      {
        clientSeed: 'my-lucky-seed',
      },
    );
    expect(rotated0.status).toBe(200);
    expect(rotated0.body.current.serverSeedHash).not.toBe(body.fairness.serverSeedHash);
    const round = (await spin(token, 2)).body;
    expect(round).toMatchObject({
      status: 'settled',
      clientSeed: 'my-lucky-seed',
      nonce: 0,
      serverSeed: null,
    });
    const hidden = await t.request<{ serverSeed: string | null }>('GET', `/api/verify/${round.id}`);
    expect(hidden.body.serverSeed).toBeNull();
    const rotated = await t.request<{
      revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; rounds: number };
      current: { nonce: number; clientSeed: string };
    }>('POST', '/api/fairness/rotate', token, {});
    expect(rotated.body.revealed).toMatchObject({
      serverSeedHash: round.serverSeedHash,
      clientSeed: 'my-lucky-seed',
      rounds: 1,
    });
    expect(rotated.body.current).toMatchObject({ nonce: 0, clientSeed: 'my-lucky-seed' });
    const shown = await t.request<{
      serverSeed: string;
      serverSeedHash: string;
      clientSeed: string;
      nonce: number;
      outcome: unknown;
      game: string;
    }>('GET', `/api/verify/${round.id}`);
    expect(shown.body.serverSeed).toBe(rotated.body.revealed.serverSeed);
    expect(shown.body).not.toHaveProperty('playerId');
    const recomputed = await verifyRound(compile(lotusGarden), shown.body);
    expect(recomputed).toEqual(shown.body.outcome);
    expect(recomputed).toEqual(round.outcome);
  });

  it('a spin that finds no active pair (revealed behind its back) makes one and plays on it', async () => {
    const id = player();
    const { token, body } = await t.open(id);
    await t.vendor.db
      .updateTable('seed_pairs')
      .set({ status: 'revealed', revealed_at: new Date() })
      .where('player_id', '=', id)
      .execute();
    const round = (await spin(token, 5)).body;
    expect(round).toMatchObject({ status: 'settled', nonce: 0 });
    expect(round.serverSeedHash).not.toBe(body.fairness.serverSeedHash);
    const pairs = await t.vendor.db
      .selectFrom('seed_pairs')
      .select(['status', 'next_nonce'])
      .where('player_id', '=', id)
      .orderBy('id')
      .execute();
    expect(pairs).toEqual([
      { status: 'revealed', next_nonce: 0 },
      { status: 'active', next_nonce: 1 },
    ]);
  });

  it('refuses to reveal the seed while a round of the pair is still open', async () => {
    const id = player();
    const { token } = await t.open(id);
    let winAnswered = false;
    t.stub.fault = (call) => (call.path === '/seamless/v1/win' && !winAnswered ? 'drop' : 'ok');
    const round = await spin(token, 5);
    expect(round.body.status).toBe('pending');
    const refused = await t.request<{ error: string }>('POST', '/api/fairness/rotate', token, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('round_in_progress');
    winAnswered = true;
    await eventually(async () => {
      await t.vendor.recoverNow();
      return (
        (await t.request<RoundView>('GET', `/api/rounds/${round.body.id}`, token)).body.status === 'settled'
      );
    });
    const rotated = await t.request('POST', '/api/fairness/rotate', token, {});
    expect(rotated.status).toBe(200);
  });

  it('refuses a client seed with spaces, NUL bytes or too many characters', async () => {
    const { token } = await t.open(player());
    for (const clientSeed of ['has space', 'nul\u0000byte', 'x'.repeat(65), '']) {
      const answer = await t.request('POST', '/api/fairness/rotate', token, { clientSeed });
      expect(answer.status).toBe(400);
    }
  });
});

describe('hostile requests', () => {
  it('refuses a forged, absent or malformed session token', async () => {
    for (const token of [undefined, 'A'.repeat(43), 'not a token', 'x'.repeat(500)]) {
      const answer = await t.request<{ error: string }>('POST', '/api/spin', token, {
        requestId: randomUUID(),
        coinValue: 5,
      });
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe('session_invalid');
    }
  });

  it('a launch token is exchanged once; a forged one and an unknown brand are refused', async () => {
    const id = player();
    const launchToken = t.stub.launch(id, 'lotus-garden');
    const first = await t.request('POST', '/api/session', undefined, {
      merchant: 'DEMO',
      launchToken,
      game: 'lotus-garden',
    });
    expect(first.status).toBe(200);
    const again = await t.request<{ error: string }>('POST', '/api/session', undefined, {
      merchant: 'DEMO',
      launchToken,
      game: 'lotus-garden',
    });
    expect(again.body.error).toBe('launch_invalid');
    const forged = await t.request<{ error: string }>('POST', '/api/session', undefined, {
      merchant: 'DEMO',
      launchToken: 'launch_forged_123456',
      game: 'lotus-garden',
    });
    expect(forged.body.error).toBe('launch_invalid');
    const brand = await t.request<{ error: string }>('POST', '/api/session', undefined, {
      merchant: 'OTHER',
      launchToken: t.stub.launch(id, 'lotus-garden'),
      game: 'lotus-garden',
    });
    expect(brand.body.error).toBe('brand_unknown');
    const otherGame = await t.request<{ error: string }>('POST', '/api/session', undefined, {
      merchant: 'DEMO',
      launchToken: t.stub.launch(id, 'jade-ways'),
      game: 'lotus-garden',
    });
    expect(otherGame.body.error).toBe('launch_invalid');
  });

  it("never shows another player's round", async () => {
    const a = await t.open(player());
    const b = await t.open(player());
    const round = (await spin(a.token, 5)).body;
    const peek = await t.request<{ error: string }>('GET', `/api/rounds/${round.id}`, b.token);
    expect(peek.status).toBe(404);
    expect(peek.body.error).toBe('round_not_found');
    const history = await t.request<{ rounds: RoundView[] }>('GET', '/api/rounds', b.token);
    expect(history.body.rounds.map((r) => r.id)).not.toContain(round.id);
    const own = await t.request<{ rounds: RoundView[] }>('GET', '/api/rounds', a.token);
    expect(own.body.rounds.map((r) => r.id)).toContain(round.id);
  });

  it('refuses NUL bytes, huge numbers, unknown bet sizes and unexpected fields', async () => {
    const { token } = await t.open(player());
    const bodies: unknown[] = [
      { requestId: 'abc\u0000defgh', coinValue: 5 },
      { requestId: randomUUID(), coinValue: Number.MAX_VALUE },
      { requestId: randomUUID(), coinValue: 2 ** 60 },
      { requestId: randomUUID(), coinValue: 5.5 },
      { requestId: randomUUID(), coinValue: '5' },
      { requestId: randomUUID(), coinValue: 3 },
      { requestId: randomUUID(), coinValue: -5 },
      { requestId: randomUUID(), coinValue: 5, stake: '999999' },
    ];
    for (const body of bodies) {
      const answer = await t.request<{ error: string }>('POST', '/api/spin', token, body);
      expect(answer.status).toBe(400);
    }
    const raw = await t.request(
      'POST',
      '/api/spin',
      token,
      `{"requestId":"abcdefgh","coinValue":1${'0'.repeat(400)}}`,
    );
    expect(raw.status).toBe(400);
    const nulQuery = await t.request('GET', '/api/rounds?limit=%00', token);
    expect(nulQuery.status).toBe(400);
    const hugeLimit = await t.request('GET', '/api/rounds?limit=1e400', token);
    expect(hugeLimit.status).toBe(400);
    const badId = await t.request('GET', '/api/rounds/%00', token);
    expect(badId.status).toBe(400);
    const stored = await t.vendor.db
      .selectFrom('rounds')
      .select('id')
      .where('session_id', 'is not', null)
      .execute();
    expect(stored.length).toBeGreaterThan(0);
    expect(
      await t.vendor.db
        .selectFrom('rounds')
        .select('id')
        .where((w) => w.or([w('request_id', '=', 'abcdefgh'), w('request_id', 'like', 'abc_defgh')]))
        .execute(),
    ).toEqual([]);
  });
});
