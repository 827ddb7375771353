import type { GameKind } from '../game-kind.ts';
import { LiveEngine } from './engine.ts';
import { LIVE_FUNCTIONS } from './live.sql.ts';
import { registerPlayerEnded } from './player-ended.ts';
import { createRealtime } from './realtime.ts';
import { registerLiveRoutes } from './routes.ts';
import { SEATS_PER_BATCH } from './settle-batch.ts';
import { LIVE_TABLES, timed } from './tables.ts';

/**
 * Live tables: shared rounds on a clock (clock.ts), each player's bets on a seat (seats.ts) settled
 * per player (settlement.ts), SQL in repository.ts, the tables as data (tables.ts), Socket.IO rooms
 * on the vendor's HTTP server (realtime.ts). Each table id is also the game id the platform launches.
 */
export const live: GameKind = {
  name: 'live',
  games: LIVE_TABLES.map((table) => table.id),
  functions: LIVE_FUNCTIONS,
  async start({ app, db, wallet, log, config }) {
    const realtime = createRealtime(app.server, log);
    const tables = LIVE_TABLES.map((table) => timed(table, config.liveTiming));
    const engine = new LiveEngine({
      db,
      wallet,
      log,
      tables,
      drive: new Set(config.liveTables ?? tables.map((t) => t.id)),
      leaseMs: config.liveLeaseMs ?? 10_000,
      placingGraceMs: config.walletTimeoutMs * config.walletAttempts + 1_000,
      settleConcurrency: config.liveSettleConcurrency ?? 32,
      settleBatchSeats: config.liveSettleBatchSeats ?? SEATS_PER_BATCH,
      emitter: realtime.emitter,
    });
    realtime.onJoin(async (session, table) => ({
      table: engine.table(table).id,
      ...(await engine.state(session, table)),
    }));
    await realtime.attach(db, config.redisUrl ?? null, config.redisKey, config.liveJoinLimits);
    return {
      routes: async (server) => {
        await registerLiveRoutes(server, { db, live: engine });
        registerPlayerEnded(server, {
          db,
          brands: config.brands,
          endPlayer: (brand, player) => realtime.endPlayer(brand, player),
        });
      },
      recover: () => engine.recover(),
      start: () => engine.start(),
      stop: () => engine.stop(),
      close: () => realtime.close(),
    };
  },
};
