import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestVendor, type TestVendor } from '../testing/support.ts';
import {
  type BetView,
  placeBet as bet,
  LIVE_TEST_CONFIG,
  playerAtBetting,
  requestIds,
  roundEnded,
  seatsFinal,
  state,
  TABLE,
} from './test-support.ts';

/**
 * An undo carries its own request id (LiveEngine.undo, live/seats.ts; projects house-vendor and
 * house-vendor-postgres): the same id of the same player at the same table answers the bet it took
 * back, as that bet now stands, and never takes back a second one (a lost answer retried by a client
 * or a proxy), also when the copies arrive at once; without a valid id nothing is undone.
 */

const LONG = { ...LIVE_TEST_CONFIG, liveTiming: { bettingMs: 8_000, closedMs: 100, resultMs: 300 } };

let t: TestVendor | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const rid = requestIds('ux');

type UndoAnswer = { bet?: BetView & { requestId: string }; bets?: BetView[]; error?: string };

const undo = (v: TestVendor, token: string, body: unknown) =>
  v.request<UndoAnswer>('POST', `/api/live/tables/${TABLE}/undo`, token, body);

const rollbacks = (v: TestVendor) => v.stub.calls('/seamless/v1/rollback');

/** The player's bets at the table as the database holds them, oldest first. */
async function statuses(v: TestVendor): Promise<string[]> {
  const rows = await sql<{ status: string }>`
    select status from live_bets order by created_at, id`.execute(v.vendor.db);
  return rows.rows.map((r) => r.status);
}

/** `count` bets of 1,000 placed by `token`; answers their ids, oldest first. */
async function placed(v: TestVendor, token: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const answer = await bet(v, token, {
      requestId: rid(),
      kind: i % 2 ? 'player' : 'banker',
      stake: '1000',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    ids.push(answer.body.bet.id);
  }
  return ids;
}

describe('live undo: one request id takes back one bet', () => {
  it('the same id twice in a row answers the same bet: one bet undone, one wallet rollback', async () => {
    t = await createTestVendor({ overrides: LONG });
    const { token } = await playerAtBetting(t, 5_000, 100_000n);
    const [first, second] = await placed(t, token, 2);
    const id = rid();
    const one = await undo(t, token, { requestId: id });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.bet).toMatchObject({ id: second, status: 'undone' });
    const again = await undo(t, token, { requestId: id });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.bet).toEqual(one.body.bet);
    expect(await statuses(t)).toEqual(['placed', 'undone']);
    expect((await state(t, token)).bets.find((b) => b.id === first)?.status).toBe('placed');
    expect(rollbacks(t)).toHaveLength(1);
    expect(t.stub.applied.rollbacks).toBe(1);
    expect(t.stub.players.get('p1')!.balance).toBe(99_000n);
    await seatsFinal(t);
  });

  it('5 undos with one id at once take back one bet', async () => {
    t = await createTestVendor({ overrides: LONG });
    const { token } = await playerAtBetting(t, 5_000, 100_000n);
    const ids = await placed(t, token, 5);
    const id = rid();
    const answers = await Promise.all(Array.from({ length: 5 }, () => undo(t!, token, { requestId: id })));
    for (const a of answers) {
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(a.body.bet?.id).toBe(ids[4]);
    }
    // The copies that waited for the first answer the bet as it stood then (pending or undone).
    for (const a of answers) expect(a.body.bet?.status).toMatch(/^(pending|undone)$/);
    expect(await statuses(t)).toEqual(['placed', 'placed', 'placed', 'placed', 'undone']);
    expect(rollbacks(t)).toHaveLength(1);
    expect(t.stub.applied.rollbacks).toBe(1);
    expect(t.stub.players.get('p1')!.balance).toBe(96_000n);
    await seatsFinal(t);
  });

  it('two ids take back two bets, the last first', async () => {
    t = await createTestVendor({ overrides: LONG });
    const { token } = await playerAtBetting(t, 5_000, 100_000n);
    const ids = await placed(t, token, 3);
    const a = await undo(t, token, { requestId: rid() });
    const b = await undo(t, token, { requestId: rid() });
    expect(a.body.bet).toMatchObject({ id: ids[2], status: 'undone' });
    expect(b.body.bet).toMatchObject({ id: ids[1], status: 'undone' });
    expect(await statuses(t)).toEqual(['placed', 'undone', 'undone']);
    expect(t.stub.applied.rollbacks).toBe(2);
    await seatsFinal(t);
  });

  it("ids are the player's own: a bet's request id or another player's undo id is a new undo id", async () => {
    t = await createTestVendor({ overrides: LONG });
    const { token } = await playerAtBetting(t, 5_000, 100_000n);
    t.stub.addPlayer('p2', 100_000n);
    const p2 = (await t.open('p2', TABLE)).token;
    // p1's first bet's request id, then used as p1's undo id and p2's.
    const shared = rid();
    const first = await bet(t, token, { requestId: shared, kind: 'banker', stake: '1000' });
    expect(first.status).toBe(200);
    const [second] = await placed(t, token, 1);
    const [theirs] = await placed(t, p2, 1);
    const mine = await undo(t, token, { requestId: shared });
    expect(mine.body.bet).toMatchObject({ id: second, status: 'undone' });
    const other = await undo(t, p2, { requestId: shared });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(other.body.bet).toMatchObject({ id: theirs, status: 'undone' });
    // p1's repeat still answers p1's bet, never p2's, and undoes nothing more.
    const repeat = await undo(t, token, { requestId: shared });
    expect(repeat.body.bet).toMatchObject({ id: second, status: 'undone' });
    expect((await state(t, token)).bets.map((b) => [b.id, b.status])).toEqual([
      [first.body.bet.id, 'placed'],
      [second, 'undone'],
    ]);
    expect(t.stub.applied.rollbacks).toBe(2);
    await seatsFinal(t);
  });

  it('a repeat after the round ended answers the bet taken back, not bet_late', async () => {
    t = await createTestVendor({ overrides: LIVE_TEST_CONFIG });
    const { token, round } = await playerAtBetting(t, 1_000, 100_000n);
    const [kept, taken] = await placed(t, token, 2);
    const id = rid();
    expect((await undo(t, token, { requestId: id })).body.bet).toMatchObject({ id: taken, status: 'undone' });
    await roundEnded(t, token, round.id);
    await seatsFinal(t);
    const late = await undo(t, token, { requestId: id });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(late.body.bet).toMatchObject({ id: taken, status: 'undone' });
    expect(late.body.bet?.id).not.toBe(kept);
    expect(t.stub.applied.rollbacks).toBe(1);
  });

  it('a missing or hostile request id is request_invalid and undoes nothing', async () => {
    t = await createTestVendor({ overrides: LONG });
    const { token } = await playerAtBetting(t, 5_000, 100_000n);
    await placed(t, token, 2);
    const hostile: unknown[] = [
      undefined,
      {},
      { requestId: '' },
      { requestId: 'a'.repeat(200) },
      { requestId: 'abcdefgh\u0000' },
      { requestId: '\u0000'.repeat(10) },
      { requestId: 'abc def ghi' },
      { requestId: null },
      { requestId: ['abcdefgh'] },
    ];
    for (const body of hostile) {
      const answer = await undo(t, token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error, JSON.stringify(body)).toBe('request_invalid');
    }
    expect(await statuses(t)).toEqual(['placed', 'placed']);
    expect(rollbacks(t)).toHaveLength(0);
    await seatsFinal(t);
  });

  it('a rollback left unanswered: the repeat answers the same pending bet; the round gives it back once', async () => {
    t = await createTestVendor({ overrides: LONG });
    const { token } = await playerAtBetting(t, 6_000, 100_000n);
    const [kept, taken] = await placed(t, token, 2);
    t.stub.fault = (call) => (call.path === '/seamless/v1/rollback' ? 'drop' : 'ok');
    const id = rid();
    const one = await undo(t, token, { requestId: id });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.bet).toMatchObject({ id: taken, status: 'pending' });
    const sent = rollbacks(t).length;
    const again = await undo(t, token, { requestId: id });
    expect(again.body.bet).toMatchObject({ id: taken, status: 'pending' });
    // Nothing sent again, nothing else taken back.
    expect(rollbacks(t)).toHaveLength(sent);
    expect(await statuses(t)).toEqual(['placed', 'undoing']);
    t.stub.fault = () => 'ok';
    await seatsFinal(t);
    const final = await sql<{ id: string; status: string }>`
      select id, status from live_bets order by created_at, id`.execute(t.vendor.db);
    expect(final.rows.find((r) => r.id === kept)?.status).toBe('placed');
    expect(final.rows.find((r) => r.id === taken)?.status).toBe('undone');
    expect(t.stub.applied.rollbacks).toBe(1);
  });

  it('a rollback the wallet refuses: the bet ends undone with the refusal, the repeat sends nothing again', async () => {
    t = await createTestVendor({ overrides: LONG });
    const { token } = await playerAtBetting(t, 5_000, 100_000n);
    const [kept, taken] = await placed(t, token, 2);
    t.stub.fault = (call) => (call.path === '/seamless/v1/rollback' ? 'refuse' : 'ok');
    const id = rid();
    const one = await undo(t, token, { requestId: id });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.bet).toMatchObject({ id: taken, status: 'undone' });
    const again = await undo(t, token, { requestId: id });
    expect(again.body.bet).toEqual(one.body.bet);
    expect(rollbacks(t)).toHaveLength(1);
    const rows = await sql<{ id: string; status: string; error_code: string | null }>`
      select id, status, error_code from live_bets order by created_at, id`.execute(t.vendor.db);
    expect(rows.rows).toEqual([
      { id: kept, status: 'placed', error_code: null },
      { id: taken, status: 'undone', error_code: 'refused_by_test' },
    ]);
    expect(t.stub.applied.rollbacks).toBe(0);
    t.stub.fault = () => 'ok';
    await seatsFinal(t);
  });
});
