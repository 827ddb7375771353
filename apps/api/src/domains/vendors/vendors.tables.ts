import type { ColumnType } from 'kysely';
import type { CreatedAt, Defaulted, Id, UpdatedAt } from '../../db/column-types.ts';

export interface VendorsTable {
  id: Id;
  brand_id: string;
  code: string;
  name: string;
  secret_encrypted: string;
  active: Defaulted<boolean>;
  created_at: CreatedAt;
  /** Migration 0019 (games catalogue): what the lobby shows of the vendor and where it is launched. */
  display_name: Defaulted<string>;
  small_icon: Defaulted<string>;
  is_hot: Defaulted<boolean>;
  sort_order: Defaulted<number>;
  lobby_enabled: Defaulted<boolean>;
  maintenance: Defaulted<boolean>;
  launch_url: Defaulted<string>;
  verify_url: Defaulted<string>;
}

export interface VendorSessionsTable {
  id: Id;
  token_hash: string;
  brand_id: string;
  member_id: string;
  vendor_id: string;
  game_id: string;
  created_at: CreatedAt;
  expires_at: Date;
}

export interface SeamlessRoundsTable {
  id: Id;
  brand_id: string;
  vendor_id: string;
  round_id: string;
  game_id: string;
  status: Defaulted<string>;
  created_at: CreatedAt;
  closed_at: Date | null;
}

export interface SeamlessTransactionsTable {
  id: Id;
  brand_id: string;
  vendor_id: string;
  transaction_id: string;
  kind: string;
  request_hash: string;
  member_id: string | null;
  round_id: Defaulted<string>;
  game_id: Defaulted<string>;
  bet_transaction_id: string | null;
  amount: Defaulted<string>;
  win_amount: Defaulted<string>;
  currency: Defaulted<string>;
  bet_state: string | null;
  error_code: Defaulted<string>;
  answer: ColumnType<unknown, string | null, string | null>;
  entry_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Migration 0007: the member's vendor wallet a transfer-mode bet debited (null: main wallet). */
  vendor_wallet_id: string | null;
  /** Migration 0044: the free-round grant a free spin's bet took its round of (null: a paid bet). */
  free_round_grant_id: Defaulted<string | null>;
}

/** The vendors domain's tables, merged into the Database type (db/schema.ts). */
export interface VendorsTables {
  /** Created by migration 0003_ledger. */
  vendors: VendorsTable;
  /** Created by migration 0003_ledger. */
  vendor_sessions: VendorSessionsTable;
  /** Created by migration 0003_ledger. */
  seamless_rounds: SeamlessRoundsTable;
  /** Created by migration 0003_ledger. */
  seamless_transactions: SeamlessTransactionsTable;
}
