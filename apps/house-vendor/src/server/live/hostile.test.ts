import http from 'node:http';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { VENDOR_ERRORS } from '../errors.ts';
import { createTestVendor, TEST_SECRET, type TestVendor } from '../testing/support.ts';
import {
  placeBet as bet,
  bettingRound,
  LIVE_TEST_CONFIG,
  playerAtBetting,
  requestIds,
  seatsFinal,
  state,
  TABLE,
} from './test-support.ts';

/**
 * The live tables attacked from outside, as a hostile player or a certification lab would: hostile
 * bet bodies, other players' and brands' sessions, races against the limits and the clock (the socket:
 * hostile-sockets.test.ts). Every refusal answers a code of the vendor's catalogue (errors.ts) and
 * changes nothing: no wallet call, no seat, no bet.
 */

/** A betting window long enough for many requests on a loaded machine. */
const LONG = { ...LIVE_TEST_CONFIG, liveTiming: { bettingMs: 8_000, closedMs: 100, resultMs: 300 } };
const OTHER_SECRET = 'other-secret-0123456789abcdef';

let t: TestVendor | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const rid = requestIds('hx');

async function rows(v: TestVendor, table: 'live_seats' | 'live_bets'): Promise<number> {
  const answer = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
    v.vendor.db,
  );
  return answer.rows[0]?.n ?? -1;
}

/** Every wallet money call the stub received (bets, wins, rollbacks). */
const moneyCalls = (v: TestVendor) =>
  v.stub.received.filter((c) =>
    ['/seamless/v1/bet', '/seamless/v1/win', '/seamless/v1/rollback'].includes(c.path),
  ).length;

/** Opens a session of `merchant` (the helper's `open` is DEMO only). */
async function openAs(v: TestVendor, merchant: string, playerId: string, game = TABLE): Promise<string> {
  const launchToken = v.stub.launch(playerId, game);
  const answer = await v.request<{ token: string }>('POST', '/api/session', undefined, {
    merchant,
    launchToken,
    game,
  });
  if (answer.status !== 200) throw new Error(`session: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.token;
}

describe('hostile bets', () => {
  it('hostile amounts, kinds and shapes are refused with a catalogue code and change nothing', async () => {
    t = await createTestVendor({ overrides: LONG });
    const { token } = await playerAtBetting(t, 5_000, 100_000n);
    const good = { requestId: rid(), kind: 'banker', stake: '1000' };
    const hostile: unknown[] = [
      // Amounts.
      { ...good, stake: '-1' },
      { ...good, stake: '0' },
      { ...good, stake: '00' },
      { ...good, stake: '10.5' },
      { ...good, stake: '10.001' },
      { ...good, stake: '1e3' },
      { ...good, stake: '1e309' },
      { ...good, stake: 'NaN' },
      { ...good, stake: 'Infinity' },
      { ...good, stake: '' },
      { ...good, stake: ' 1000' },
      { ...good, stake: '1000\u0000' },
      { ...good, stake: '0x10' },
      { ...good, stake: '\uff11\uff10\uff10\uff10' },
      { ...good, stake: '9007199254740993' },
      { ...good, stake: '9999999999999999' },
      { ...good, stake: '9223372036854775808' },
      { ...good, stake: '99999999999999999999999999999999' },
      { ...good, stake: 'x'.repeat(10_240) },
      { ...good, stake: 1000 },
      { ...good, stake: 1.5 },
      { ...good, stake: null },
      { ...good, stake: true },
      { ...good, stake: ['1000'] },
      { ...good, stake: { $gt: 0 } },
      // Kinds and spots.
      { ...good, kind: 'banker-x' },
      { ...good, kind: 'BANKER' },
      { ...good, kind: 'constructor' },
      { ...good, kind: '__proto__' },
      { ...good, kind: 'straight', numbers: [7] },
      { ...good, kind: 'banker\u0000' },
      { ...good, kind: 'b'.repeat(10_240) },
      { ...good, kind: '' },
      { ...good, kind: 7 },
      { ...good, numbers: [1] },
      { ...good, numbers: [1.5] },
      { ...good, numbers: [-1] },
      { ...good, numbers: [37] },
      { ...good, numbers: [0, 1, 2, 3, 4, 5, 6] },
      { ...good, numbers: '1' },
      { ...good, numbers: { 0: 1 } },
      // Request ids.
      { ...good, requestId: 'short' },
      { ...good, requestId: `nul\u0000-request-id` },
      { ...good, requestId: 'r'.repeat(10_240) },
      { ...good, requestId: 'has.dot-1' },
      { ...good, requestId: 12345678 },
      // Shapes.
      [good],
      [],
      'banker',
      42,
      { kind: 'banker', stake: '1000' },
      { requestId: rid(), stake: '1000' },
      { requestId: rid(), kind: 'banker' },
      {},
      { ...good, extra: 1 },
      { ...good, playerId: 'p2' },
      { ...good, __proto__: { admin: true }, constructor: 'x' },
    ];
    for (const body of hostile) {
      const answer = await bet(t, token, body);
      const code = answer.body?.error as keyof typeof VENDOR_ERRORS;
      expect(Object.hasOwn(VENDOR_ERRORS, code), `${JSON.stringify(body).slice(0, 80)}: ${code}`).toBe(true);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(['request_invalid', 'bet_invalid', 'bet_limit']).toContain(code);
    }
    // Raw bodies: not JSON, JSON null, an array, a body past the size limit, another content type.
    const raw = async (body: string, type = 'application/json') => {
      const response = await fetch(`${t!.vendor.url}/api/live/tables/${TABLE}/bets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': type },
        body,
      });
      return { status: response.status, body: (await response.json()) as { error: string } };
    };
    for (const [body, type] of [
      ['{"requestId":', 'application/json'],
      ['null', 'application/json'],
      ['{"__proto__":{"stake":"1000"},"requestId":"abcdefgh","kind":"banker"}', 'application/json'],
      [
        '{"constructor":{"prototype":{"x":1}},"requestId":"abcdefgh","kind":"banker","stake":"1000"}',
        'application/json',
      ],
      ['[{"requestId":"abcdefgh","kind":"banker","stake":"1000"}]', 'application/json'],
      [JSON.stringify({ ...good, stake: '1000', pad: 'x'.repeat(20_000) }), 'application/json'],
      [JSON.stringify(good), 'text/plain'],
      ['requestId=abcdefgh&kind=banker&stake=1000', 'application/x-www-form-urlencoded'],
    ] as const) {
      const answer = await raw(body, type);
      expect(answer.status, body.slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.error, body.slice(0, 60)).toBe('request_invalid');
    }
    // A bet past the table's limits (per bet, and below its minimum).
    expect((await bet(t, token, { ...good, requestId: rid(), stake: '5000001' })).body.error).toBe(
      'bet_limit',
    );
    expect(
      (await bet(t, token, { ...good, requestId: rid(), kind: 'tie', stake: '500001' })).body.error,
    ).toBe('bet_limit');
    expect(moneyCalls(t)).toBe(0);
    expect(await rows(t, 'live_seats')).toBe(0);
    expect(await rows(t, 'live_bets')).toBe(0);
    expect(t.stub.players.get('p1')!.balance).toBe(100_000n);
    // The table still takes a good bet.
    const placed = await bet(t, token, { ...good, requestId: rid() });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(t.stub.players.get('p1')!.balance).toBe(99_000n);
    await seatsFinal(t);
  });

  it('hostile roulette and sic bo spots are refused before the wallet', async () => {
    t = await createTestVendor({
      overrides: { ...LONG, liveTables: ['live-roulette', 'live-sicbo'] },
    });
    t.stub.addPlayer('p1', 100_000n);
    const rou = await openAs(t, 'DEMO', 'p1', 'live-roulette');
    const sic = await openAs(t, 'DEMO', 'p1', 'live-sicbo');
    await bettingRound(t, rou, 3_000, 'live-roulette');
    const r = (body: object) => bet(t!, rou, { requestId: rid(), stake: '100', ...body }, 'live-roulette');
    for (const body of [
      { kind: 'straight' },
      { kind: 'straight', numbers: [] },
      { kind: 'straight', numbers: [1, 2] },
      { kind: 'split', numbers: [1, 1] },
      { kind: 'split', numbers: [1, 5] },
      { kind: 'split', numbers: [36, 37] },
      { kind: 'corner', numbers: [1, 2, 3, 4] },
      { kind: 'dozen', numbers: [0] },
      { kind: 'dozen', numbers: [4] },
      { kind: 'column', numbers: [1, 2] },
      { kind: 'red', numbers: [1] },
      { kind: 'banker' },
    ])
      expect((await r(body)).body.error, JSON.stringify(body)).toMatch(/^(bet_invalid|request_invalid)$/);
    await bettingRound(t, sic, 3_000, 'live-sicbo');
    const s = (body: object) => bet(t!, sic, { requestId: rid(), stake: '100', ...body }, 'live-sicbo');
    for (const body of [
      { kind: 'total', numbers: [3] },
      { kind: 'total', numbers: [18] },
      { kind: 'total' },
      { kind: 'triple', numbers: [0] },
      { kind: 'triple', numbers: [7] },
      { kind: 'combination', numbers: [2, 2] },
      { kind: 'double', numbers: [1, 2] },
      { kind: 'small', numbers: [1] },
    ])
      expect((await s(body)).body.error, JSON.stringify(body)).toMatch(/^(bet_invalid|request_invalid)$/);
    expect(moneyCalls(t)).toBe(0);
    expect(await rows(t, 'live_bets')).toBe(0);
    expect(t.stub.players.get('p1')!.balance).toBe(100_000n);
  });
});

describe('hostile sessions', () => {
  it('forged, expired, slot and other-table sessions cannot bet; undo and rebet only touch the own bets', async () => {
    t = await createTestVendor({ overrides: LONG });
    const { token } = await playerAtBetting(t, 5_000, 100_000n);
    t.stub.addPlayer('p2', 100_000n);
    const p2 = (await t.open('p2', TABLE)).token;
    const mine = await bet(t, token, { requestId: rid(), kind: 'banker', stake: '1000' });
    expect(mine.status).toBe(200);
    const callsBefore = moneyCalls(t);
    const good = () => ({ requestId: rid(), kind: 'player', stake: '1000' });
    // Forged and malformed tokens.
    const forged = 'A'.repeat(43);
    // (A NUL byte cannot even travel in a header: fetch refuses it.)
    for (const tok of [forged, `${token.slice(0, 42)}x`, 'x', '', `${token}x`, `${token} ${token}`])
      expect((await bet(t, tok, good())).status, tok).toBe(401);
    expect((await bet(t, forged, good())).body.error).toBe('session_invalid');
    // A session of another table (roulette), of a slot game, in free play.
    t.stub.addPlayer('p3', 100_000n);
    const rouletteSession = await openAs(t, 'DEMO', 'p3', 'live-roulette');
    expect((await bet(t, rouletteSession, good())).body.error).toBe('session_invalid');
    expect(
      (await t.request('POST', `/api/live/tables/${TABLE}/undo`, rouletteSession, { requestId: rid() }))
        .status,
    ).toBe(401);
    const slot = (await t.open('p3', 'lotus-garden')).token;
    expect((await bet(t, slot, good())).body.error).toBe('session_invalid');
    const free = (await t.open('p3', TABLE, 'free')).token;
    expect((await bet(t, free, good())).body.error).toBe('bet_invalid');
    // An unknown table.
    expect((await bet(t, token, good(), 'live-nope')).body.error).toBe('table_unknown');
    // Expired: the session's 12 hours are over.
    const expiring = (await t.open('p3', TABLE)).token;
    await sql`update sessions set expires_at = now() - interval '1 second'
              where player_id = 'p3' and game_id = ${TABLE} and mode = 'real'`.execute(t.vendor.db);
    expect((await bet(t, expiring, good())).body.error).toBe('session_invalid');
    expect((await t.request('GET', `/api/live/tables/${TABLE}`, expiring)).status).toBe(401);
    // Another player cannot undo or rebet p1's bets: there is no bet of theirs to undo.
    const undo = await t.request<{ error: string }>('POST', `/api/live/tables/${TABLE}/undo`, p2, {
      requestId: rid(),
    });
    expect(undo.body.error).toBe('nothing_to_undo');
    const rebet = await t.request<{ error: string }>('POST', `/api/live/tables/${TABLE}/rebet`, p2, {
      requestId: rid(),
    });
    expect(rebet.body.error).toBe('nothing_to_rebet');
    expect(moneyCalls(t)).toBe(callsBefore);
    expect((await state(t, token)).bets.map((b) => b.status)).toEqual(['placed']);
    expect((await state(t, p2)).bets).toEqual([]);
    expect(t.stub.players.get('p1')!.balance).toBe(99_000n);
    await seatsFinal(t);
  });

  it('one player id at two brands is two players: separate seats, limits, undo and state', async () => {
    t = await createTestVendor({
      overrides: {
        ...LONG,
        brands: new Map([
          ['DEMO', TEST_SECRET],
          ['OTHER', OTHER_SECRET],
        ]),
      },
    });
    t.stub.secrets.set('OTHER', OTHER_SECRET);
    t.stub.addPlayer('p1', 100_000_000n);
    const demo = await openAs(t, 'DEMO', 'p1');
    const other = await openAs(t, 'OTHER', 'p1');
    await bettingRound(t, demo, 4_000);
    expect((await bet(t, demo, { requestId: 'same-request-id', kind: 'banker', stake: '1000' })).status).toBe(
      200,
    );
    // The same request id at the other brand is another bet, not a repeat of the first.
    const second = await bet(t, other, { requestId: 'same-request-id', kind: 'player', stake: '2000' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.bet.kind).toBe('player');
    const bets = t.stub.calls('/seamless/v1/bet');
    expect(bets.map((c) => c.merchant)).toEqual(['DEMO', 'OTHER']);
    expect(new Set(bets.map((c) => c.body.roundId)).size).toBe(2);
    expect((await state(t, demo)).bets.map((b) => b.kind)).toEqual(['banker']);
    expect((await state(t, other)).bets.map((b) => b.kind)).toEqual(['player']);
    // The other brand's undo takes its own bet back, never the first brand's.
    const undone = await t.request<{ bet: { kind: string; status: string } }>(
      'POST',
      `/api/live/tables/${TABLE}/undo`,
      other,
      { requestId: rid() },
    );
    expect(undone.body.bet).toMatchObject({ kind: 'player', status: 'undone' });
    expect((await state(t, demo)).bets.map((b) => b.status)).toEqual(['placed']);
    const rollbacks = t.stub.calls('/seamless/v1/rollback');
    expect(rollbacks.map((c) => c.merchant)).toEqual(['OTHER']);
    await seatsFinal(t);
  });
});

describe('hostile races', () => {
  it('one request id replayed 20 times at once, then with another body, is one debit', async () => {
    t = await createTestVendor({ overrides: LONG });
    const { token } = await playerAtBetting(t, 5_000, 100_000n);
    const same = rid();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => bet(t!, token, { requestId: same, kind: 'banker', stake: '1000' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.bet.id)).size).toBe(1);
    // The same id with another amount or spot never becomes a second debit.
    const changed = await bet(t, token, { requestId: same, kind: 'player', stake: '5000' });
    expect(changed.body.bet?.id ?? changed.body.error).not.toBeUndefined();
    if (changed.status === 200) expect(changed.body.bet).toMatchObject({ kind: 'banker', stake: '1000' });
    expect(t.stub.calls('/seamless/v1/bet')).toHaveLength(1);
    expect(t.stub.players.get('p1')!.balance).toBe(99_000n);
    await seatsFinal(t);
  });

  it('a request id replayed in the next round answers the bet it placed, never a second debit', async () => {
    t = await createTestVendor({ overrides: LIVE_TEST_CONFIG });
    const { token, round } = await playerAtBetting(t, 700, 100_000n);
    const body = { requestId: rid(), kind: 'banker', stake: '1000' };
    const first = await bet(t, token, body);
    expect(first.status).toBe(200);
    await seatsFinal(t);
    const next = await bettingRound(t, token, 500);
    expect(next.id).not.toBe(round.id);
    // The same request again (a retry that outlived its round, or a replay): the first bet.
    const again = await bet(t, token, body);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.bet.id).toBe(first.body.bet.id);
    expect(t.stub.calls('/seamless/v1/bet')).toHaveLength(1);
    expect(await rows(t, 'live_bets')).toBe(1);
    // Another player's, or another table's, same request id is theirs.
    t.stub.addPlayer('p2', 100_000n);
    const p2 = (await t.open('p2', TABLE)).token;
    const theirs = await bet(t, p2, body);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    expect(theirs.body.bet.id).not.toBe(first.body.bet.id);
    expect(t.stub.calls('/seamless/v1/bet')).toHaveLength(2);
    await seatsFinal(t);
  });

  it('a player cannot make the wallet work without bound: past 200 bets a round (refused or undone too) the bet is refused here', async () => {
    t = await createTestVendor({
      overrides: { ...LIVE_TEST_CONFIG, liveTiming: { bettingMs: 40_000, closedMs: 100, resultMs: 300 } },
    });
    // No money at all: every bet is refused by the wallet, so none counts against the per-round stake.
    const { token } = await playerAtBetting(t, 30_000, 0n);
    const send = () => bet(t!, token, { requestId: rid(), kind: 'banker', stake: '100' });
    for (let i = 0; i < 50; i += 1) {
      const answers = await Promise.all([send(), send(), send(), send()]);
      expect(answers.map((a) => a.body.error)).toEqual(Array(4).fill('insufficient_balance'));
    }
    expect(t.stub.calls('/seamless/v1/bet')).toHaveLength(200);
    const more = await Promise.all(Array.from({ length: 10 }, send));
    expect(more.map((a) => a.body.error)).toEqual(Array(10).fill('bet_limit'));
    expect(t.stub.calls('/seamless/v1/bet')).toHaveLength(200);
    expect(await rows(t, 'live_bets')).toBe(200);
  });

  it('20 bets at once over the per-round limit: the limit holds to the minor unit', async () => {
    t = await createTestVendor({ overrides: LONG });
    const { token } = await playerAtBetting(t, 5_000, 100_000_000n);
    // 100,000.00 per round; 20 x 6,250.00 = 125,000.00: exactly 16 fit.
    const kinds = ['banker', 'player'];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        bet(t!, token, { requestId: rid(), kind: kinds[i % 2], stake: '625000' }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(16);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => a.body.error)).toEqual(Array(4).fill('bet_limit'));
    expect(t.stub.calls('/seamless/v1/bet')).toHaveLength(16);
    expect(t.stub.players.get('p1')!.balance).toBe(100_000_000n - 10_000_000n);
    const staked = await sql<{ total: string }>`
      select coalesce(sum(stake), 0)::text as total from live_bets where status = 'placed'`.execute(
      t.vendor.db,
    );
    expect(staked.rows[0]!.total).toBe('10000000');
    await seatsFinal(t);
  });

  it('two tabs of one player betting at once share one seat and one per-round limit', async () => {
    t = await createTestVendor({ overrides: LONG });
    const { token } = await playerAtBetting(t, 5_000, 100_000_000n);
    const second = (await t.open('p1', TABLE)).token;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        bet(t!, i % 2 === 0 ? token : second, { requestId: rid(), kind: 'banker', stake: '2000000' }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.body.error === 'bet_limit')).toHaveLength(7);
    expect(t.stub.players.get('p1')!.balance).toBe(100_000_000n - 10_000_000n);
    expect(await rows(t, 'live_seats')).toBe(1);
    await seatsFinal(t);
  });

  it('undo and bet at once at the limit: never more than the limit standing, every undo refunded once', async () => {
    t = await createTestVendor({ overrides: LONG });
    const { token } = await playerAtBetting(t, 6_000, 100_000_000n);
    for (let i = 0; i < 10; i += 1)
      expect((await bet(t, token, { requestId: rid(), kind: 'banker', stake: '1000000' })).status).toBe(200);
    const storm = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        t!.request<{ bet?: { status: string }; error?: string }>(
          'POST',
          `/api/live/tables/${TABLE}/undo`,
          token,
          { requestId: rid() },
        ),
      ),
      ...Array.from({ length: 10 }, () =>
        bet(t!, token, { requestId: rid(), kind: 'player', stake: '1000000' }),
      ),
    ]);
    const undos = storm.slice(0, 5);
    const bets = storm.slice(5);
    const undone = undos.filter((u) => u.status === 200).length;
    for (const u of undos) if (u.status !== 200) expect(u.body.error).toMatch(/^(nothing_to_undo|bet_late)$/);
    for (const b of bets) if (b.status !== 200) expect(b.body.error).toBe('bet_limit');
    const placedNow = bets.filter((b) => b.status === 200).length;
    expect(placedNow).toBeLessThanOrEqual(undone);
    const standing = await sql<{ total: string }>`
      select coalesce(sum(stake), 0)::text as total from live_bets where status in ('placing', 'placed')`.execute(
      t.vendor.db,
    );
    expect(BigInt(standing.rows[0]!.total)).toBeLessThanOrEqual(10_000_000n);
    expect(BigInt(standing.rows[0]!.total)).toBe(BigInt(10 - undone + placedNow) * 1_000_000n);
    expect(t.stub.applied.rollbacks).toBe(undone);
    expect(t.stub.players.get('p1')!.balance).toBe(100_000_000n - BigInt(standing.rows[0]!.total));
    await seatsFinal(t);
  });

  it('a bet is placed only in the round betting at its arrival: a body held past the close lands in it or nowhere', async () => {
    // A `closed` phase of 1 s: a bet whose request arrived before the close may land up to 1 s after it.
    t = await createTestVendor({
      overrides: { ...LIVE_TEST_CONFIG, liveTiming: { bettingMs: 3_000, closedMs: 1_000, resultMs: 300 } },
    });
    const { token, round } = await playerAtBetting(t, 1_500, 100_000n);
    const { db } = t.vendor;
    /** Sends the headers now and the body when told (a client holding its bet past the close). */
    const held = () => {
      const body = JSON.stringify({ requestId: rid(), kind: 'banker', stake: '1000' });
      const request = http.request(`${t!.vendor.url}/api/live/tables/${TABLE}/bets`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      });
      const answer = new Promise<{ status: number; body: { error?: string; bet?: { id: string } } }>(
        (resolve, reject) => {
          request.on('response', (response) => {
            let text = '';
            response.on('data', (chunk) => {
              text += chunk;
            });
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
          });
          request.on('error', reject);
        },
      );
      request.flushHeaders();
      return { send: () => request.end(body), answer };
    };
    // Both requests' headers reach the vendor while betting is open; the round closes 200 ms later.
    const within = held();
    const beyond = held();
    await sql`update live_rounds set closes_at = clock_timestamp() + interval '200 milliseconds'
              where id = ${round.id}`.execute(db);
    await new Promise((resolve) => setTimeout(resolve, 500));
    within.send();
    const first = await within.answer;
    if (first.status === 200) {
      // Landed after the close (within the grace): in its round, and before the result was drawn.
      await seatsFinal(t);
      const order = await sql<{ round_id: string; before: boolean }>`
        select b.round_id, b.created_at < r.result_at as before
        from live_bets b join live_rounds r on r.id = b.round_id where b.id = ${first.body.bet!.id}`.execute(
        db,
      );
      expect(order.rows[0]).toEqual({ round_id: round.id, before: true });
    } else expect(first.body.error).toBe('bet_late');
    // The other body comes once the next round is betting: its request arrived in the last round.
    const next = await bettingRound(t, token, 500);
    expect(next.id).not.toBe(round.id);
    const calls = t.stub.calls('/seamless/v1/bet').length;
    beyond.send();
    const second = await beyond.answer;
    expect(second.body.error, JSON.stringify(second.body)).toBe('bet_late');
    expect(t.stub.calls('/seamless/v1/bet')).toHaveLength(calls);
    const inNext = await sql<{ n: number }>`
      select count(*)::int as n from live_bets where round_id = ${next.id}`.execute(db);
    expect(inNext.rows[0]!.n).toBe(0);
    await seatsFinal(t);
  });

  it('at the close instant a bet, an undo and a rebet are all late and move nothing', async () => {
    t = await createTestVendor({ overrides: LONG });
    const { token, round } = await playerAtBetting(t, 5_000, 100_000n);
    expect((await bet(t, token, { requestId: rid(), kind: 'banker', stake: '1000' })).status).toBe(200);
    const calls = moneyCalls(t);
    await sql`update live_rounds set closes_at = clock_timestamp() where id = ${round.id}`.execute(
      t.vendor.db,
    );
    const [late, undo] = await Promise.all([
      bet(t, token, { requestId: rid(), kind: 'banker', stake: '1000' }),
      t.request<{ error: string }>('POST', `/api/live/tables/${TABLE}/undo`, token, { requestId: rid() }),
    ]);
    expect(late.body.error).toBe('bet_late');
    expect(undo.body.error).toBe('bet_late');
    expect(moneyCalls(t)).toBe(calls);
    await seatsFinal(t);
    // Rebet at the next round's close instant.
    const next = await bettingRound(t, token, 3_000);
    expect(next.id).not.toBe(round.id);
    await sql`update live_rounds set closes_at = clock_timestamp() where id = ${next.id}`.execute(
      t.vendor.db,
    );
    const before = moneyCalls(t);
    const rebet = await t.request<{ error: string }>('POST', `/api/live/tables/${TABLE}/rebet`, token, {
      requestId: rid(),
    });
    expect(rebet.body.error).toBe('bet_late');
    expect(moneyCalls(t)).toBe(before);
  });
});
