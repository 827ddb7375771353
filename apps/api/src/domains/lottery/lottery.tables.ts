import type { JSONColumnType } from 'kysely';
import type { CreatedAt, Defaulted, Id, Minor, UpdatedAt } from '../../db/column-types.ts';

/** The lottery's tables (migration 0030), merged into the Database type (db/schema.ts). */

/** A game's schedule: a draw every `seconds`, or at local `times` on `weekdays` (0 = Sunday). */
export type ScheduleRow =
  | { kind: 'interval'; seconds: number }
  | { kind: 'daily'; times: string[]; weekdays: number[] };

/** A stored result: the engine's Draw (digits, dice, VN prizes or 4D prizes). */
export type ResultRow =
  | { kind: 'digits'; digits: number[] }
  | { kind: 'dice'; dice: number[] }
  | { kind: 'vn'; region: 'north' | 'south'; prizes: { tier: string; number: string }[] }
  | { kind: 'sea4d'; prizes: { tier: string; number: string }[] };

/** One slip of an order as priced at placement (bigints as decimal strings). */
export type SlipRow = {
  playId: number;
  balls: string;
  mode: string;
  series: number;
  /** The slip's multiple times the chase step's multiple. */
  multiple: string;
  unit: string;
  combinations: string;
  amount: string;
};

/** The odds an order was placed at: playId -> tier -> basis points (decimal string). */
export type OddsSnapshot = Record<string, Record<string, string>>;

export interface LotteryGamesTable {
  id: Id;
  brand_id: string;
  code: string;
  family: string;
  category: string;
  account_type_name: string;
  name_en: string;
  name_ms: Defaulted<string>;
  name_cn: Defaulted<string>;
  draw_source: string;
  schedule: JSONColumnType<ScheduleRow>;
  utc_offset_minutes: Defaulted<number>;
  close_offset_seconds: Defaulted<number>;
  status: Defaulted<string>;
  prize_modes: JSONColumnType<string[], string | undefined, string>;
  sort_order: Defaulted<number>;
  is_hot: Defaulted<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface LotteryOddsTable {
  brand_id: string;
  prize_mode: string;
  play_id: number;
  tier: string;
  odds: Minor;
  updated_by: string | null;
  updated_at: UpdatedAt;
}

export interface LotteryLimitsTable {
  game_id: string;
  play_id: Defaulted<number>;
  min_slip: Minor;
  max_slip: Minor;
  max_order: Minor;
  number_cap: Minor;
}

export interface LotteryNumerosTable {
  id: Id;
  brand_id: string;
  game_id: string;
  numero: string;
  open_at: Date;
  close_at: Date;
  draw_at: Date;
  seed: string | null;
  seed_hash: string | null;
  result: JSONColumnType<ResultRow | null, string | null, string | null>;
  status: Defaulted<string>;
  cancel_reason: Defaulted<string>;
  drawn_at: Date | null;
  settled_at: Date | null;
  cancelled_at: Date | null;
  created_at: CreatedAt;
}

export interface LotteryResultEntriesTable {
  id: Id;
  brand_id: string;
  numero_id: string;
  result: JSONColumnType<ResultRow>;
  status: Defaulted<string>;
  entered_by: string;
  entered_at: CreatedAt;
  decided_by: string | null;
  decided_at: Date | null;
}

export interface LotteryChasesTable {
  id: Id;
  brand_id: string;
  member_id: string;
  game_id: string;
  request_id: string;
  request_hash: string;
  plan: string;
  prize_mode: string;
  slips: JSONColumnType<SlipRow[]>;
  odds: JSONColumnType<OddsSnapshot>;
  winning_stop: boolean;
  abandoning: boolean;
  quick_chase: Defaulted<boolean>;
  is_trial: boolean;
  device: Defaulted<string>;
  total_amount: Minor;
  returned_amount: Defaulted<string>;
  steps_count: number;
  next_step: Defaulted<number>;
  status: Defaulted<string>;
  wallet_account_id: string;
  hold_account_id: string;
  house_account_id: string;
  created_at: CreatedAt;
  ended_at: Date | null;
}

export interface LotteryChaseStepsTable {
  chase_id: string;
  step: number;
  multiple: Minor;
  amount: Minor;
  numero_id: string | null;
  order_id: string | null;
  status: Defaulted<string>;
}

export interface LotteryOrdersTable {
  id: Id;
  brand_id: string;
  member_id: string;
  game_id: string;
  numero_id: string;
  request_id: string | null;
  request_hash: Defaulted<string>;
  chase_id: string | null;
  chase_step: number | null;
  prize_mode: string;
  slips: JSONColumnType<SlipRow[]>;
  odds: JSONColumnType<OddsSnapshot>;
  amount: Minor;
  payout: Defaulted<string>;
  status: Defaulted<string>;
  is_trial: boolean;
  device: Defaulted<string>;
  wallet_account_id: string;
  house_account_id: string;
  created_at: CreatedAt;
  settled_at: Date | null;
}

export interface LotteryExposureTable {
  numero_id: string;
  key: string;
  liability: Minor;
  stake: Minor;
  cap: Minor;
}

export interface LotteryTables {
  /** Created by migration 0030_lottery. */
  lottery_games: LotteryGamesTable;
  /** Created by migration 0030_lottery. */
  lottery_odds: LotteryOddsTable;
  /** Created by migration 0030_lottery. */
  lottery_limits: LotteryLimitsTable;
  /** Created by migration 0030_lottery. */
  lottery_numeros: LotteryNumerosTable;
  /** Created by migration 0030_lottery. */
  lottery_result_entries: LotteryResultEntriesTable;
  /** Created by migration 0030_lottery. */
  lottery_chases: LotteryChasesTable;
  /** Created by migration 0030_lottery. */
  lottery_chase_steps: LotteryChaseStepsTable;
  /** Created by migration 0030_lottery. */
  lottery_orders: LotteryOrdersTable;
  /** Created by migration 0030_lottery. */
  lottery_exposure: LotteryExposureTable;
}
