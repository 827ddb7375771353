import { EventConsumersView } from '@lotus/contracts/backoffice';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { ok, responses } from '../http/envelope.ts';
import type { Api, RouteDeps } from '../http/types.ts';
import { consumersView } from './events.service.ts';

/** The event feed's consumers and their lag, for the back-office dashboard. */
export function eventsAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  api.get(
    '/bo/v1/events/consumers',
    {
      onRequest: operators.guard(),
      schema: {
        tags: ['back office'],
        summary:
          "Each event consumer's cursor, and how many of this brand's entries and seconds it is behind",
        headers: ApiHeaders,
        response: responses(EventConsumersView, 401, 403),
      },
    },
    async (request) => ok(await consumersView(db, request.brand.id)),
  );
}
