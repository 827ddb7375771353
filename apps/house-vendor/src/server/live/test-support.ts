import { sql } from 'kysely';
import type { HouseVendorConfig } from '../config.ts';
import { eventually, type TestVendor } from '../testing/support.ts';
import type { LiveResult } from './tables.ts';

/** Helpers of the live tables' tests (tests only). */

export const TABLE = 'live-baccarat';
export const LIVE_TEST_CONFIG: Partial<HouseVendorConfig> = {
  liveTables: [TABLE],
  liveTiming: { bettingMs: 1_500, closedMs: 100, resultMs: 300 },
  liveLeaseMs: 1_000,
};

export type RoundView = {
  id: string;
  number: number;
  phase: string;
  result: LiveResult | null;
  commitment: string;
  msLeft: number;
};
export type BetView = { id: string; kind: string; stake: string; status: string; payout: string | null };
export type State = {
  round: RoundView | null;
  totals: Record<string, string>;
  bets: BetView[];
  balance: string | null;
};

export async function state(v: TestVendor, token: string, table = TABLE): Promise<State> {
  const answer = await v.request<State>('GET', `/api/live/tables/${table}`, token);
  if (answer.status !== 200) throw new Error(`state: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Waits for a round in betting with at least `ms` left; answers it. */
export async function bettingRound(
  v: TestVendor,
  token: string,
  ms = 700,
  table = TABLE,
): Promise<RoundView> {
  let round: RoundView | null = null;
  await eventually(async () => {
    round = (await state(v, token, table)).round;
    return round !== null && round.phase === 'betting' && round.msLeft >= ms;
  }, 30_000);
  return round as unknown as RoundView;
}

export async function roundEnded(
  v: TestVendor,
  token: string,
  id: string,
  table = TABLE,
): Promise<RoundView> {
  let view: RoundView | null = null;
  await eventually(async () => {
    const answer = await v.request<RoundView>('GET', `/api/live/rounds/${id}`);
    view = answer.body;
    return view.phase === 'settled' || view.phase === 'cancelled';
  }, 30_000);
  void token;
  void table;
  return view as unknown as RoundView;
}

/**
 * Every seat final, every bet placed or given back; answers nothing (asserts). The test's bets are in
 * by the time it asks, so a round still in betting is closed now (its `closes_at` brought forward, as
 * the tables' clock reads it from the database): the test waits for the settlement, not for the rest
 * of a betting window made long so that its bets could not miss it.
 */
export async function seatsFinal(v: TestVendor) {
  await sql`update live_rounds set closes_at = clock_timestamp()
    where phase = 'betting' and closes_at > clock_timestamp()`.execute(v.vendor.db);
  await eventually(async () => {
    const open = await v.vendor.db
      .selectFrom('live_seats' as never)
      .select('id' as never)
      .where('status' as never, 'in', ['open', 'paying', 'closing', 'cancelling'] as never)
      .execute();
    return open.length === 0;
  }, 30_000);
}

/** A bet sent to a table's bets route: the bet placed, or the error that refused it. */
export const placeBet = (v: TestVendor, token: string, body: unknown, table = TABLE) =>
  v.request<{ bet: BetView; error?: string }>('POST', `/api/live/tables/${table}/bets`, token, body);

/** Request ids unique in the run: `<prefix>-<ms>-<n>`. */
export function requestIds(prefix: string): () => string {
  let counter = 0;
  return () => {
    counter += 1;
    return `${prefix}-${Date.now()}-${counter}`;
  };
}

/** One player with `balance` at the table, and a round in betting with at least `ms` left. */
export async function playerAtBetting(
  v: TestVendor,
  ms: number,
  balance: bigint,
  player = 'p1',
  table = TABLE,
): Promise<{ token: string; round: RoundView }> {
  v.stub.addPlayer(player, balance);
  const { token } = await v.open(player, table);
  const round = await bettingRound(v, token, ms, table);
  return { token, round };
}
