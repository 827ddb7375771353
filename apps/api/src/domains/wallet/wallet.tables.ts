import type { ColumnType, JSONColumnType } from 'kysely';
import type { CreatedAt, Defaulted, Id, Minor } from '../../db/column-types.ts';

export interface WalletSettingsTable {
  brand_id: string;
  single_wallet: Defaulted<boolean>;
  demo_credit: Defaulted<string>;
}

export interface LedgerAccountsTable {
  id: Id;
  brand_id: string;
  kind: string;
  owner_key: Defaulted<string>;
  member_id: string | null;
  vendor_id: string | null;
  currency: string;
  balance: Minor;
  may_go_negative: boolean;
  created_at: CreatedAt;
}

export interface JournalEntriesTable {
  id: Id;
  brand_id: string;
  kind: string;
  idempotency_key: string;
  request_hash: string;
  reference: Defaulted<string>;
  metadata: JSONColumnType<Record<string, unknown>>;
  created_at: CreatedAt;
  /** The writing transaction's id (xid8, as text): the event feed's order is (tx_id, id). */
  tx_id: ColumnType<string, never, never>;
}

export interface PostingsTable {
  id: Id;
  entry_id: string;
  account_id: string;
  amount: Minor;
  currency: string;
  balance_after: Minor;
  /** Migration 0007: the time of the posting's entry (its transaction's now()). */
  created_at: CreatedAt;
}

export interface MemberDailyTurnoverTable {
  brand_id: string;
  member_id: string;
  /** UTC date, YYYY-MM-DD. */
  day: ColumnType<string, string, never>;
  vendor_id: string;
  currency: string;
  bet_count: Defaulted<string>;
  stake: Defaulted<string>;
  payout: Defaulted<string>;
  /** payout - stake (the member's result), generated. */
  net: ColumnType<string, never, never>;
  last_tx_id: string;
  last_entry_id: string;
  updated_at: Defaulted<Date>;
}

export interface AdjustmentRequestsTable {
  id: Id;
  brand_id: string;
  request_id: string;
  member_id: string;
  direction: string;
  amount: Minor;
  currency: string;
  reason: string;
  status: string;
  requested_by: string;
  decided_by: string | null;
  decision_note: Defaulted<string>;
  entry_id: string | null;
  created_at: CreatedAt;
  decided_at: Date | null;
}

/** The wallet domain's tables, merged into the Database type (db/schema.ts). */
export interface WalletTables {
  /** Created by migration 0003_ledger. */
  wallet_settings: WalletSettingsTable;
  /** Created by migration 0003_ledger. */
  ledger_accounts: LedgerAccountsTable;
  /** Created by migration 0003_ledger. */
  journal_entries: JournalEntriesTable;
  /** Created by migration 0003_ledger. */
  postings: PostingsTable;
  /** Created by migration 0013_event_feed_and_job_runs. */
  member_daily_turnover: MemberDailyTurnoverTable;
  /** Created by migration 0004_operators. */
  adjustment_requests: AdjustmentRequestsTable;
}
