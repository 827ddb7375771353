import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { RoundResult } from '../../slots/round.ts';

/** int8 columns arrive as strings (no rounding through a JS number); bigint or string goes in. */
type Int8 = ColumnType<string, bigint | string, bigint | string>;
type Int8Id = ColumnType<string, never, never>;
/** A timestamp without a default: every insert gives it. */
type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;

export type GameMode = 'real' | 'demo' | 'free';

/** A free-round grant of the platform's session answer, as the session keeps it (stake in minor units). */
export type SessionFreeRound = { grantId: string; stake: string; rounds: number; expiresAt: string };

export type RoundStatus =
  | 'betting'
  | 'refused'
  | 'rolling_back'
  | 'cancelled'
  | 'paying'
  | 'closing'
  | 'settled'
  | 'failed';

/** Statuses a round leaves only through the wallet (the recovery job looks at these). */
export const OPEN_STATUSES = [
  'betting',
  'rolling_back',
  'paying',
  'closing',
] as const satisfies RoundStatus[];

export interface SessionsTable {
  id: Int8Id;
  token_hash: string;
  brand: string;
  player_id: string;
  nickname: string;
  mode: GameMode;
  platform_token: string | null;
  game_id: string;
  currency: string;
  /** Migration 20261201T181309_session_currency_label: the brand's currency symbol ('' = none sent). */
  currency_label: ColumnType<string, string | undefined, string>;
  language: string;
  play_balance: ColumnType<string | null, bigint | null, bigint | null>;
  /** Migration 0003: the platform's free-round grants for this game at launch (SessionFreeRound[]). */
  free_rounds: JSONColumnType<SessionFreeRound[], string | undefined, string>;
  expires_at: RequiredTimestamp;
  created_at: Generated<Date>;
}

export interface SeedPairsTable {
  id: Int8Id;
  brand: string;
  player_id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: Generated<number>;
  status: Generated<'active' | 'revealed'>;
  created_at: Generated<Date>;
  revealed_at: Date | null;
}

export interface RoundsTable {
  id: string;
  brand: string;
  player_id: string;
  session_id: Int8;
  request_id: string;
  game_id: string;
  mode: GameMode;
  currency: string;
  seed_pair_id: Int8;
  nonce: number;
  coin_value: Int8;
  stake: Int8;
  payout: ColumnType<string | null, bigint | null | undefined, bigint | null>;
  outcome: JSONColumnType<RoundResult | null, string | null | undefined, string | null>;
  status: RoundStatus;
  error_code: string | null;
  balance_after: ColumnType<string | null, bigint | null | undefined, bigint | null>;
  lease_until: RequiredTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  settled_at: Date | null;
  /** Migration 0003: a free spin's grant (sent with its bet as freeRoundGrantId); null: a paid spin. */
  free_round_grant_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WalletCallsTable {
  id: Generated<string>;
  round_id: string | null;
  brand: string;
  call: string;
  transaction_id: string | null;
  attempt: number;
  request: string;
  http_status: number | null;
  response: string | null;
  error: string | null;
  duration_ms: number;
  created_at: Generated<Date>;
}

/**
 * The vendor's tables with a row type (Kysely's `Database`). Each names the migration that creates
 * it; db/schema.test.ts compares them with the migrated database on both engines.
 */
export interface VendorDatabase {
  /** Created by migration 0001_house_vendor. */
  sessions: SessionsTable;
  /** Created by migration 0001_house_vendor. */
  seed_pairs: SeedPairsTable;
  /** Created by migration 0001_house_vendor. */
  rounds: RoundsTable;
  /** Created by migration 0001_house_vendor. */
  wallet_calls: WalletCallsTable;
}

/** A table only SQL reads and writes (no row type): declared so the schema test knows it. */
type SqlOnlyTable = never;

/**
 * The vendor's tables without a row type: the live tables (their statements are the live game
 * kind's SQL, live/repository.ts and live/sql/) and the migrators' own tables.
 */
export interface VendorSqlOnlyTables {
  /** Created by migration 0002_live_tables. */
  live_table_leases: SqlOnlyTable;
  /** Created by migration 0002_live_tables. */
  live_shoes: SqlOnlyTable;
  /** Created by migration 0002_live_tables. */
  live_rounds: SqlOnlyTable;
  /** Created by migration 0002_live_tables. */
  live_seats: SqlOnlyTable;
  /** Created by migration 0002_live_tables. */
  live_bets: SqlOnlyTable;
  /** Made by the repeatable-functions migration (0006), its name VENDOR_REPEATABLE_TABLE. */
  house_vendor_repeatable_migrations: SqlOnlyTable;
  /** Created by Kysely's Migrator. */
  house_vendor_migrations: SqlOnlyTable;
  /** Created by Kysely's Migrator. */
  house_vendor_migrations_lock: SqlOnlyTable;
}
