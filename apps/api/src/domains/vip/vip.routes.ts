import { ApiHeaders } from '@lotus/contracts/envelope';
import { PlayerRankProgress, RebateClaimResult, RebateSummary, VipLevels } from '@lotus/contracts/vip';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RateLimitRule, RouteDeps } from '../../http/types.ts';
import { claimRebate, rebateSummary } from './rebate.service.ts';
import { playerRankProgress, vipLevelList } from './vip.service.ts';

const tags = ['vip'];

/** Rebate claims per member and address: each one locks the member's VIP row and may post money. */
export const REBATE_CLAIM_LIMIT: RateLimitRule = { max: 10, timeWindow: 60_000 };

/**
 * The member site's VIP calls: the brand's levels (`/vip`, visitors too), the member's rank and
 * progress (`MCSFE_getPlayerRankProgress`, wire-protocol.md: playerRank and /vip), the manual rebate
 * summary and its claim (manualRebate and the logged-in bar's cashback, flag MANPLAYREB3). The spec
 * names no rebate call: `MCSFE_getManualRebate` and `MCSFE_claimManualRebate` are the platform's own.
 */
export function vipRoutes(api: Api, { db, members, rateLimits }: RouteDeps) {
  const { guards } = members;

  api.get(
    '/wps/relay/MCSFE_getVipLevels',
    {
      schema: {
        tags,
        summary: "The brand's VIP levels (/vip)",
        description:
          'Each level with its name in the request language, badge, thresholds on deposits and turnover over the rolling period, keep conditions, upgrade and monthly bonus, withdrawal limits, rebate rates (basis points per category) and whether it has VIP customer service (rank above 4).',
        headers: ApiHeaders,
        response: responses(VipLevels),
      },
    },
    async (request) => ok(await vipLevelList(db, request.brand, request.language)),
  );

  api.get(
    '/wps/relay/MCSFE_getPlayerRankProgress',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: "The member's rank and progress to the next (playerRank)",
        description:
          "playerRankName, nextRankName (empty at the top) and the turnover of the rolling period against the next level's threshold (monthlyTurnover: actual, expected), with the deposits likewise, the rank level, badge and the VIP customer service flag.",
        headers: ApiHeaders,
        response: responses(PlayerRankProgress, 401, 403),
      },
    },
    async (request) =>
      ok(await playerRankProgress(db, request.brand, request.member!.member.id, request.language)),
  );

  api.get(
    '/wps/relay/MCSFE_getManualRebate',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: "The member's unrebated turnover and the cashback a claim pays now (manualRebate)",
        description:
          "Per category: turnover not yet rebated, the rate of the member's level (basis points) and the amount; the total, the brand's minimum payout and whether a claim would pay (flag MANPLAYREB3 on and the total at or above the minimum).",
        headers: ApiHeaders,
        response: responses(RebateSummary, 401, 403),
      },
    },
    async (request) => ok(await rebateSummary(db, request.brand, request.member!.member.id)),
  );

  api.post(
    '/wps/relay/MCSFE_claimManualRebate',
    {
      onRequest: guards.requireMember,
      config: { rateLimit: rateLimits.vipRebateClaim ?? REBATE_CLAIM_LIMIT },
      schema: {
        tags,
        summary: 'Claims the cashback shown by MCSFE_getManualRebate',
        description:
          "Pays the member's unrebated turnover at their level's rates into the main wallet, once: a second or concurrent claim finds nothing left (vip_rebate_below_minimum). vip_rebate_disabled when the brand has no manual rebate (MANPLAYREB3 off).",
        headers: ApiHeaders,
        response: responses(RebateClaimResult, 401, 403, 429),
      },
    },
    async (request) => ok(await claimRebate(db, request.brand, request.member!.member.id)),
  );
}
