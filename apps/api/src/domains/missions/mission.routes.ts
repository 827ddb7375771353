import { ApiHeaders } from '@lotus/contracts/envelope';
import {
  LeaderboardQuery,
  MissionClaimed,
  MissionIdParams,
  MissionLeaderboard,
  MissionSummary,
} from '@lotus/contracts/missions';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { claimMission, missionLeaderboard, missionSummary } from './mission.service.ts';

const tags = ['missions'];

/** A member claims at most 10 rewards a minute (each a ledger entry). */
const CLAIM_LIMIT = { max: 10, timeWindow: 60_000 };

/** The member's missions, their claims and the leaderboard. */
export function missionRoutes(api: Api, { db, members, rateLimits }: RouteDeps) {
  api.get(
    '/wps/relay/MCSFE_getMissionSummaryDetails',
    {
      onRequest: members.guards.requireToken,
      schema: {
        tags,
        summary: "The member's active missions in their current period, and how many wait to be claimed",
        description:
          '`missionCount` (completed, not yet claimed) is the badge of the missionLeaderboard menu item. Days and weeks are those of the brand time zone (weeks from Monday).',
        headers: ApiHeaders,
        response: responses(MissionSummary, 401),
      },
    },
    async (request) =>
      ok(await missionSummary(db, request.brand, request.member!.member.id, request.language)),
  );

  api.post(
    '/wps/missions/:id/claim',
    {
      config: { rateLimit: rateLimits.missionClaim ?? CLAIM_LIMIT },
      onRequest: members.guards.requireToken,
      schema: {
        tags,
        summary: "Claims a completed mission's reward for the current period (paid once)",
        description:
          'The reward is credited to the main wallet. A mission not completed answers `mission_not_completed`, one already claimed `mission_already_claimed`; concurrent claims pay once.',
        headers: ApiHeaders,
        params: MissionIdParams,
        response: responses(MissionClaimed, 401),
      },
    },
    async (request) => {
      const member = request.member!.member;
      return ok(
        await claimMission(
          db,
          request.brand,
          { id: member.id, brandId: request.brand.id, isAgent: member.isAgent },
          request.params.id,
        ),
      );
    },
  );

  api.get(
    '/wps/relay/MCSFE_getMissionLeaderboard',
    {
      onRequest: members.guards.requireToken,
      schema: {
        tags,
        summary: "The period's members by missions completed (daily or weekly, UTC), names masked",
        headers: ApiHeaders,
        querystring: LeaderboardQuery,
        response: responses(MissionLeaderboard, 401),
      },
    },
    async (request) =>
      ok(await missionLeaderboard(db, request.brand, request.member!.member.id, request.query)),
  );
}
