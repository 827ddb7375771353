import { ApiHeaders } from '@lotus/contracts/envelope';
import { AdminSetLimitBody, LimitSettings, MemberIdParams, MemberLimitsAdmin } from '@lotus/contracts/limits';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import {
  brandLimitSettings,
  memberLimitsAdmin,
  operatorSetLimit,
  updateBrandLimitSettings,
} from './limits.service.ts';

const tags = ['back office'];

/** A member's limits in the back office's protection panel (docs/limits.md). */
export function limitsAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  api.get(
    '/bo/v1/members/:memberId/limits',
    {
      onRequest: operators.guard(),
      schema: {
        tags,
        summary: "A member's limits, pending increases and removals, usage and the audit of every change",
        headers: ApiHeaders,
        params: MemberIdParams,
        response: responses(MemberLimitsAdmin, 401, 403),
      },
    },
    async (request) => ok(await memberLimitsAdmin(db, request.brand, request.params.memberId)),
  );

  api.post(
    '/bo/v1/members/:memberId/limits',
    {
      onRequest: operators.guard('cs', 'admin'),
      schema: {
        tags,
        summary: "On the member's request: sets a new limit or lowers one, at once (audited with the note)",
        description:
          "Raising or removing a limit is the member's own, with its cooling-off: `limit_operator_increase` (403).",
        headers: ApiHeaders,
        params: MemberIdParams,
        body: AdminSetLimitBody,
        response: responses(MemberLimitsAdmin, 401, 403),
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      return ok(
        await operatorSetLimit(
          db,
          request.brand,
          { id: operator.id, brandId: request.brand.id, ip: request.ip },
          request.params.memberId,
          request.body,
        ),
      );
    },
  );

  api.get(
    '/bo/v1/limits/settings',
    {
      onRequest: operators.guard(),
      schema: {
        tags,
        summary: "The brand's limit rules: the cooling-off before an increase or removal, the bonus rule",
        headers: ApiHeaders,
        response: responses(LimitSettings, 401, 403),
      },
    },
    async (request) => ok(await brandLimitSettings(db, request.brand.id)),
  );

  api.put(
    '/bo/v1/limits/settings',
    {
      onRequest: operators.guard('admin'),
      schema: {
        tags,
        summary: "Changes the brand's limit rules (admin; audited): cooling-off 24 hours at least",
        headers: ApiHeaders,
        body: LimitSettings,
        response: responses(LimitSettings, 401, 403),
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      return ok(
        await updateBrandLimitSettings(
          db,
          { id: operator.id, brandId: request.brand.id, ip: request.ip },
          request.body,
        ),
      );
    },
  );
}
