import { ApiHeaders } from '@lotus/contracts/envelope';
import {
  EndDecisionBody,
  EndRequest,
  EndRequestList,
  MemberIdParams,
  ProtectionPanel,
  RequestIdParams,
} from '@lotus/contracts/protection';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import { decideEnd, pendingEndRequests, protectionPanel } from './exclusion.service.ts';

const tags = ['back office: protection'];

/** The protection panel of a member and the queue of requests to end a self-exclusion. */
export function protectionAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  const { guard } = operators;

  api.get(
    '/bo/v1/protection/members/:memberId',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: "A member's protection panel: sessions, settings, exclusions, end requests, audit",
        headers: ApiHeaders,
        params: MemberIdParams,
        response: responses(ProtectionPanel, 401, 403),
      },
    },
    async (request) => ok(await protectionPanel(db, request.brand.id, request.params.memberId)),
  );

  api.get(
    '/bo/v1/protection/end-requests',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'Pending requests to end a self-exclusion, oldest first',
        headers: ApiHeaders,
        response: responses(EndRequestList, 401, 403),
      },
    },
    async (request) => ok(await pendingEndRequests(db, request.brand.id)),
  );

  api.post(
    '/bo/v1/protection/end-requests/:id/decision',
    {
      onRequest: guard('cs'),
      schema: {
        tags,
        summary: 'Approves (after the 24-hour cooling-off) or refuses a request to end a self-exclusion',
        description:
          'cs and admin. Approval ends the exclusion; the decision and the end are audited (who, old, new, when, effective from). A request decided already answers `exclusion_request_state_invalid`; approval before the cooling-off is over `exclusion_cooling_off`.',
        headers: ApiHeaders,
        params: RequestIdParams,
        body: EndDecisionBody,
        response: responses(EndRequest, 401, 403),
      },
    },
    async (request) =>
      ok(
        await decideEnd(
          db,
          request.brand.id,
          { ...operatorOf(request), ip: request.ip },
          request.params.id,
          request.body,
        ),
      ),
  );
}
