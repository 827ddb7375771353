import { ApiHeaders } from '@lotus/contracts/envelope';
import {
  AdminMemberPromotion,
  AdminMemberPromotions,
  AdminPromotion,
  AdminPromotions,
  AdminRecordQuery,
  PreviewBody,
  PromotionIdParams,
  PromotionInput,
  PromotionPreview,
  ReasonBody,
} from '@lotus/contracts/promotions';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../http/app-error.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import {
  adminMemberPromotions,
  adminPromotions,
  changePromotion,
  createPromotion,
  decideRecord,
  type Operator,
  previewPromotion,
} from './promotions.admin.service.ts';

const tags = ['back office: promotions'];
const ActionParams = Type.Object({
  ...PromotionIdParams.properties,
  action: Type.Union([
    Type.Literal('approve'),
    Type.Literal('reject'),
    Type.Literal('cancel'),
    Type.Literal('forfeit'),
  ]),
});
const OptionalReason = Type.Object(
  { reason: Type.Optional(ReasonBody.properties.reason) },
  { additionalProperties: false },
);

function operator(request: FastifyRequest): Operator {
  return { id: operatorOf(request).id, brandId: request.brand.id, ip: request.ip };
}

/**
 * The promotions' back office: every operator reads; marketing (or admin) builds promotions;
 * marketing or finance (or admin) decide the approval queue and cancel or forfeit a member's
 * bonus with a reason. Every change is audited in its transaction.
 */
export function promotionsAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  const read = operators.guard();
  const builder = operators.guard('marketing');
  const decider = operators.guard('marketing', 'finance');

  api.get(
    '/bo/v1/promotions',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "The brand's promotions",
        headers: ApiHeaders,
        response: responses(AdminPromotions, 401, 403),
      },
    },
    async (request) => ok(await adminPromotions(db, request.brand)),
  );

  api.post(
    '/bo/v1/promotions',
    {
      onRequest: builder,
      schema: {
        tags,
        summary: 'Adds a promotion (marketing; audited)',
        headers: ApiHeaders,
        body: PromotionInput,
        response: responses(AdminPromotion, 400, 401, 403),
      },
    },
    async (request) => ok(await createPromotion(db, request.brand, operator(request), request.body)),
  );

  api.put(
    '/bo/v1/promotions/:id',
    {
      onRequest: builder,
      schema: {
        tags,
        summary:
          'Changes a promotion (marketing; audited); records already made keep their bonus and wagering',
        headers: ApiHeaders,
        params: PromotionIdParams,
        body: PromotionInput,
        response: responses(AdminPromotion, 400, 401, 403),
      },
    },
    async (request) =>
      ok(await changePromotion(db, request.brand, operator(request), request.params.id, request.body)),
  );

  api.post(
    '/bo/v1/promotions/preview',
    {
      // The builder's own call: marketing (or admin), as for building (README: Rewards).
      onRequest: builder,
      schema: {
        tags,
        summary:
          'What the promotion would give and require for an example deposit (marketing; nothing stored)',
        headers: ApiHeaders,
        body: PreviewBody,
        response: responses(PromotionPreview, 400, 401, 403),
      },
    },
    async (request) =>
      ok(previewPromotion(request.brand, request.body.promotion, request.body.depositAmount)),
  );

  api.get(
    '/bo/v1/promotions/records',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "Members' promotion records: the approval queue (state=applying) or one member's bonuses",
        headers: ApiHeaders,
        querystring: AdminRecordQuery,
        response: responses(AdminMemberPromotions, 401, 403),
      },
    },
    async (request) => ok(await adminMemberPromotions(db, request.brand, request.query)),
  );

  api.post(
    '/bo/v1/promotions/records/:id/:action',
    {
      onRequest: decider,
      schema: {
        tags,
        summary: 'Approve, reject, cancel or forfeit a member record (marketing or finance; audited)',
        description: 'reject, cancel and forfeit need a reason.',
        headers: ApiHeaders,
        params: ActionParams,
        body: OptionalReason,
        response: responses(AdminMemberPromotion, 400, 401, 403),
      },
    },
    async (request) => {
      const reason = request.body.reason?.trim() ?? '';
      if (request.params.action !== 'approve' && reason === '') {
        throw new AppError('request_param_err', { fieldErrors: { reason: 'errors.request_param_err' } });
      }
      return ok(
        await decideRecord(
          db,
          request.brand,
          operator(request),
          request.params.id,
          request.params.action,
          reason,
        ),
      );
    },
  );
}
