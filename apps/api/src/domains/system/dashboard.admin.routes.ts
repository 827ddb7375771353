import { Dashboard } from '@lotus/contracts/backoffice';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { dashboard } from './dashboard.service.ts';

const tags = ['back office'];

/** The back office's first page: today's figures of the brand. */
export function dashboardAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  api.get(
    '/bo/v1/dashboard',
    {
      onRequest: operators.guard(),
      schema: {
        tags,
        summary: "Today's deposits, withdrawals, active members and registrations (UTC day)",
        headers: ApiHeaders,
        response: responses(Dashboard, 401, 403),
      },
    },
    async (request) => ok(await dashboard(db, request.brand)),
  );
}
