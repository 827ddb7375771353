import { signSeamlessRequest, verifySeamlessRequest } from '@lotus/contracts/seamless-signature';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StubPlatform } from '../testing/stub-platform.ts';
import { TEST_SECRET } from '../testing/support.ts';
import { signCall, type WalletCallRecord, WalletClient, WalletClosedError } from './client.ts';

let stub: StubPlatform;
const records: WalletCallRecord[] = [];
const client = (overrides: { secret?: string; attempts?: number } = {}) =>
  new WalletClient({
    platformUrl: stub.url,
    vendorCode: 'HOUSE',
    brands: new Map([['DEMO', overrides.secret ?? TEST_SECRET]]),
    timeoutMs: 300,
    attempts: overrides.attempts ?? 3,
    backoffMs: 20,
    record: async (entry) => {
      records.push(entry);
    },
  });

beforeAll(async () => {
  stub = await new StubPlatform({ brands: { DEMO: TEST_SECRET } }).start();
});
afterAll(async () => {
  await stub.stop();
});
afterEach(() => {
  stub.fault = () => 'ok';
  records.length = 0;
});

describe('the seamless wallet client', () => {
  it('signs every call over method, path and body with the brand secret, and names merchant and vendor', async () => {
    const player = stub.addPlayer('c1', 500n);
    const before = stub.received.length;
    const answer = await client().call('DEMO', 'balance', { token: player.token, currency: 'PHP' });
    expect(answer).toMatchObject({
      kind: 'answer',
      success: true,
      value: { balance: '5.00', currency: 'PHP' },
    });
    const call = stub.received[before]!;
    expect(call).toMatchObject({
      path: '/seamless/v1/balance',
      merchant: 'DEMO',
      vendor: 'HOUSE',
      signatureValid: true,
    });
    expect(call.body.vendor).toBe('HOUSE');
  });

  it("signs exactly as the shared contract's signature (also non-ASCII bodies); another path or secret does not verify", async () => {
    const body = JSON.stringify({ vendor: 'HOUSE', nickname: '玩家 Ünï', amount: '10.50' });
    const signature = signCall('s3cret-é', '/seamless/v1/bet', body);
    expect(signature).toBe(await signSeamlessRequest('s3cret-é', 'POST', '/seamless/v1/bet', body));
    const bytes = new TextEncoder().encode(body);
    expect(await verifySeamlessRequest('s3cret-é', 'POST', '/seamless/v1/bet', bytes, signature)).toBe(true);
    expect(await verifySeamlessRequest('s3cret-é', 'POST', '/seamless/v1/win', bytes, signature)).toBe(false);
    expect(await verifySeamlessRequest('other', 'POST', '/seamless/v1/bet', bytes, signature)).toBe(false);
  });

  it('a wrong secret is refused by the platform and not retried (a decision, nothing applied)', async () => {
    const player = stub.addPlayer('c2', 500n);
    const before = stub.received.length;
    const answer = await client({ secret: 'not-the-secret-0123456789' }).call('DEMO', 'bet', {
      token: player.token,
      transactionId: 'c2-bet',
      roundId: 'c2-round',
      gameId: 'lotus-garden',
      amount: '1.00',
      currency: 'PHP',
    });
    expect(answer).toMatchObject({
      kind: 'answer',
      success: false,
      httpStatus: 401,
      errorCode: 'vendor_signature_invalid',
    });
    expect(stub.received.length - before).toBe(1);
    expect(stub.received[before]!.signatureValid).toBe(false);
    expect(stub.players.get('c2')!.balance).toBe(500n);
  });

  it('repeats unanswered calls with the same bytes, then reports unknown; every attempt is recorded', async () => {
    stub.fault = () => 'drop';
    const before = stub.received.length;
    const answer = await client().call(
      'DEMO',
      'win',
      {
        transactionId: 'w1',
        betTransactionId: 'b1',
        roundId: 'r1',
        gameId: 'g',
        amount: '0.00',
        currency: 'PHP',
      },
      { roundId: null, transactionId: 'w1' },
    );
    expect(answer.kind).toBe('unknown');
    const calls = stub.received.slice(before);
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.raw)).size).toBe(1);
    expect(records.map((r) => [r.attempt, r.transactionId, r.httpStatus])).toEqual([
      [1, 'w1', null],
      [2, 'w1', null],
      [3, 'w1', null],
    ]);
    expect(records.every((r) => r.error?.startsWith('network'))).toBe(true);
  });

  it('deferRecord: attempts without a decision are recorded as they end, the deciding one is handed back unwritten', async () => {
    const player = stub.addPlayer('c5', 500n);
    let attempts = 0;
    stub.fault = () => {
      attempts += 1;
      return attempts === 1 ? 'busy' : 'ok';
    };
    const fields = { token: player.token, currency: 'PHP' };
    const answer = await client().call('DEMO', 'balance', fields, {
      roundId: null,
      transactionId: 't5',
      deferRecord: true,
    });
    expect(records.map((r) => [r.attempt, r.httpStatus])).toEqual([[1, 503]]);
    expect(answer.kind).toBe('answer');
    const record = answer.kind === 'answer' ? answer.record : undefined;
    expect(record).toMatchObject({ call: 'balance', transactionId: 't5', attempt: 2, httpStatus: 200 });
    expect(record!.request).toContain('[redacted]');
    expect(record!.response).toContain('"success":true');
    // Without it, every attempt is written by the client and the answer carries no record.
    const plain = await client().call('DEMO', 'balance', fields);
    expect(records.map((r) => r.httpStatus)).toEqual([503, 200]);
    expect(plain).not.toHaveProperty('record');
  });

  it('times out a call that hangs', async () => {
    stub.fault = () => 'hang';
    const started = Date.now();
    const answer = await client({ attempts: 1 }).call('DEMO', 'roundEnd', { roundId: 'r2', gameId: 'g' });
    expect(answer).toEqual({ kind: 'unknown', reason: 'timeout after 300 ms' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('blanks the player token in what it records', async () => {
    const player = stub.addPlayer('c3', 500n);
    await client().call('DEMO', 'balance', { token: player.token });
    expect(records[0]!.request).not.toContain(player.token);
    expect(records[0]!.request).toContain('[redacted]');
  });

  it('once closed, abandons calls in flight and refuses new ones', async () => {
    stub.fault = () => 'hang';
    const wallet = client();
    const pending = wallet.call('DEMO', 'roundEnd', { roundId: 'r3', gameId: 'g' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    wallet.close();
    await expect(pending).rejects.toBeInstanceOf(WalletClosedError);
    await expect(wallet.call('DEMO', 'roundEnd', { roundId: 'r4', gameId: 'g' })).rejects.toBeInstanceOf(
      WalletClosedError,
    );
  });

  it('batch: one signed request, repeated with the same bytes after a lost reply, each item answered and recorded on its own', async () => {
    const player = stub.addPlayer('c9', 10_000n);
    const bet = (id: string) => ({
      call: 'bet' as const,
      token: player.token,
      transactionId: id,
      roundId: `r-${id}`,
      gameId: 'g',
      amount: '10.00',
      currency: 'PHP',
    });
    const before = stub.calls('/seamless/v1/batch').length;
    // The first attempt is applied and its reply lost; the repeat answers the same, applied once.
    stub.fault = (call, nth) =>
      call.path === '/seamless/v1/batch' && nth === before + 1 ? 'lose-reply' : 'ok';
    const answer = await client().batch('DEMO', [bet('b1'), bet('b2'), { ...bet('b3'), amount: '500.00' }]);
    const sent = stub.calls('/seamless/v1/batch').slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.raw).toBe(sent[0]?.raw);
    expect(sent.every((c) => c.signatureValid)).toBe(true);
    expect(answer).toMatchObject({ kind: 'answer', httpStatus: 200 });
    const items = answer.kind === 'answer' ? answer.items : null;
    expect(items?.map((i) => [i.transactionId, i.success, i.errorCode])).toEqual([
      ['b1', true, ''],
      ['b2', true, ''],
      ['b3', false, 'insufficient_balance'],
    ]);
    expect(stub.players.get('c9')?.balance).toBe(8_000n);
    // The lost attempt as one batch row, the answered one as a row per item (its round, call, id, answer).
    expect(records.map((r) => [r.call, r.attempt, r.roundId])).toEqual([
      ['batch', 1, null],
      ['bet', 2, 'r-b1'],
      ['bet', 2, 'r-b2'],
      ['bet', 2, 'r-b3'],
    ]);
    expect(records[1]?.request).not.toContain(player.token);
    expect(JSON.parse(records[3]?.response ?? '{}')).toMatchObject({ errorCode: 'insufficient_balance' });
  });

  it('batch: a whole batch refused (duplicate ids) answers no items; an unanswered one is unknown', async () => {
    stub.addPlayer('c10', 10_000n);
    const item = {
      call: 'win' as const,
      transactionId: 'd1',
      betTransactionId: 'x',
      roundId: 'r',
      gameId: 'g',
      amount: '1.00',
      currency: 'PHP',
    };
    const refused = await client().batch('DEMO', [item, item]);
    expect(refused).toMatchObject({ kind: 'answer', httpStatus: 400, items: null });
    stub.fault = (call) => (call.path === '/seamless/v1/batch' ? 'error' : 'ok');
    const unknown = await client({ attempts: 2 }).batch('DEMO', [
      { call: 'roundEnd', roundId: 'r9', gameId: 'g' },
    ]);
    expect(unknown.kind).toBe('unknown');
    expect(stub.players.get('c10')?.balance).toBe(10_000n);
  });
});
