import type { Executor } from '../../db/executor.ts';
import { stakeOpenForExclusion } from './exclusion.service.ts';

/**
 * The exclusion's check in the wallet's stake gate (an entry of STAKE_CHECKS in
 * wallet/stake-gate.ts; its PL/pgSQL twin is exclusion_stake_open): a member on a time-out or
 * self-excluded stakes nothing, refused with stake_refused. One indexed lookup per member of the
 * entry or batch.
 */
export const exclusionStakeCheck = {
  owner: 'exclusion',
  check: async (executor: Executor, asks: readonly { memberId: string }[]) => {
    for (const memberId of new Set(asks.map((a) => a.memberId)))
      if (!(await stakeOpenForExclusion(executor, { memberId }))) return { code: 'stake_refused' };
    return null;
  },
};
