import { AuditPage, AuditQuery } from '@lotus/contracts/backoffice';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { auditPage } from './audit.service.ts';

const tags = ['back office'];

/** The audit log viewer, for admins. */
export function auditAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  api.get(
    '/bo/v1/audit',
    {
      onRequest: operators.guard('admin'),
      schema: {
        tags,
        summary: 'The audit log, newest first (filter by operator, action, days)',
        headers: ApiHeaders,
        querystring: AuditQuery,
        response: responses(AuditPage, 401, 403),
      },
    },
    async (request) => ok(await auditPage(db, request.brand, request.query)),
  );
}
