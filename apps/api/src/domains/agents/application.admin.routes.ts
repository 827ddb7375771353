import {
  AffiliateIdParams,
  AffiliateStatusBody,
  OperatorAffiliateApplication,
  OperatorAffiliatePage,
  OperatorAffiliateQuery,
} from '@lotus/contracts/agents';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import { applicationDetail, applicationQueue, changeApplicationStatus } from './application.service.ts';

const tags = ['back office: affiliates'];

/** Affiliate applications under /bo/v1: every role reads; marketing and cs (and admin) act. */
export function applicationAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  const { guard } = operators;

  api.get(
    '/bo/v1/agents/applications',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'Affiliate applications of the brand, newest first',
        description:
          'Filters: status, search (part of the name, a contact value, a site or the member user name), creation date range (UTC days, inclusive). Paged. The readonly role sees contact values masked.',
        headers: ApiHeaders,
        querystring: OperatorAffiliateQuery,
        response: responses(OperatorAffiliatePage, 401, 403),
      },
    },
    async (request) => ok(await applicationQueue(db, request.brand.id, operatorOf(request), request.query)),
  );

  api.get(
    '/bo/v1/agents/applications/:id',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'One affiliate application of the brand',
        headers: ApiHeaders,
        params: AffiliateIdParams,
        response: responses(OperatorAffiliateApplication, 401, 403),
      },
    },
    async (request) =>
      ok(await applicationDetail(db, request.brand.id, operatorOf(request), request.params.id)),
  );

  api.post(
    '/bo/v1/agents/applications/:id/status',
    {
      onRequest: guard('marketing', 'cs'),
      schema: {
        tags,
        summary:
          'Moves an application: new -> contacted -> approved or rejected, new -> rejected (marketing, cs, admin)',
        description:
          'Approval and rejection need a note (up to 500 characters; `operator_note_invalid` otherwise). The conditional transition and its audit row commit together; an application no longer in a state the move starts from answers `affiliate_application_state_invalid`.',
        headers: ApiHeaders,
        params: AffiliateIdParams,
        body: AffiliateStatusBody,
        response: responses(OperatorAffiliateApplication, 401, 403),
      },
    },
    async (request) =>
      ok(
        await changeApplicationStatus(
          db,
          request.brand.id,
          { ...operatorOf(request), ip: request.ip },
          request.params.id,
          request.body,
        ),
      ),
  );
}
