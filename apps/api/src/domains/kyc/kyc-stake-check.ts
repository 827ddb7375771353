import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { assertKycAllowsPlay } from './kyc.service.ts';

/** A stake the wallet's gate asks about (StakeAsk of wallet/stake-gate.ts, by shape). */
type Ask = { brandId: string; memberId: string };

/**
 * The KYC policy's check in the wallet's stake gate (an entry of STAKE_CHECKS in
 * wallet/stake-gate.ts; its PL/pgSQL twin is kyc_stake_allowed.sql): for each member of the entry or
 * batch, refused with kyc_required_play when the brand's policy gates play and the member's KYC state
 * may not play. A brand that gates no play costs one lookup of its settings per member.
 */
export const kycStakeCheck = {
  owner: 'kyc',
  check: async (executor: Executor, asks: readonly Ask[]) => {
    const seen = new Set<string>();
    for (const ask of asks) {
      if (seen.has(ask.memberId)) continue;
      seen.add(ask.memberId);
      try {
        await assertKycAllowsPlay(executor, ask);
      } catch (error) {
        if (error instanceof AppError && error.code === 'kyc_required_play')
          return { code: 'kyc_required_play' };
        throw error;
      }
    }
    return null;
  },
};
