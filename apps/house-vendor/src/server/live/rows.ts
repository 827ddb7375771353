import type { LiveResult } from './tables.ts';

/** The live tables' rows as the repository answers them (repository.ts names every column). */

export type RoundRow = {
  id: string;
  table_id: string;
  game: 'BAC' | 'DAT' | 'ROU' | 'SIC';
  number: number;
  shoe_id: string | null;
  shoe_start: number | null;
  round_seed: string | null;
  commitment: string;
  phase: 'betting' | 'closed' | 'result' | 'settled' | 'cancelled';
  closes_at: Date;
  result: LiveResult | null;
  result_at: Date | null;
  ended_at: Date | null;
  /** closes_at - now(), in ms (the database's clock). */
  ms_left: number;
};

export type SeatRow = {
  id: string;
  round_id: string;
  table_id: string;
  brand: string;
  player_id: string;
  session_id: string;
  currency: string;
  payout: string | null;
  win_bet_id: string | null;
  status: 'open' | 'paying' | 'closing' | 'settled' | 'cancelling' | 'cancelled' | 'failed';
  balance_after: string | null;
  error_code: string | null;
};

export type BetRow = {
  id: string;
  seat_id: string;
  round_id: string;
  request_id: string;
  kind: string;
  numbers: number[];
  stake: string;
  status: 'placing' | 'placed' | 'refused' | 'undoing' | 'undone' | 'rolling_back' | 'rolled_back';
  payout: string | null;
  error_code: string | null;
  age_ms: number;
};

/** What the player sees of a table (state): its last round, their bets on it, totals, last balance. */
export type TableStateRow = Partial<RoundRow> & {
  bets: Array<Omit<BetRow, 'age_ms'>> | null;
  totals: Array<{ kind: string; numbers: number[]; total: string }> | null;
  balance: string | null;
};
