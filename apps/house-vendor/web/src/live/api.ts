import type { GameState } from '../lib/api.ts';
import { call } from '../lib/http.ts';
import type { Limits, LiveGameCode, OwnBet } from './logic.ts';

/**
 * The live tables' HTTP calls (src/server/live/routes.ts) and the session calls the slots use too,
 * same origin, bearer session token, through ../lib/http.ts's call. Kept apart from ../lib/api.ts
 * (only its types are shared) so the slots' page chunks stay as they are.
 */

export { ApiError } from '../lib/http.ts';

export type BetKindView = {
  kind: string;
  name: string;
  odds: { win: number; per: number };
  /** Sic bo totals and single dice: the payout by total or by dice showing the number. */
  oddsBy?: Record<string, { win: number; per: number }>;
  rule: string;
};

export type TableView = {
  id: string;
  game: LiveGameCode;
  name: string;
  variant: string | null;
  betKinds: Record<string, BetKindView>;
  limits: Record<string, Limits>;
  bettingMs: number;
  closedMs: number;
  resultMs: number;
};

export type LiveResult =
  | {
      game: 'BAC';
      hand: { player: number[]; banker: number[]; playerTotal: number; bankerTotal: number; winner: string };
    }
  | { game: 'DAT'; hand: { dragon: number; tiger: number; winner: string } }
  | { game: 'ROU'; pocket: number }
  | { game: 'SIC'; dice: number[] };

export type LiveRound = {
  id: string;
  table: string;
  game: LiveGameCode;
  number: number;
  phase: 'betting' | 'closed' | 'result' | 'settled' | 'cancelled';
  closesAt: string;
  msLeft: number;
  serverTime: string;
  commitment: string;
  shoe: string | null;
  shoeStart: number | null;
  result: LiveResult | null;
  roundSeed: string | null;
};

export type TableState = {
  round: LiveRound | null;
  totals: Record<string, string>;
  bets: OwnBet[];
  balance: string | null;
};

export type History = {
  table: string;
  shoe: string | null;
  rounds: { id: string; number: number; result: LiveResult }[];
  // biome-ignore lint/suspicious/noExplicitAny: the roads' shape depends on the game (src/live/roads.ts)
  roads: any;
};

const base = (table: string) => `/api/live/tables/${encodeURIComponent(table)}`;

export const liveApi = {
  openSession: (input: { merchant: string; launchToken: string; game: string }) =>
    call<GameState & { token: string }>('POST', '/api/session', null, input),
  state: (token: string) => call<GameState>('GET', '/api/state', token),
  table: (token: string, table: string) => call<TableState & { table: TableView }>('GET', base(table), token),
  history: (table: string) => call<History>('GET', `${base(table)}/history`, null),
  bet: (
    token: string,
    table: string,
    input: { requestId: string; kind: string; numbers?: number[]; stake: string },
  ) => call<TableState & { bet: OwnBet }>('POST', `${base(table)}/bets`, token, input),
  /** `requestId`: fresh per press; the same id answers the bet it took back (a retry never undoes two). */
  undo: (token: string, table: string, requestId: string) =>
    call<TableState>('POST', `${base(table)}/undo`, token, { requestId }),
  rebet: (token: string, table: string, requestId: string) =>
    call<TableState>('POST', `${base(table)}/rebet`, token, { requestId }),
  round: (id: string) =>
    call<Record<string, unknown>>('GET', `/api/live/rounds/${encodeURIComponent(id)}`, null),
};
