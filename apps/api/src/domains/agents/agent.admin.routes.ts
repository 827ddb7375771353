import {
  AgentMoveBody,
  AgentSuspendBody,
  AgentTypeBody,
  DownlineIdParams,
  OperatorAgent,
} from '@lotus/contracts/agents';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import { makeAgent, moveMember, operatorAgent, suspendAgent } from './agent.service.ts';

const tags = ['back office: agents'];

/** Agents under /bo/v1/agents/members/:id: every role reads; marketing (and admin) act, audited. */
export function agentAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  const { guard } = operators;
  const actor = (request: Parameters<typeof operatorOf>[0] & { ip: string }) => ({
    id: operatorOf(request).id,
    ip: request.ip,
  });

  api.get(
    '/bo/v1/agents/members/:id',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'A member as an agent: type, affiliate code, upline, standing, direct and whole-team sizes',
        headers: ApiHeaders,
        params: DownlineIdParams,
        response: responses(OperatorAgent, 401, 403),
      },
    },
    async (request) => ok(await operatorAgent(db, request.brand.id, request.params.id)),
  );

  api.post(
    '/bo/v1/agents/members/:id/type',
    {
      onRequest: guard('marketing'),
      schema: {
        tags,
        summary:
          'Makes a member an agent or changes its agent type (1, 2, 41, 42); a trial account is refused',
        description: 'A member without an affiliate code gets a new one. Audited as agent.type.',
        headers: ApiHeaders,
        params: DownlineIdParams,
        body: AgentTypeBody,
        response: responses(OperatorAgent, 401, 403),
      },
    },
    async (request) =>
      ok(
        await makeAgent(
          db,
          request.brand.id,
          actor(request),
          request.params.id,
          request.body.isAgent,
          (request.body.note ?? '').trim(),
        ),
      ),
  );

  api.post(
    '/bo/v1/agents/members/:id/suspension',
    {
      onRequest: guard('marketing'),
      schema: {
        tags,
        summary:
          'Suspends an agent (refused from the agent area with agent_suspended) or lifts it, with a note',
        headers: ApiHeaders,
        params: DownlineIdParams,
        body: AgentSuspendBody,
        response: responses(OperatorAgent, 401, 403),
      },
    },
    async (request) =>
      ok(await suspendAgent(db, request.brand.id, actor(request), request.params.id, request.body)),
  );

  api.post(
    '/bo/v1/agents/members/:id/upline',
    {
      onRequest: guard('marketing'),
      schema: {
        tags,
        summary: 'Moves a member and its whole sub-tree under another agent, from now on',
        description:
          "One transaction under the brand's tree lock; under the member itself or one of its downlines is agent_move_cycle; the new upline must be an active agent (agent_upline_invalid). The upline history records the instant, so later commissions attribute each bet to the tree of its time. Audited as agent.move.",
        headers: ApiHeaders,
        params: DownlineIdParams,
        body: AgentMoveBody,
        response: responses(OperatorAgent, 401, 403),
      },
    },
    async (request) =>
      ok(await moveMember(db, request.brand.id, actor(request), request.params.id, request.body)),
  );
}
