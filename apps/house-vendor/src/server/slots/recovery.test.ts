import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestVendor, eventually, type TestVendor } from '../testing/support.ts';
import type { RoundView } from './rounds.ts';

/**
 * A vendor process stopped in the middle of a round (its wallet calls in flight abandoned, nothing
 * more written: what a crash leaves), then a new process started on the same storage: its recovery
 * job finishes every round left half done, and the wallet applies each movement exactly once.
 */

let t: TestVendor | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function crashDuring(path: string, faultBefore: (nth: number) => 'hang' | 'lose-reply' | 'ok') {
  t = await createTestVendor({ persistent: true });
  const vendor = t;
  vendor.stub.addPlayer('crash', 100_000n);
  const { token } = await vendor.open('crash');
  vendor.stub.fault = (call, nth) => (call.path === path ? faultBefore(nth) : 'ok');
  const pending = vendor
    .request<RoundView>('POST', '/api/spin', token, { requestId: randomUUID(), coinValue: 5 })
    .catch(() => null);
  await eventually(
    () => vendor.stub.calls(path).length > 0 && vendor.stub.calls(path).length >= callsToHang(faultBefore),
  );
  const [round] = await vendor.vendor.db.selectFrom('rounds').select(['id', 'status']).execute();
  // The process dies here: the call in flight is abandoned and nothing more is written.
  vendor.stub.fault = () => 'ok';
  await vendor.restart(undefined, true);
  await pending;
  await eventually(async () => {
    const row = await vendor.vendor.db
      .selectFrom('rounds')
      .select('status')
      .where('id', '=', round!.id)
      .executeTakeFirstOrThrow();
    return row.status === 'settled';
  });
  const settled = (await vendor.request<RoundView>('GET', `/api/rounds/${round!.id}`, token)).body;
  return { vendor, round: settled, statusAtCrash: round!.status };
}

/** How many calls of the path arrive before the one the process dies in. */
function callsToHang(fault: (nth: number) => 'hang' | 'lose-reply' | 'ok'): number {
  let n = 1;
  while (fault(n) !== 'hang' && n < 10) n += 1;
  return n;
}

describe('recovery after a killed vendor process', () => {
  it('stopped between the bet and the win: the new process pays the win and ends the round, once', async () => {
    const { vendor, round, statusAtCrash } = await crashDuring('/seamless/v1/win', () => 'hang');
    expect(statusAtCrash).toBe('paying');
    expect(round.status).toBe('settled');
    expect(vendor.stub.applied).toMatchObject({ bets: 1, wins: 1, rollbacks: 0, roundEnds: 1 });
    expect(vendor.stub.players.get('crash')!.balance).toBe(100_000n - 100n + BigInt(round.payout!));
    // Two win calls reached the wallet (the abandoned one and the recovery's), the same transaction.
    const wins = vendor.stub.calls('/seamless/v1/win');
    expect(wins.length).toBeGreaterThanOrEqual(2);
    expect(new Set(wins.map((w) => w.raw)).size).toBe(1);
    expect(vendor.stub.roundStatus(round.id)).toBe('settled');
  });

  it('stopped while the bet was unanswered: the bet is sent again with its id, then settled once', async () => {
    const { vendor, round, statusAtCrash } = await crashDuring('/seamless/v1/bet', () => 'hang');
    expect(statusAtCrash).toBe('betting');
    expect(round.status).toBe('settled');
    expect(vendor.stub.applied).toMatchObject({ bets: 1, wins: 1, rollbacks: 0 });
    expect(new Set(vendor.stub.calls('/seamless/v1/bet').map((c) => c.raw)).size).toBe(1);
  });

  it('stopped after the wallet took the bet but its answer was lost: the retry learns it, no second debit', async () => {
    const { vendor, round } = await crashDuring('/seamless/v1/bet', (nth) =>
      nth === 1 ? 'lose-reply' : 'hang',
    );
    expect(round.status).toBe('settled');
    expect(vendor.stub.applied).toMatchObject({ bets: 1, wins: 1, rollbacks: 0 });
    expect(vendor.stub.players.get('crash')!.balance).toBe(100_000n - 100n + BigInt(round.payout!));
  });

  it('stopped before the round end was answered: the new process ends it, the money moves once', async () => {
    const { vendor, round } = await crashDuring('/seamless/v1/roundEnd', () => 'hang');
    expect(round.status).toBe('settled');
    expect(vendor.stub.applied).toMatchObject({ bets: 1, wins: 1, rollbacks: 0, roundEnds: 1 });
    expect(vendor.stub.roundStatus(round.id)).toBe('settled');
  });

  it('leaves no round open after recovery', async () => {
    const { vendor } = await crashDuring('/seamless/v1/win', () => 'hang');
    const open = await vendor.vendor.db
      .selectFrom('rounds')
      .select('id')
      .where('status', 'in', ['betting', 'paying', 'closing', 'rolling_back'])
      .execute();
    expect(open).toEqual([]);
  });
});
