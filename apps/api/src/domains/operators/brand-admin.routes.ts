import {
  AuditPage,
  AuditQuery,
  BrandSettingsBody,
  BrandSettingsView,
  Dashboard,
} from '@lotus/contracts/backoffice';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { auditPage, brandSettingsView, changeBrandSettings, dashboard } from './brand-admin.service.ts';
import { operatorOf } from './operator.guard.ts';

const tags = ['back office'];

/** Dashboard, brand settings and flags, audit log viewer. */
export function brandAdminRoutes(api: Api, { db, operators }: RouteDeps) {
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

  api.get(
    '/bo/v1/settings/brand',
    {
      onRequest: operators.guard(),
      schema: {
        tags,
        summary: 'System status, maintenance end, blocked countries, feature flags and wallet mode',
        headers: ApiHeaders,
        response: responses(BrandSettingsView, 401, 403),
      },
    },
    async (request) => ok(await brandSettingsView(db, request.brand)),
  );

  api.put(
    '/bo/v1/settings/brand',
    {
      onRequest: operators.guard('admin'),
      schema: {
        tags,
        summary: 'Changes brand settings (flags are merged); takes effect at once',
        headers: ApiHeaders,
        body: BrandSettingsBody,
        response: responses(BrandSettingsView, 401, 403),
      },
    },
    async (request) =>
      ok(await changeBrandSettings(db, request.brand, operatorOf(request), request.ip, request.body)),
  );

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
