import type { GameMode } from '@lotus/contracts/game-launch';
import type { RoundResult } from '../../../src/slots/round.ts';
import { call } from './http.ts';

/**
 * The vendor server's game API (src/server/http/routes.ts and each game kind's routes.ts), same
 * origin, bearer session token.
 */

export type SessionInfo = {
  mode: GameMode;
  nickname: string;
  game: string;
  currency: string;
  /** The brand's currency symbol from the platform ("RM"); '' when it sent none (show the code). */
  currencyLabel?: string;
  scale: number;
  language: string;
};

export type Fairness = { serverSeedHash: string; clientSeed: string; nonce: number };

/** A free-round grant of the platform the page offers (stake in minor units). */
export type FreeRoundOffer = { grantId: string; stake: string; remaining: number; expiresAt: string };

export type GameState = {
  session: SessionInfo;
  balance: string | null;
  fairness: Fairness;
  freeRounds: FreeRoundOffer[];
};

export type RoundView = {
  id: string;
  requestId: string;
  game: string;
  mode: GameMode;
  status: 'pending' | 'settled' | 'refused' | 'cancelled' | 'failed';
  currency: string;
  coinValue: string;
  stake: string;
  payout: string | null;
  outcome: RoundResult | null;
  balance: string | null;
  errorCode: string | null;
  nonce: number;
  serverSeedHash: string;
  clientSeed: string;
  serverSeed: string | null;
  createdAt: string;
};

export type Rotation = {
  revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; rounds: number };
  current: Fairness;
};

export type Verification = Pick<
  RoundView,
  | 'id'
  | 'game'
  | 'status'
  | 'coinValue'
  | 'stake'
  | 'payout'
  | 'currency'
  | 'outcome'
  | 'nonce'
  | 'serverSeedHash'
  | 'clientSeed'
  | 'serverSeed'
  | 'createdAt'
>;

export { ApiError } from './http.ts';

export const api = {
  openSession: (input: { merchant: string; launchToken: string; game: string }) =>
    call<GameState & { token: string }>('POST', '/api/session', null, input),
  state: (token: string) => call<GameState>('GET', '/api/state', token),
  spin: (token: string, requestId: string, coinValue: number, freeRoundGrantId?: string) =>
    call<RoundView>(
      'POST',
      '/api/spin',
      token,
      freeRoundGrantId === undefined ? { requestId, coinValue } : { requestId, coinValue, freeRoundGrantId },
    ),
  round: (token: string, id: string) =>
    call<RoundView>('GET', `/api/rounds/${encodeURIComponent(id)}`, token),
  history: (token: string) => call<{ rounds: RoundView[] }>('GET', '/api/rounds?limit=30', token),
  rotate: (token: string, clientSeed?: string) =>
    call<Rotation>('POST', '/api/fairness/rotate', token, clientSeed === undefined ? {} : { clientSeed }),
  verification: (id: string) => call<Verification>('GET', `/api/verify/${encodeURIComponent(id)}`, null),
};
