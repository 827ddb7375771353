import {
  AgentTeamMember,
  AgentTeamOverview,
  AgentTeamOverviewQuery,
  AgentTeamPage,
  AgentTeamQuery,
  DownlineIdParams,
  OpenDownlineBody,
} from '@lotus/contracts/agents';
import { ApiHeaders } from '@lotus/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { callerOf } from '../../http/caller.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { countDirectDownlines } from '../members/member.service.ts';
import { assertActiveAgent, openDownline, teamMember, teamOverview, teamPage } from './agent.service.ts';

const AgentInfo = Type.Object({
  account: Type.String(),
  isAgent: Type.Integer(),
  affiliateCode: Type.String(),
  downlines: Type.Integer(),
});

const tags = ['agents'];

/**
 * The agent centre's calls: agents only (error_not_agent for members and trial accounts,
 * agent_suspended for a suspended agent). Every team query starts from the caller's own sub-tree.
 */
export function agentRoutes(api: Api, { db, members }: RouteDeps) {
  const activeAgent = async (request: FastifyRequest) => {
    await members.guards.requireAgent(request);
    await assertActiveAgent(db, request.member!.member);
  };

  api.get(
    '/wps/agent/info',
    {
      onRequest: activeAgent,
      schema: {
        tags,
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

  api.get(
    '/wps/agent/team/overview',
    {
      onRequest: activeAgent,
      schema: {
        tags,
        summary:
          "agentTeamOverview: the team's size, new and active members, deposits, withdrawals, turnover and win/loss",
        description:
          "Over the last `days` UTC days (today included, 1-92, default 7), in total and by day, newest first. Active: at least one bet. winLoss is the members' result (payouts - stakes).",
        headers: ApiHeaders,
        querystring: AgentTeamOverviewQuery,
        response: responses(AgentTeamOverview, 401, 403),
      },
    },
    async (request) => ok(await teamOverview(db, request.brand, request.member!.member, request.query)),
  );

  api.get(
    '/wps/agent/team/members',
    {
      onRequest: activeAgent,
      schema: {
        tags,
        summary: "downlineManagmentView: the agent's team (every level), searchable by user name",
        headers: ApiHeaders,
        querystring: AgentTeamQuery,
        response: responses(AgentTeamPage, 401, 403),
      },
    },
    async (request) => ok(await teamPage(db, request.brand, request.member!.member, request.query)),
  );

  api.get(
    '/wps/agent/team/members/:id',
    {
      onRequest: activeAgent,
      schema: {
        tags,
        summary: "One member of the agent's team; any other id answers downline_not_found (404)",
        headers: ApiHeaders,
        params: DownlineIdParams,
        response: responses(AgentTeamMember, 401, 403, 404),
      },
    },
    async (request) => ok(await teamMember(db, request.brand, request.member!.member, request.params.id)),
  );

  api.post(
    '/wps/agent/team/members',
    {
      onRequest: activeAgent,
      schema: {
        tags,
        summary: 'registerCenter: opens an account for a direct downline of the agent',
        description:
          "The brand's user name and password rules apply (field errors as in registration); a taken user name is username_exists.",
        headers: ApiHeaders,
        body: OpenDownlineBody,
        response: responses(AgentTeamMember, 400, 401, 403),
      },
    },
    async (request) =>
      ok(await openDownline(members, callerOf(request), request.member!.member, request.body)),
  );
}
