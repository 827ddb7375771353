import type { CreatedAt, Defaulted, Id, Timestamp, UpdatedAt } from '../../db/column-types.ts';

/** The points domain's tables (migration 0037), merged into the Database type (db/schema.ts). */
export interface PointsTables {
  /** Created by migration 0037_points. */
  points_settings: {
    brand_id: string;
    convert_points: string;
    convert_cash: string;
    min_convert_points: string;
    updated_at: UpdatedAt;
  };
  /** Created by migration 0037_points. */
  points_rates: { brand_id: string; category: string; milli_points: number; updated_at: UpdatedAt };
  /** Created by migration 0037_points. */
  points_accounts: {
    id: Id;
    brand_id: string;
    kind: string;
    member_id: string | null;
    owner_key: string;
    balance: Defaulted<string>;
    created_at: CreatedAt;
  };
  /** Created by migration 0037_points. */
  points_entries: {
    id: Id;
    brand_id: string;
    kind: string;
    category: string | null;
    idempotency_key: string;
    request_hash: string;
    reference: Defaulted<string>;
    created_at: CreatedAt;
  };
  /** Created by migration 0037_points. */
  points_postings: {
    id: Id;
    entry_id: string;
    account_id: string;
    amount: string;
    balance_after: string;
    created_at: CreatedAt;
  };
  /** Created by migration 0037_points. */
  points_accruals: {
    brand_id: string;
    member_id: string;
    category: string;
    accrued: Defaulted<string>;
    posted: Defaulted<string>;
    updated_at: UpdatedAt;
  };
  /** Created by migration 0037_points. */
  points_earned_events: { journal_entry_id: string; brand_id: string; created_at: CreatedAt };
  /** Created by migration 0037_points. */
  points_products: {
    id: Id;
    brand_id: string;
    name: string;
    description: Defaulted<string>;
    kind: string;
    image_url: Defaulted<string>;
    points: string;
    cash_amount: Defaulted<string>;
    stock: number;
    status: Defaulted<string>;
    sort_order: Defaulted<number>;
    created_at: CreatedAt;
    updated_at: UpdatedAt;
  };
  /** Created by migration 0037_points. */
  points_exchanges: {
    id: Id;
    brand_id: string;
    member_id: string;
    product_id: string;
    product_name: string;
    kind: string;
    quantity: number;
    points: string;
    cash_amount: Defaulted<string>;
    address: string;
    phone: string;
    client_request_id: string;
    status: Defaulted<string>;
    reason: Defaulted<string>;
    operator_id: string | null;
    decided_at: Timestamp | null;
    created_at: CreatedAt;
  };
}
