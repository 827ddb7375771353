import { afterEach, describe, expect, it } from 'vitest';
import { createTestVendor, eventually, type TestVendor } from '../testing/support.ts';
import { type LiveResult, liveTable, settleBets } from './tables.ts';
import {
  type BetView,
  bettingRound,
  LIVE_TEST_CONFIG,
  roundEnded,
  seatsFinal,
  state,
} from './test-support.ts';

/**
 * The live tables' server against the seamless-wallet stub: one shared round per table on a short
 * clock, each player's bets through the signed wallet, one win and one roundEnd per player per round.
 */

const TABLE = 'live-baccarat';
let t: TestVendor | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const bet = (v: TestVendor, token: string, body: unknown, table = TABLE) =>
  v.request<{ bet: BetView; error?: string }>('POST', `/api/live/tables/${table}/bets`, token, body);

let requestCounter = 0;
const rid = () => {
  requestCounter += 1;
  return `req-${Date.now()}-${requestCounter}`;
};

describe('live tables: bets and settlement', () => {
  it('two players at one table get one result and each is paid to the cent', async () => {
    // Four bets one after the other must all land in one round: a betting window long enough for a
    // loaded machine (at 1.5 s with 0.7 s left they came back bet_late at load 16-20).
    t = await createTestVendor({
      overrides: { ...LIVE_TEST_CONFIG, liveTiming: { bettingMs: 6_000, closedMs: 100, resultMs: 300 } },
    });
    t.stub.addPlayer('p1', 100_000n);
    t.stub.addPlayer('p2', 100_000n);
    const a = await t.open('p1', TABLE);
    const b = await t.open('p2', TABLE);
    const round = await bettingRound(t, a.token, 4_000);
    expect(round.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(round.result).toBeNull();
    const placed = [
      await bet(t, a.token, { requestId: rid(), kind: 'banker', stake: '1000' }),
      await bet(t, a.token, { requestId: rid(), kind: 'tie', stake: '200' }),
      await bet(t, b.token, { requestId: rid(), kind: 'player', stake: '3000' }),
      await bet(t, b.token, { requestId: rid(), kind: 'player-pair', stake: '100' }),
    ];
    for (const p of placed) expect(p.status, JSON.stringify(p.body)).toBe(200);
    const mid = await state(t, b.token);
    expect(mid.totals).toMatchObject({ banker: '1000', tie: '200', player: '3000', 'player-pair': '100' });
    expect(mid.bets.map((x) => x.kind)).toEqual(['player', 'player-pair']);
    const ended = await roundEnded(t, a.token, round.id);
    expect(ended.phase).toBe('settled');
    await seatsFinal(t);
    const result = ended.result as LiveResult;
    const table = liveTable(TABLE)!;
    const pay = (bets: [string, bigint][]) =>
      settleBets(
        table,
        result,
        bets.map(([kind, stake]) => ({ kind, stake })),
      ).reduce((x, y) => x + y, 0n);
    const payA = pay([
      ['banker', 1000n],
      ['tie', 200n],
    ]);
    const payB = pay([
      ['player', 3000n],
      ['player-pair', 100n],
    ]);
    expect(t.stub.players.get('p1')!.balance).toBe(100_000n - 1200n + payA);
    expect(t.stub.players.get('p2')!.balance).toBe(100_000n - 3100n + payB);
    // One win and one roundEnd per player, every call signed (both seats' in one signed batch).
    expect(t.stub.calls('/seamless/v1/win')).toHaveLength(2);
    expect(t.stub.calls('/seamless/v1/roundEnd')).toHaveLength(2);
    expect(t.stub.calls('/seamless/v1/batch')).toHaveLength(1);
    expect(t.stub.applied.bets).toBe(4);
    expect(t.stub.received.every((c) => c.signatureValid)).toBe(true);
    const after = await state(t, a.token);
    const own = after.round?.id === round.id ? after.bets : [];
    if (own.length > 0) expect(own.every((x) => x.status === 'placed' && x.payout !== null)).toBe(true);
  });

  it('a late bet is refused and never reaches the wallet; limits and hostile input are refused', async () => {
    t = await createTestVendor({ overrides: LIVE_TEST_CONFIG });
    t.stub.addPlayer('p1', 100_000_000n);
    t.stub.addPlayer('p2', 100_000n);
    const a = await t.open('p1', TABLE);
    const other = await t.open('p2', 'live-roulette');
    const round = await bettingRound(t, a.token);
    const refused = async (body: unknown, status: number, error: string, token = a.token) => {
      const answer = await bet(t!, token, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.error).toBe(error);
    };
    // Above the table's limit (PHP banker max 50,000.00; tie 5,000.00), under the minimum.
    await refused({ requestId: rid(), kind: 'banker', stake: '5000001' }, 400, 'bet_limit');
    await refused({ requestId: rid(), kind: 'tie', stake: '500001' }, 400, 'bet_limit');
    await refused({ requestId: rid(), kind: 'banker', stake: '99' }, 400, 'bet_limit');
    await refused({ requestId: rid(), kind: 'dragon', stake: '1000' }, 400, 'bet_invalid');
    await refused({ requestId: rid(), kind: 'banker', numbers: [1], stake: '1000' }, 400, 'bet_invalid');
    await refused({ requestId: rid(), kind: 'bank\u0000er', stake: '1000' }, 400, 'request_invalid');
    await refused(
      { requestId: rid(), kind: 'banker', stake: '99999999999999999999' },
      400,
      'request_invalid',
    );
    await refused({ requestId: rid(), kind: 'banker', stake: 1000.5 }, 400, 'request_invalid');
    await refused({ requestId: rid(), kind: '__proto__', stake: '1000' }, 400, 'request_invalid');
    await refused({ requestId: rid(), kind: 'constructor', stake: '1000' }, 400, 'bet_invalid');
    // Another table's session, no session.
    await refused({ requestId: rid(), kind: 'banker', stake: '1000' }, 401, 'session_invalid', other.token);
    await refused(
      { requestId: rid(), kind: 'banker', stake: '1000' },
      401,
      'session_invalid',
      'x'.repeat(43),
    );
    // Per player per round: 100,000.00 at most (two bets of 50,000.00 pass, the third not).
    expect((await bet(t, a.token, { requestId: rid(), kind: 'banker', stake: '5000000' })).status).toBe(200);
    expect((await bet(t, a.token, { requestId: rid(), kind: 'player', stake: '5000000' })).status).toBe(200);
    await refused({ requestId: rid(), kind: 'banker', stake: '100' }, 400, 'bet_limit');
    expect(t.stub.calls('/seamless/v1/bet')).toHaveLength(2);
    // Once the window closed (server time), a bet is refused before the wallet.
    await eventually(async () => (await state(t!, a.token)).round?.phase !== 'betting' || false, 10_000);
    await refused({ requestId: rid(), kind: 'banker', stake: '1000' }, 409, 'bet_late');
    expect(t.stub.calls('/seamless/v1/bet')).toHaveLength(2);
    await roundEnded(t, a.token, round.id);
    await seatsFinal(t);
  });

  it('undo gives the last bet back through a rollback; rebet places the previous round again', async () => {
    t = await createTestVendor({ overrides: LIVE_TEST_CONFIG });
    t.stub.addPlayer('p1', 100_000n);
    const a = await t.open('p1', TABLE);
    expect(
      (await t.request('POST', `/api/live/tables/${TABLE}/undo`, a.token, { requestId: rid() })).body,
    ).toEqual({
      error: expect.stringMatching(/nothing_to_undo|bet_late/),
    });
    const round = await bettingRound(t, a.token, 1_000);
    expect((await bet(t, a.token, { requestId: rid(), kind: 'player', stake: '1000' })).status).toBe(200);
    expect((await bet(t, a.token, { requestId: rid(), kind: 'tie', stake: '500' })).status).toBe(200);
    expect(t.stub.players.get('p1')!.balance).toBe(98_500n);
    // Another player's undo never touches these bets; a stake above the balance is refused.
    t.stub.addPlayer('p2', 500n);
    const other = await t.open('p2', TABLE);
    expect(
      (await t.request('POST', `/api/live/tables/${TABLE}/undo`, other.token, { requestId: rid() })).body,
    ).toEqual({
      error: 'nothing_to_undo',
    });
    const poor = await bet(t, other.token, { requestId: rid(), kind: 'player', stake: '1000' });
    expect(poor).toMatchObject({ status: 402, body: { error: 'insufficient_balance' } });
    expect((await state(t, a.token)).balance).toBe('98500');
    const undone = await t.request<{ bet: BetView; bets: BetView[] }>(
      'POST',
      `/api/live/tables/${TABLE}/undo`,
      a.token,
      { requestId: rid() },
    );
    expect(undone.status).toBe(200);
    expect(undone.body.bet).toMatchObject({ kind: 'tie', status: 'undone' });
    expect(t.stub.players.get('p1')!.balance).toBe(99_000n);
    expect(t.stub.applied.rollbacks).toBe(1);
    const ended = await roundEnded(t, a.token, round.id);
    await seatsFinal(t);
    const paid = settleBets(liveTable(TABLE)!, ended.result as LiveResult, [
      { kind: 'player', stake: 1000n },
    ])[0]!;
    expect(t.stub.players.get('p1')!.balance).toBe(99_000n + paid);
    const next = await bettingRound(t, a.token, 700);
    expect(next.id).not.toBe(round.id);
    const rebet = await t.request<{ placed: BetView[] }>('POST', `/api/live/tables/${TABLE}/rebet`, a.token, {
      requestId: rid(),
    });
    expect(rebet.status, JSON.stringify(rebet.body)).toBe(200);
    expect(rebet.body.placed.map((x) => [x.kind, x.stake, x.status])).toEqual([['player', '1000', 'placed']]);
    expect(t.stub.players.get('p1')!.balance).toBe(99_000n + paid - 1000n);
    await roundEnded(t, a.token, next.id);
    await seatsFinal(t);
  });

  it('parallel bets keep the per-round limit; a double-clicked bet (same request id) is one bet', async () => {
    t = await createTestVendor({ overrides: LIVE_TEST_CONFIG });
    t.stub.addPlayer('p1', 100_000_000n);
    const a = await t.open('p1', TABLE);
    await bettingRound(t, a.token, 1_200);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        bet(t!, a.token, { requestId: rid(), kind: 'banker', stake: '4000000' }),
      ),
    );
    // 100,000.00 per round: two bets of 40,000.00 fit, a third does not.
    expect(answers.filter((x) => x.status === 200)).toHaveLength(2);
    expect(answers.filter((x) => x.status === 400 && x.body.error === 'bet_limit')).toHaveLength(4);
    const same = rid();
    const twice = await Promise.all([
      bet(t, a.token, { requestId: same, kind: 'tie', stake: '1000' }),
      bet(t, a.token, { requestId: same, kind: 'tie', stake: '1000' }),
    ]);
    expect(twice.map((x) => x.status)).toEqual([200, 200]);
    expect(twice[0]!.body.bet.id).toBe(twice[1]!.body.bet.id);
    expect(t.stub.applied.bets).toBe(3);
    expect(t.stub.players.get('p1')!.balance).toBe(100_000_000n - 8_001_000n);
    await seatsFinal(t);
  });
});
