import { ApiHeaders } from '@lotus/contracts/envelope';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { countDirectDownlines } from '../members/member.service.ts';

const AgentInfo = Type.Object({
  account: Type.String(),
  isAgent: Type.Integer(),
  affiliateCode: Type.String(),
  downlines: Type.Integer(),
});

/** The agent centre's entry call: agents only (error_not_agent for members and trial accounts). */
export function agentRoutes(api: Api, { members }: RouteDeps) {
  api.get(
    '/wps/agent/info',
    {
      onRequest: members.guards.requireAgent,
      schema: {
        tags: ['agents'],
        summary: "The agent's own affiliate code and number of direct downlines",
        headers: ApiHeaders,
        response: responses(AgentInfo, 401, 403),
      },
    },
    async (request) => {
      const agent = request.member!.member;
      return ok({
        account: agent.username,
        isAgent: agent.isAgent,
        affiliateCode: agent.affiliateCode ?? '',
        downlines: await countDirectDownlines(members.db, agent.id),
      });
    },
  );
}
