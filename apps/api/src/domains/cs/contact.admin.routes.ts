import {
  ContactIdParams,
  ContactStatusBody,
  OperatorContactPage,
  OperatorContactQuery,
  OperatorContactRequest,
} from '@lotus/contracts/cs';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import { changeContactStatus, contactDetail, contactQueue } from './contact.service.ts';

const tags = ['back office: customer service'];

/** The contact requests of the brand under /bo/v1: every role reads, cs (and admin) act. */
export function contactAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  const { guard } = operators;

  api.get(
    '/bo/v1/cs/contact-requests',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'Contact requests of the brand, newest first',
        description:
          'Filters: status, category, channel, search (part of the name, contact value or member user name), creation date range (UTC days, inclusive). Paged. The readonly and marketing roles see contact values masked.',
        headers: ApiHeaders,
        querystring: OperatorContactQuery,
        response: responses(OperatorContactPage, 401, 403),
      },
    },
    async (request) => ok(await contactQueue(db, request.brand.id, operatorOf(request), request.query)),
  );

  api.get(
    '/bo/v1/cs/contact-requests/:id',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'One contact request of the brand',
        headers: ApiHeaders,
        params: ContactIdParams,
        response: responses(OperatorContactRequest, 401, 403),
      },
    },
    async (request) => ok(await contactDetail(db, request.brand.id, operatorOf(request), request.params.id)),
  );

  api.post(
    '/bo/v1/cs/contact-requests/:id/status',
    {
      onRequest: guard('cs'),
      schema: {
        tags,
        summary: 'Moves a contact request: new -> in_progress -> closed, or new -> closed (cs, admin)',
        description:
          'With an optional note of up to 500 characters (the previous note stays when none is given). The conditional transition and its audit row commit together; a request no longer in a state the move starts from answers `contact_request_state_invalid`.',
        headers: ApiHeaders,
        params: ContactIdParams,
        body: ContactStatusBody,
        response: responses(OperatorContactRequest, 401, 403),
      },
    },
    async (request) =>
      ok(
        await changeContactStatus(
          db,
          request.brand.id,
          { ...operatorOf(request), ip: request.ip },
          request.params.id,
          request.body,
        ),
      ),
  );
}
