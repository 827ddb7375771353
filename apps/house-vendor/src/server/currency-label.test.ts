import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyLabelOf } from './sessions.ts';
import { createTestVendor, type TestVendor } from './testing/support.ts';

/**
 * The currency label of a game (issue 24, one currency label across the site and the games): the
 * brand's symbol the platform sends with the launch (SeamlessSession `currencySymbol`) is kept with
 * the session and answered to the page, which writes money as the site does ("RM 100.00").
 */
let t: TestVendor;
beforeAll(async () => {
  t = await createTestVendor();
});
afterAll(async () => {
  await t.close();
});

type State = { session: { currency: string; currencyLabel: string } };

describe("a game session's currency label", () => {
  it("keeps the platform's symbol for the session and answers it on every state call", async () => {
    t.stub.addPlayer('cl-1', 10_000n, 'MYR', 'RM');
    const { token, body } = await t.open('cl-1');
    expect(body.session).toMatchObject({ currency: 'MYR', currencyLabel: 'RM' });
    const state = await t.request<State>('GET', '/api/state', token);
    expect(state.body.session).toMatchObject({ currency: 'MYR', currencyLabel: 'RM' });
  });

  it('answers no label when the platform sent none, or one that is not a plain symbol', async () => {
    t.stub.addPlayer('cl-2', 10_000n, 'MYR');
    expect((await t.open('cl-2')).body.session.currencyLabel).toBe('');
    t.stub.addPlayer('cl-3', 10_000n, 'MYR', '<b>');
    expect((await t.open('cl-3')).body.session.currencyLabel).toBe('');
  });

  it('reads a label as a page may show it', () => {
    expect(currencyLabelOf(' ₱ ')).toBe('₱');
    expect(currencyLabelOf(undefined)).toBe('');
    expect(currencyLabelOf('R\u0000M')).toBe('');
    expect(currencyLabelOf('"x"')).toBe('');
    expect(currencyLabelOf('123456789')).toBe('');
  });
});
