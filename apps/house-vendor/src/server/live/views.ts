import { VendorError } from '../errors.ts';
import type { LiveRepository } from './repository.ts';
import type { BetRow, RoundRow } from './rows.ts';

/** The live tables' rows as the players see them. */

export type BetView = {
  id: string;
  requestId: string;
  kind: string;
  numbers: number[];
  stake: string;
  status: 'pending' | 'placed' | 'refused' | 'undone' | 'rolled_back';
  payout: string | null;
};

export function betView(row: BetRow): BetView {
  const status: BetView['status'] =
    row.status === 'placing' || row.status === 'undoing' || row.status === 'rolling_back'
      ? 'pending'
      : row.status;
  return {
    id: row.id,
    requestId: row.request_id,
    kind: row.kind,
    numbers: row.numbers,
    stake: row.stake,
    status,
    payout: row.payout,
  };
}

/** A round as the players see it: the commitment always, the result and seeds once revealed. */
export function roundViewOf(round: RoundRow) {
  const revealed = round.phase === 'result' || round.phase === 'settled' || round.phase === 'cancelled';
  return {
    id: round.id,
    table: round.table_id,
    game: round.game,
    number: round.number,
    phase: round.phase,
    closesAt: new Date(round.closes_at).toISOString(),
    msLeft: Math.max(0, Math.round(round.ms_left)),
    serverTime: new Date().toISOString(),
    commitment: round.commitment,
    shoe: round.shoe_id,
    shoeStart: round.shoe_start,
    result: revealed ? round.result : null,
    roundSeed: revealed ? round.round_seed : null,
  };
}

export type RoundView = ReturnType<typeof roundViewOf>;

/** A round as the players see it, read now (VendorError round_not_found when there is none). */
export async function loadRoundView(repo: LiveRepository, id: string): Promise<RoundView> {
  const round = await repo.roundById(id);
  if (!round) throw new VendorError('round_not_found');
  return roundViewOf(round);
}

export const spotKey = (kind: string, numbers: readonly number[]) =>
  numbers.length === 0 ? kind : `${kind}:${numbers.join('-')}`;
