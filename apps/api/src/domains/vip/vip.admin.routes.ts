import { ApiHeaders } from '@lotus/contracts/envelope';
import {
  AdminVipLevels,
  AdminVipLevelsUpdate,
  RebatePayoutQuery,
  RebateRecordPage,
  VipHistoryPage,
  VipHistoryQuery,
  VipSettings,
  VipSettingsUpdate,
} from '@lotus/contracts/vip';
import type { FastifyRequest } from 'fastify';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import {
  adminLevels,
  adminSettings,
  changeSettings,
  levelHistory,
  type Operator,
  rebatePayouts,
  replaceLevels,
} from './vip.admin.service.ts';

const tags = ['back office: vip'];

function operator(request: FastifyRequest): Operator {
  return { id: operatorOf(request).id, brandId: request.brand.id, ip: request.ip };
}

/**
 * The VIP back office: every operator reads; the levels and the VIP and rebate settings are the
 * admin's. Every change is audited.
 */
export function vipAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  const read = operators.guard();
  const admin = operators.guard('admin');

  api.get(
    '/bo/v1/vip/levels',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "The brand's VIP levels",
        headers: ApiHeaders,
        response: responses(AdminVipLevels, 401, 403),
      },
    },
    async (request) => ok(await adminLevels(db, request.brand)),
  );

  api.put(
    '/bo/v1/vip/levels',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Replaces the VIP ladder (admin)',
        description:
          'Levels 0..n-1 in order with thresholds that do not fall, keep conditions at most the thresholds (vip_levels_invalid otherwise). Members keep their level until the nightly job.',
        headers: ApiHeaders,
        body: AdminVipLevelsUpdate,
        response: responses(AdminVipLevels, 400, 401, 403),
      },
    },
    async (request) => ok(await replaceLevels(db, request.brand, operator(request), request.body.levels)),
  );

  api.get(
    '/bo/v1/vip/settings',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'VIP and rebate settings',
        headers: ApiHeaders,
        response: responses(VipSettings, 401, 403),
      },
    },
    async (request) => ok(await adminSettings(db, request.brand)),
  );

  api.put(
    '/bo/v1/vip/settings',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Changes the VIP period and the rebate mode and minimum payout (admin)',
        headers: ApiHeaders,
        body: VipSettingsUpdate,
        response: responses(VipSettings, 400, 401, 403),
      },
    },
    async (request) => ok(await changeSettings(db, request.brand, operator(request), request.body)),
  );

  api.get(
    '/bo/v1/vip/history',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "Members' level changes with their reason and figures, newest first",
        headers: ApiHeaders,
        querystring: VipHistoryQuery,
        response: responses(VipHistoryPage, 400, 401, 403),
      },
    },
    async (request) => ok(await levelHistory(db, request.brand, request.query)),
  );

  api.get(
    '/bo/v1/vip/rebates',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Rebate payouts, newest first',
        headers: ApiHeaders,
        querystring: RebatePayoutQuery,
        response: responses(RebateRecordPage, 400, 401, 403),
      },
    },
    async (request) => ok(await rebatePayouts(db, request.brand, request.query)),
  );
}
