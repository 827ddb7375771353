import { MAX_MINOR } from '@lotus/contracts/money';
import type { Executor } from '../../db/executor.ts';
import { brandCurrency, membersWithStakeLimits, stakeCheck } from './limits.repository.ts';

/** A stake the wallet's gate asks about (StakeAsk of wallet/stake-gate.ts, by shape). */
type Ask = { brandId: string; memberId: string; amount: bigint; kind: string };

/**
 * The limits' check in the wallet's stake gate (an entry of STAKE_CHECKS in wallet/stake-gate.ts),
 * running the same SQL as the PL/pgSQL gate (limits_stake_check.sql): one lookup finds which of the
 * asks' members have a loss or wager limit (none: done, nothing locked); for each of those, in
 * member id order, limits_stake_check locks the member's limits and weighs the window's usage plus
 * all of the member's stakes of this entry or batch against each limit. Answers the SQL refusal
 * (`{code, kind, period, limit, used, remaining, freesAt}`, amounts in minor units) with the brand's
 * currency; the gate makes it the catalogue error (refusalFromSql).
 */
export const limitsStakeCheck = {
  owner: 'limits',
  check: async (executor: Executor, asks: readonly Ask[]) => {
    const members = [...new Set(asks.map((a) => a.memberId))];
    const limited = await membersWithStakeLimits(executor, members);
    if (limited.length === 0) return null;
    limited.sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
    for (const memberId of limited) {
      const mine = asks.filter((a) => a.memberId === memberId);
      const first = mine[0];
      if (!first) continue;
      let total = mine.reduce((sum, a) => sum + a.amount, 0n);
      if (total > MAX_MINOR) total = MAX_MINOR;
      const refusal = await stakeCheck(executor, {
        brandId: first.brandId,
        memberId,
        amount: total,
        kind: first.kind,
      });
      if (refusal) return { ...refusal, currency: (await brandCurrency(executor, first.brandId)).currency };
    }
    return null;
  },
};
