import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { GAMES } from '../slots/games/index.ts';
import { type GameKind, gameIdsOf } from './game-kind.ts';
import { authenticate } from './http/bearer.ts';
import { GAME_KINDS } from './kinds.ts';
import { LIVE_TABLES } from './live/tables.ts';
import { type RunningHouseVendor, startHouseVendor } from './server.ts';
import { StubPlatform } from './testing/stub-platform.ts';
import { createTestStorage, TEST_SECRET, type TestStorage, testConfig } from './testing/support.ts';

/**
 * A game kind is a folder plugged into one list (kinds.ts): the vendor serves every kind's games,
 * runs its migrations, mounts its routes, runs its recovery job with the others', starts it once
 * listening and stops it in order. A kind made up here (dice) proves each of these without any
 * change to the core.
 */

describe('the game kinds', () => {
  it('are slots and live tables, serving every slot game and every live table, each id once', () => {
    expect(GAME_KINDS.map((kind) => kind.name)).toEqual(['slots', 'live']);
    expect([...gameIdsOf(GAME_KINDS)].sort()).toEqual(
      [...GAMES.map((game) => game.id), ...LIVE_TABLES.map((table) => table.id)].sort(),
    );
    const twice: GameKind = {
      name: 'copy',
      games: ['lotus-garden'],
      start: async () => ({ routes: async () => {} }),
    };
    expect(() => gameIdsOf([...GAME_KINDS, twice])).toThrow(/lotus-garden/);
  });
});

let stub: StubPlatform | null = null;
let storage: TestStorage | null = null;
let vendor: RunningHouseVendor | null = null;
afterEach(async () => {
  await vendor?.close();
  await stub?.stop();
  await storage?.drop();
  vendor = null;
  stub = null;
  storage = null;
});

/** A game kind of its own: one game, one migration, one route, a recovery job and a lifecycle. */
function diceKind(events: string[]): GameKind {
  return {
    name: 'dice',
    games: ['test-dice'],
    migrations: {
      '29991231T235959_dice_rolls': {
        async up(db) {
          await sql`create table test_dice_rolls (player_id text not null, roll int not null)`.execute(db);
        },
      },
    },
    async start({ db, wallet }) {
      events.push('start');
      return {
        async routes(app) {
          const auth = authenticate(db);
          app.post('/api/test-dice/roll', async (request) => {
            const session = await auth(request);
            await sql`insert into test_dice_rolls (player_id, roll) values (${session.playerId}, 6)`.execute(
              db,
            );
            return { game: session.gameId, player: session.playerId, roll: 6 };
          });
        },
        async recover() {
          events.push('recover');
          return 2;
        },
        start() {
          events.push('clock');
        },
        async stop() {
          events.push(wallet.closed ? 'stop, wallet closed' : 'stop, wallet open');
        },
        async close() {
          events.push('close');
        },
      };
    },
  };
}

describe('a game kind plugged into the list', () => {
  it('is served: its game launches, its migration ran, its route answers, its recovery and lifecycle run', async () => {
    stub = await new StubPlatform({ brands: { DEMO: TEST_SECRET } }).start();
    storage = await createTestStorage();
    const events: string[] = [];
    vendor = await startHouseVendor(testConfig(stub.url), {
      logger: false,
      database: storage.target,
      kinds: [...GAME_KINDS, diceKind(events)],
    });
    expect(events).toEqual(['start', 'recover', 'clock']);
    expect(vendor.kinds.has('dice')).toBe(true);

    stub.addPlayer('dice-player', 10_000n);
    const opened = await fetch(`${vendor.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        merchant: 'DEMO',
        launchToken: stub.launch('dice-player', 'test-dice'),
        game: 'test-dice',
      }),
    });
    expect(opened.status).toBe(200);
    const { token } = (await opened.json()) as { token: string };
    const rolled = await fetch(`${vendor.url}/api/test-dice/roll`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await rolled.json()).toEqual({ game: 'test-dice', player: 'dice-player', roll: 6 });
    // The core's API headers apply to a kind's calls too.
    expect(rolled.headers.get('cache-control')).toBe('no-store');
    const rows = await sql<{ player_id: string }>`select player_id from test_dice_rolls`.execute(vendor.db);
    expect(rows.rows).toEqual([{ player_id: 'dice-player' }]);

    // The recovery run is every kind's at once, their counts added.
    expect(await vendor.recoverNow()).toBe(2);
    await vendor.close();
    vendor = null;
    expect(events.slice(-2)).toEqual(['stop, wallet closed', 'close']);
  });

  it('serves only the games of its kinds: a kind left out of the list is not launched', async () => {
    stub = await new StubPlatform({ brands: { DEMO: TEST_SECRET } }).start();
    storage = await createTestStorage();
    vendor = await startHouseVendor(testConfig(stub.url), { logger: false, database: storage.target });
    stub.addPlayer('dice-player', 10_000n);
    const refused = await fetch(`${vendor.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        merchant: 'DEMO',
        launchToken: stub.launch('dice-player', 'test-dice'),
        game: 'test-dice',
      }),
    });
    expect(await refused.json()).toEqual({ error: 'game_unknown' });
    expect((await fetch(`${vendor.url}/api/test-dice/roll`, { method: 'POST' })).status).toBe(404);
  });
});
