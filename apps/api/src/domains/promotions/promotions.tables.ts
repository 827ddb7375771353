import type { JSONColumnType } from 'kysely';
import type { CreatedAt, Defaulted, Id, Minor, RequiredTimestamp, UpdatedAt } from '../../db/column-types.ts';

/** The qualification rules of a promotion (all given ones must hold). */
export type PromotionRulesRow = {
  /** Registered at most this many days before applying. */
  newMemberDays?: number;
  /** The member's Nth credited deposit (1 = first) inside the promotion's period. */
  depositNth?: number;
  /** Range of that deposit (or of the latest deposit in the period when no N is set). */
  depositMin?: string;
  depositMax?: string;
  /** Stake over the last `turnoverDays` days (member_daily_turnover). */
  turnoverMin?: string;
  turnoverDays?: number;
  /** Only these usernames (lower case). */
  usernames?: string[];
  /** The member's VIP level (vip domain) at least this one. */
  vipLevelMin?: number;
  /** The member's VIP level one of these. */
  vipLevels?: number[];
};

export interface PromotionsTable {
  id: Id;
  brand_id: string;
  title_en: string;
  title_ms: Defaulted<string>;
  title_cn: Defaulted<string>;
  content_en: Defaulted<string>;
  content_ms: Defaulted<string>;
  content_cn: Defaulted<string>;
  image: Defaulted<string>;
  status: Defaulted<string>;
  starts_at: RequiredTimestamp;
  ends_at: RequiredTimestamp;
  frequency: string;
  rules: JSONColumnType<PromotionRulesRow, string, string>;
  reward_kind: string;
  reward_amount: Minor;
  reward_percent_bp: number;
  reward_cap: Minor;
  wagering_multiplier: number;
  wagering_includes_deposit: boolean;
  contributions: JSONColumnType<Record<string, number>, string, string>;
  max_bet: Minor;
  expiry_days: number;
  needs_approval: boolean;
  asks_contact: boolean;
  sort_order: Defaulted<number>;
  /** Migration 0044, reward kind free_rounds: the catalogue game (a house slot), stake and rounds. */
  free_rounds_game: Defaulted<string | null>;
  free_rounds_stake: Defaulted<string>;
  free_rounds_count: Defaulted<number>;
  /** Migration 0046, reward kind points: the whole points given (0 for another kind). */
  reward_points: Defaulted<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Migration 0044: the free rounds a claimed free_rounds reward granted (docs/free-rounds.md). */
export interface FreeRoundGrantsTable {
  id: Id;
  brand_id: string;
  member_id: string;
  record_id: string;
  vendor_id: string;
  game_code: string;
  stake: Minor;
  rounds_granted: number;
  rounds_used: Defaulted<number>;
  expires_at: RequiredTimestamp;
  state: Defaulted<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface MemberPromotionsTable {
  id: Id;
  brand_id: string;
  promotion_id: string;
  member_id: string;
  period_key: string;
  state: string;
  close_reason: Defaulted<string>;
  reject_reason: Defaulted<string>;
  deposit_id: string | null;
  deposit_amount: Minor;
  bonus_amount: Minor;
  /** Migration 0046: the points a points reward gives (fixed when applied). */
  reward_points: Defaulted<string>;
  wagering_required: Minor;
  wagering_done: Defaulted<string>;
  locked_amount: Minor;
  forfeited_amount: Defaulted<string>;
  flagged_bets: Defaulted<number>;
  contact_kind: Defaulted<string>;
  contact_id: Defaulted<string>;
  /** Migration 20261201T175906_member_promotion_remark: the member's activity remark (at most 140). */
  remark: Defaulted<string | null>;
  claimed_at: Date | null;
  expires_at: Date | null;
  decided_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PromotionWageringEntriesTable {
  member_promotion_id: string;
  entry_id: string;
  category: string;
  stake: Minor;
  counted: Minor;
  over_max_bet: boolean;
  created_at: CreatedAt;
}

export interface PromotionRafflesTable {
  promotion_id: string;
  brand_id: string;
  /** 32 random bytes in hex: secret until the promotion ends. */
  server_seed: string;
  seed_hash: string;
  created_at: CreatedAt;
}

export interface PromotionRafflePrizesTable {
  id: Id;
  brand_id: string;
  promotion_id: string;
  position: number;
  name_en: string;
  name_ms: Defaulted<string>;
  name_cn: Defaulted<string>;
  amount: Minor;
  /** 'money' (amount) or 'points' (points), migration 0045. */
  kind: Defaulted<string>;
  points: Defaulted<string>;
  weight: number;
  stock: number;
  remaining: number;
}

export interface PromotionRaffleDrawsTable {
  record_id: string;
  brand_id: string;
  promotion_id: string;
  member_id: string;
  prize_id: string;
  client_seed: string;
  roll: string;
  available: JSONColumnType<{ prizeId: string; weight: number }[], string, string>;
  created_at: CreatedAt;
}

export interface PromotionsTables {
  /** Created by migration 0031_promotions. */
  promotions: PromotionsTable;
  /** Created by migration 0031_promotions. */
  member_promotions: MemberPromotionsTable;
  /** Created by migration 0031_promotions. */
  promotion_wagering_entries: PromotionWageringEntriesTable;
  /** Created by migration 0043_promotion_raffles. */
  promotion_raffles: PromotionRafflesTable;
  /** Created by migration 0043_promotion_raffles. */
  promotion_raffle_prizes: PromotionRafflePrizesTable;
  /** Created by migration 0043_promotion_raffles. */
  promotion_raffle_draws: PromotionRaffleDrawsTable;
  /** Created by migration 0044_free_round_grants. */
  free_round_grants: FreeRoundGrantsTable;
}
