import type { ColumnType } from 'kysely';
import type { CreatedAt, Defaulted, Id, Minor, UpdatedAt } from '../../db/column-types.ts';

/** Withdrawals (migration 0006). */
export interface WithdrawalSettingsTable {
  brand_id: string;
  minimum_amount: Minor;
  maximum_amount: Minor;
  daily_count_limit: Defaulted<number>;
  auto_receipt_minutes: Defaulted<number>;
  confirmation_required: Defaulted<boolean>;
  max_bank_cards: Defaulted<number>;
}

export interface BankCardsTable {
  id: Id;
  brand_id: string;
  member_id: string;
  bank_name: string;
  account_holder_name: string;
  account_number: string;
  status: Defaulted<string>;
  created_at: CreatedAt;
  disabled_at: Date | null;
}

export interface WithdrawalsTable {
  id: Id;
  brand_id: string;
  member_id: string;
  bank_card_id: string;
  bank_name: string;
  account_holder_name: string;
  account_number: string;
  amount: Minor;
  currency: string;
  client_request_id: string;
  status: Defaulted<string>;
  reject_reason: Defaulted<string>;
  confirmation: string | null;
  received_amount: ColumnType<string | null, string | bigint | null, string | bigint | null>;
  proof_image: string | null;
  dispute_note: Defaulted<string>;
  reviewed_by: string | null;
  created_at: CreatedAt;
  approved_at: Date | null;
  rejected_at: Date | null;
  paid_at: Date | null;
  confirmed_at: Date | null;
  resolved_at: Date | null;
  updated_at: UpdatedAt;
}

export interface UplineTransfersTable {
  id: Id;
  brand_id: string;
  member_id: string;
  upline_id: string;
  amount: Minor;
  currency: string;
  client_request_id: string;
  entry_id: string | null;
  created_at: CreatedAt;
}

/** The withdrawals domain's tables, merged into the Database type (db/schema.ts). */
export interface WithdrawalsTables {
  /** Created by migration 0006_withdrawals. */
  withdrawal_settings: WithdrawalSettingsTable;
  /** Created by migration 0006_withdrawals. */
  bank_cards: BankCardsTable;
  /** Created by migration 0006_withdrawals. */
  withdrawals: WithdrawalsTable;
  /** Created by migration 0006_withdrawals. */
  upline_transfers: UplineTransfersTable;
}
