import type { ColumnType } from 'kysely';
import type { CreatedAt, Defaulted, Id, Minor, UpdatedAt } from '../../db/column-types.ts';

export interface PaymentGatewaysTable {
  id: Id;
  brand_id: string;
  code: string;
  name: string;
  kind: 'demo' | 'external';
  secret_encrypted: string;
  active: Defaulted<boolean>;
  created_at: CreatedAt;
}

export type DepositKind = 'bank_transfer' | 'gateway' | 'qr';

export interface DepositMethodsTable {
  id: Id;
  brand_id: string;
  code: string;
  kind: DepositKind;
  name: string;
  minimum_amount: Minor;
  maximum_amount: Minor;
  enabled: Defaulted<boolean>;
  sort_order: Defaulted<number>;
  gateway_id: string | null;
  created_at: CreatedAt;
}

export interface DepositBankAccountsTable {
  id: Id;
  brand_id: string;
  method_id: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  enabled: Defaulted<boolean>;
  sort_order: Defaulted<number>;
  created_at: CreatedAt;
}

export interface DepositsTable {
  id: Id;
  brand_id: string;
  member_id: string;
  method_id: string;
  kind: DepositKind;
  reference: string;
  amount: Minor;
  currency: string;
  status: Defaulted<'pending' | 'approved' | 'paid' | 'rejected' | 'cancelled' | 'failed'>;
  client_request_id: string;
  bank_account_id: string | null;
  bank_snapshot: ColumnType<unknown, string | null, string | null>;
  transfer_reference: Defaulted<string>;
  receipt_stored_name: string | null;
  receipt_mime: string | null;
  gateway_transaction_id: string | null;
  reject_reason: Defaulted<string>;
  reviewed_by: string | null;
  entry_id: string | null;
  created_at: CreatedAt;
  resolved_at: Date | null;
  updated_at: UpdatedAt;
}

/** The deposits domain's tables, merged into the Database type (db/schema.ts). */
export interface DepositsTables {
  /** Created by migration 0005_deposits. */
  payment_gateways: PaymentGatewaysTable;
  /** Created by migration 0005_deposits. */
  deposit_methods: DepositMethodsTable;
  /** Created by migration 0005_deposits. */
  deposit_bank_accounts: DepositBankAccountsTable;
  /** Created by migration 0005_deposits. */
  deposits: DepositsTable;
}
