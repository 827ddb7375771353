import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { hashServerSeed } from '../../fair/seeds.ts';
import { newShoe, verifyRoulette, verifySicBo } from '../../live/index.ts';
import { createTestVendor, type TestVendor } from '../testing/support.ts';
import { dealFromShoe, type LiveResult } from './tables.ts';
import { bettingRound, roundEnded, seatsFinal } from './test-support.ts';

/**
 * Every game's table on its clock: a bet on each settles; roulette and sic bo reveal the round seed
 * behind the commitment published before betting; a dragon tiger shoe lasts across rounds until the
 * cut card, then a new one is committed and the finished one revealed and verifiable.
 */

let t: TestVendor | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

type Verification = {
  id: string;
  phase: string;
  commitment: string;
  result: LiveResult | null;
  roundSeed: string | null;
  number: number;
  table: string;
  shoe: string | null;
  shoeStart: number | null;
  shoeSeeds: { serverSeed: string; clientSeed: string; nonce: number } | null;
};

const TIMING = { bettingMs: 1_500, closedMs: 100, resultMs: 200 };

describe('live tables of every game', () => {
  it('baccarat no commission, dragon tiger, roulette and sic bo take bets and settle them', async () => {
    const tables = ['live-baccarat-nc', 'live-dragon-tiger', 'live-roulette', 'live-sicbo'];
    t = await createTestVendor({ overrides: { liveTables: tables, liveTiming: TIMING, liveLeaseMs: 1_000 } });
    t.stub.addPlayer('p1', 1_000_000n);
    const bets: Record<string, unknown> = {
      'live-baccarat-nc': { kind: 'banker', stake: '1000' },
      'live-dragon-tiger': { kind: 'dragon', stake: '1000' },
      'live-roulette': { kind: 'straight', numbers: [17], stake: '1000' },
      'live-sicbo': { kind: 'big', stake: '1000' },
    };
    const rounds: Record<string, string> = {};
    for (const table of tables) {
      const { token } = await t.open('p1', table);
      const round = await bettingRound(t, token, 600, table);
      const answer = await t.request('POST', `/api/live/tables/${table}/bets`, token, {
        requestId: `all-${table}`,
        ...(bets[table] as object),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      rounds[table] = round.id;
    }
    let paid = 0n;
    for (const table of tables) {
      await roundEnded(t, '', rounds[table]!, table);
      const view = (await t.request<Verification>('GET', `/api/live/rounds/${rounds[table]}`)).body;
      expect(view.phase).toBe('settled');
      if (table === 'live-roulette' || table === 'live-sicbo') {
        expect(await hashServerSeed(view.roundSeed!)).toBe(view.commitment);
        const seed = { roundSeed: view.roundSeed!, tableId: table, round: view.number };
        if (view.result?.game === 'ROU')
          expect(await verifyRoulette(seed, view.commitment)).toBe(view.result.pocket);
        if (view.result?.game === 'SIC')
          expect(await verifySicBo(seed, view.commitment)).toEqual(view.result.dice);
      } else {
        expect(view.roundSeed).toBeNull();
        expect(view.shoeSeeds).toBeNull();
      }
    }
    for (const table of tables) {
      const history = await t.request<{ rounds: { id: string }[]; roads: object }>(
        'GET',
        `/api/live/tables/${table}/history`,
      );
      expect(history.status).toBe(200);
      expect(history.body.rounds.map((r) => r.id)).toContain(rounds[table]);
      expect(Object.keys(history.body.roads).length).toBeGreaterThan(0);
    }
    await seatsFinal(t);
    const lobby = await t.request<{
      tables: { id: string; round: { phase: string } | null; recent: unknown[] }[];
    }>('GET', '/api/live/lobby');
    expect(lobby.status).toBe(200);
    expect(lobby.body.tables.map((x) => x.id)).toEqual(expect.arrayContaining(tables));
    for (const entry of lobby.body.tables.filter((x) => tables.includes(x.id))) {
      expect(entry.round).not.toBeNull();
      expect(entry.recent.length).toBeGreaterThan(0);
    }
    // The platform's round id of a player (the seat) leads to the same public round.
    const seat = await sql<{
      id: string;
      round_id: string;
    }>`select id, round_id from live_seats limit 1`.execute(t.vendor.db);
    const bySeat = await t.request<Verification>('GET', `/api/live/rounds/${seat.rows[0]!.id}`);
    expect(bySeat.body.id).toBe(seat.rows[0]!.round_id);
    const seats = await sql<{
      payout: string;
    }>`select payout::text from live_seats where status = 'settled'`.execute(t.vendor.db);
    for (const seat of seats.rows) paid += BigInt(seat.payout);
    expect(seats.rows).toHaveLength(4);
    expect(t.stub.players.get('p1')!.balance).toBe(1_000_000n - 4_000n + paid);
  });

  it('a dragon tiger shoe lasts until the cut card; the finished shoe is revealed and verifies', async () => {
    const table = 'live-dragon-tiger';
    t = await createTestVendor({
      overrides: {
        liveTables: [table],
        liveTiming: { bettingMs: 400, closedMs: 50, resultMs: 700 },
        liveLeaseMs: 1_000,
      },
    });
    t.stub.addPlayer('p1', 100_000n);
    const { token } = await t.open('p1', table);
    const first = await bettingRound(t, token, 0, table);
    await roundEnded(t, token, first.id, table);
    const second = await bettingRound(t, token, 0, table);
    const firstView = (await t.request<Verification>('GET', `/api/live/rounds/${first.id}`)).body;
    const secondView = (await t.request<Verification>('GET', `/api/live/rounds/${second.id}`)).body;
    // The same shoe, the next cards.
    expect(secondView.shoe).toBe(firstView.shoe);
    expect(secondView.commitment).toBe(firstView.commitment);
    expect(secondView.shoeStart).toBe((firstView.shoeStart ?? 0) + 2);
    await roundEnded(t, token, second.id, table);
    // Near the cut card: 15 cards left allow one more round, then a new shoe.
    await sql`update live_shoes set position = 401 where id = ${firstView.shoe}`.execute(t.vendor.db);
    const last = await bettingRound(t, token, 0, table);
    expect((await t.request<Verification>('GET', `/api/live/rounds/${last.id}`)).body.shoeStart).toBe(401);
    await roundEnded(t, token, last.id, table);
    const fresh = await bettingRound(t, token, 0, table);
    const freshView = (await t.request<Verification>('GET', `/api/live/rounds/${fresh.id}`)).body;
    expect(freshView.shoe).not.toBe(firstView.shoe);
    expect(freshView.commitment).not.toBe(firstView.commitment);
    expect(freshView.shoeStart).toBe(0);
    // The finished shoe is revealed: its seeds give the commitment and the cards each round showed.
    const revealed = (await t.request<Verification>('GET', `/api/live/rounds/${first.id}`)).body;
    expect(revealed.shoeSeeds).not.toBeNull();
    const shoe = await newShoe(
      revealed.shoeSeeds!.serverSeed,
      revealed.shoeSeeds!.clientSeed,
      revealed.shoeSeeds!.nonce,
    );
    expect(shoe.commitment).toBe(firstView.commitment);
    expect(dealFromShoe('DAT', shoe.cards, revealed.shoeStart ?? 0).result).toEqual(revealed.result);
    // The new shoe stays secret.
    expect(freshView.shoeSeeds).toBeNull();
    // The roads start again with the new shoe.
    const history = await t.request<{ shoe: string; rounds: unknown[]; roads: { bead: unknown[] } }>(
      'GET',
      `/api/live/tables/${table}/history`,
    );
    expect(history.status).toBe(200);
    expect(history.body.shoe).toBe(freshView.shoe);
    expect(history.body.roads.bead).toHaveLength(history.body.rounds.length);
  });
});
