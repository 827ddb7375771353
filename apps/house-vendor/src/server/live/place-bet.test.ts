import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestVendor, type TestVendor } from '../testing/support.ts';
import {
  placeBet as bet,
  bettingRound,
  LIVE_TEST_CONFIG,
  playerAtBetting,
  requestIds,
  seatsFinal,
  TABLE,
} from './test-support.ts';

/**
 * The bet's placement in one statement (live_place_bet, issue 13): the checks the nine statements
 * made before still hold when the requests race each other and the clock.
 */

/** A longer betting window for the tests that send many bets at once on a loaded machine. */
const LONG = { ...LIVE_TEST_CONFIG, liveTiming: { bettingMs: 6_000, closedMs: 100, resultMs: 300 } };
let t: TestVendor | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const rid = requestIds('pb');

describe('live bet placement in one statement', () => {
  it('a bet at the closing instant (server time) is refused: no seat, no bet, nothing sent to the wallet', async () => {
    t = await createTestVendor({ overrides: LIVE_TEST_CONFIG });
    const { token, round } = await playerAtBetting(t, 1_200, 100_000n);
    const { db } = t.vendor;
    // The round still says `betting`, but its close is now: the database's clock decides.
    await sql`update live_rounds set closes_at = clock_timestamp() where id = ${round.id}`.execute(db);
    const late = await bet(t, token, { requestId: rid(), kind: 'banker', stake: '1000' });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('bet_late');
    const seats = await sql<{
      n: string;
    }>`select count(*)::text as n from live_seats where round_id = ${round.id}`.execute(db);
    expect(seats.rows[0]!.n).toBe('0');
    expect(t.stub.calls('/seamless/v1/bet')).toHaveLength(0);
    expect(t.stub.players.get('p1')!.balance).toBe(100_000n);
  });

  it('one request id sent eight times at once is one bet and one wallet call; eight players at once get a seat each', async () => {
    t = await createTestVendor({ overrides: LONG });
    const players = Array.from({ length: 8 }, (_, i) => `q${i}`);
    for (const p of players) t.stub.addPlayer(p, 1_000_000n);
    const tokens: string[] = [];
    for (const p of players) tokens.push((await t.open(p, TABLE)).token);
    const round = await bettingRound(t, tokens[0]!, 4_000);
    const same = rid();
    const repeats = await Promise.all(
      Array.from({ length: 8 }, () =>
        bet(t!, tokens[0]!, { requestId: same, kind: 'banker', stake: '1000' }),
      ),
    );
    expect(repeats.map((x) => x.status)).toEqual(Array(8).fill(200));
    expect(new Set(repeats.map((x) => x.body.bet.id)).size).toBe(1);
    const others = await Promise.all(
      tokens.slice(1).map((token) => bet(t!, token, { requestId: rid(), kind: 'player', stake: '2000' })),
    );
    expect(others.map((x) => x.status)).toEqual(Array(7).fill(200));
    expect(t.stub.calls('/seamless/v1/bet')).toHaveLength(8);
    expect(t.stub.players.get('q0')!.balance).toBe(999_000n);
    const { db } = t.vendor;
    const seats = await sql<{ player_id: string; bets: string }>`
      select s.player_id, count(b.id)::text as bets from live_seats s left join live_bets b on b.seat_id = s.id
      where s.round_id = ${round.id} group by s.player_id order by s.player_id`.execute(db);
    expect(seats.rows).toEqual(players.map((p) => ({ player_id: p, bets: '1' })));
    await seatsFinal(t);
  });

  it('the per-round limit holds over bets of both spots sent at once, and the rest of it can still be bet', async () => {
    t = await createTestVendor({ overrides: LONG });
    const { token } = await playerAtBetting(t, 4_000, 100_000_000n);
    // 100,000.00 per round: 40,000.00 four times at once on banker and player, two fit.
    const kinds = ['banker', 'player', 'banker', 'player'];
    const answers = await Promise.all(
      kinds.map((kind) => bet(t!, token, { requestId: rid(), kind, stake: '4000000' })),
    );
    expect(answers.filter((x) => x.status === 200)).toHaveLength(2);
    expect(answers.filter((x) => x.status === 400 && x.body.error === 'bet_limit')).toHaveLength(2);
    const rest = await bet(t, token, { requestId: rid(), kind: 'banker', stake: '2000000' });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    const over = await bet(t, token, { requestId: rid(), kind: 'tie', stake: '1' });
    expect(over.body.error).toBe('bet_limit');
    expect(t.stub.players.get('p1')!.balance).toBe(100_000_000n - 10_000_000n);
    await seatsFinal(t);
  });
});
