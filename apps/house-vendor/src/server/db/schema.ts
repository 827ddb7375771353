import type { ColumnType, Generated } from 'kysely';
import type { RoundResult } from '../../slots/round.ts';

/** int8 columns arrive as strings (no rounding through a JS number); bigint or string goes in. */
type Int8 = ColumnType<string, bigint | string, bigint | string>;
type Int8Id = ColumnType<string, never, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

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
  language: string;
  play_balance: ColumnType<string | null, bigint | null, bigint | null>;
  /** Migration 0003: the platform's free-round grants for this game at launch (SessionFreeRound[]). */
  free_rounds: ColumnType<SessionFreeRound[], string | undefined, string>;
  expires_at: Timestamp;
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
  outcome: ColumnType<RoundResult | null, string | null | undefined, string | null>;
  status: RoundStatus;
  error_code: string | null;
  balance_after: ColumnType<string | null, bigint | null | undefined, bigint | null>;
  lease_until: Timestamp;
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

export interface VendorDatabase {
  sessions: SessionsTable;
  seed_pairs: SeedPairsTable;
  rounds: RoundsTable;
  wallet_calls: WalletCallsTable;
}
