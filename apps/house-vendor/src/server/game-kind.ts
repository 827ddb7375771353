import type { RepeatableFunction } from '@lotus/db-repeatable';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Migration } from 'kysely/migration';
import type { HouseVendorConfig } from './config.ts';
import type { VendorDb } from './db/database.ts';
import type { WalletClient } from './wallet/client.ts';

/**
 * A game kind (slots, live tables; fish, PVP rooms, a sportsbook to come): one folder under
 * src/server plugged into GAME_KINDS (kinds.ts), as a domain module is in the platform's API. The
 * core (config, database and migrator, sessions, seeds, the wallet client and its call records,
 * HTTP plumbing) starts it, mounts its routes, runs its recovery job and stops it; the kind owns its
 * rounds, its tables and its SQL.
 */
export type GameKind = {
  /** Its folder's name, in logs and errors. */
  readonly name: string;
  /**
   * The game ids it serves. Each is an id the platform launches (`POST /api/session` `{game}`): a
   * session is opened only for a game of some kind.
   */
  readonly games: readonly string[];
  /**
   * Its own migrations, named `<timestamp>_<kind>_<what>` so that they sort after the ones already
   * applied (merged with the core's and run in name order by the one migrator, on PGlite and
   * PostgreSQL alike).
   */
  readonly migrations?: Readonly<Record<string, Migration>>;
  /** Its PL/pgSQL functions, one file each, applied after the migrations (@lotus/db-repeatable). */
  readonly functions?: readonly RepeatableFunction[];
  /** Builds the kind on the vendor's database, wallet client and HTTP server (before routes exist). */
  start(context: GameKindContext): Promise<RunningGameKind>;
};

export type GameKindContext = {
  config: HouseVendorConfig;
  db: VendorDb;
  wallet: WalletClient;
  log: FastifyBaseLogger;
  /** The vendor's Fastify instance (its `server` carries a kind's realtime channel). */
  app: FastifyInstance;
};

export type RunningGameKind = {
  /** Registers the kind's HTTP calls, after the core's (session, state, fairness). */
  routes(app: FastifyInstance): Promise<void>;
  /**
   * One run of its recovery job (at start and every HOUSE_VENDOR_RECOVERY_SECONDS, all kinds at
   * once): finishes what a stopped process or an unanswered wallet left open; answers how many it took.
   */
  recover?(): Promise<number>;
  /** After the first recovery run and once listening: its clocks and loops. */
  start?(): void;
  /** Stopping, once the wallet client is closed: its clocks stop (before the recovery run in flight ends). */
  stop?(): Promise<void>;
  /** Stopping, after the recovery run ended and before the HTTP server closes: its connections. */
  close?(): Promise<void>;
};

/** Every game id of the kinds (a session may be opened for these only). */
export function gameIdsOf(kinds: readonly GameKind[]): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const kind of kinds)
    for (const id of kind.games) {
      if (ids.has(id)) throw new Error(`game id ${id} is served by two game kinds`);
      ids.add(id);
    }
  return ids;
}
