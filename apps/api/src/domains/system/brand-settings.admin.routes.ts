import { BrandSettingsBody, BrandSettingsView } from '@lotus/contracts/backoffice';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import { brandSettingsView, changeBrandSettings } from './brand-settings.admin.service.ts';

const tags = ['back office'];

/** Brand settings: system status, maintenance, blocked countries, feature flags, wallet mode. */
export function brandSettingsAdminRoutes(api: Api, { db, operators }: RouteDeps) {
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
}
