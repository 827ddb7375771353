import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { brandOf, catalogueTestVendor, slot } from '../../../test/games.ts';
import { setupTestApp } from '../../../test/support.ts';
import { upsertVendor } from '../vendors/vendor.repository.ts';
import { seamlessCallKey, seamlessCategories } from './bet-category.service.ts';

/**
 * The one read of a seamless call's category (seamlessCategories), asked by journal entry or by
 * call: the game's catalogue category (a win's or rollback's: its bet's game), else the vendor's
 * first placement, else RNG, and whether the catalogue gave it.
 */
const ctx = setupTestApp();

type Call = { vendorId: string; transactionId: string; entryId: string };
let brandId: string;
let live: { id: string };
let bare: { id: string };

beforeAll(async () => {
  brandId = (await brandOf(ctx)).id;
  // Placed in FISH first, then LIVE; its one game is a LIVE table.
  live = await catalogueTestVendor(ctx, {
    categories: ['FISH', 'LIVE'],
    games: [slot('table', { category: 'LIVE', gameType: 'LIVE' })],
  });
  // A vendor with no placement and no game in the catalogue.
  bare = await upsertVendor(ctx.db, {
    brandId,
    code: `B${randomUUID().slice(0, 8)}`,
    name: 'bare',
    secret: 's',
  });
});

/** A seamless row as the wallet leaves it (no money: only what the category read looks at). */
async function row(
  vendorId: string,
  kind: 'bet' | 'win' | 'rollback' | 'bet_win',
  gameId: string,
  betTransactionId: string | null = null,
): Promise<Call> {
  const transactionId = randomUUID();
  const entry = await sql<{ id: string }>`
    insert into journal_entries (brand_id, kind, idempotency_key, request_hash)
    values (${brandId}, 'test', ${`cat:${transactionId}`}, 'h') returning id::text as id`.execute(ctx.db);
  const entryId = entry.rows[0]?.id ?? '';
  await sql`
    insert into seamless_transactions (brand_id, vendor_id, transaction_id, kind, request_hash, game_id,
                                       bet_transaction_id, bet_state, entry_id)
    values (${brandId}, ${vendorId}, ${transactionId}, ${kind}, 'h', ${gameId}, ${betTransactionId},
            ${kind === 'bet' || kind === 'bet_win' ? 'settled' : null}, ${entryId})`.execute(ctx.db);
  return { vendorId, transactionId, entryId };
}

describe('seamlessCategories', () => {
  it('answers by entry and by call alike: catalogue, bet of a win or rollback, vendor placement, RNG', async () => {
    const bet = await row(live.id, 'bet', 'table');
    const win = await row(live.id, 'win', '', bet.transactionId); // a win naming no game: its bet's
    const rollback = await row(live.id, 'rollback', 'other', bet.transactionId);
    const betWin = await row(live.id, 'bet_win', 'table');
    const unknown = await row(live.id, 'bet', 'not-listed'); // not catalogued: the vendor's first placement
    const orphanWin = await row(live.id, 'win', 'not-listed', randomUUID()); // its bet unknown: its own game
    const nowhere = await row(bare.id, 'bet', 'x'); // no placement either: RNG
    const calls = [bet, win, rollback, betWin, unknown, orphanWin, nowhere];
    const expected = [
      { category: 'LIVE', catalogued: true },
      { category: 'LIVE', catalogued: true },
      { category: 'LIVE', catalogued: true },
      { category: 'LIVE', catalogued: true },
      { category: 'FISH', catalogued: false },
      { category: 'FISH', catalogued: false },
      { category: 'RNG', catalogued: false },
    ];
    const byEntry = await seamlessCategories(ctx.db, {
      entryIds: [...calls.map((c) => c.entryId), '999999999'],
    });
    expect(calls.map((c) => byEntry.get(c.entryId))).toEqual(expected);
    expect(byEntry.size).toBe(calls.length);
    const byCall = await seamlessCategories(ctx.db, {
      calls: [...calls, { vendorId: live.id, transactionId: 'never-seen' }],
    });
    expect(calls.map((c) => byCall.get(seamlessCallKey(c.vendorId, c.transactionId)))).toEqual(expected);
    expect(byCall.size).toBe(calls.length);
  });

  it('answers nothing for nothing asked, without a query', async () => {
    expect((await seamlessCategories(ctx.db, { entryIds: [] })).size).toBe(0);
    expect((await seamlessCategories(ctx.db, { calls: [] })).size).toBe(0);
  });
});
