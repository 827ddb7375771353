import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { IdString } from '@lotus/contracts/ids';
import {
  AdminExchange,
  AdminExchangePage,
  AdminExchangeQuery,
  AdminMemberPoints,
  AdminPointSettings,
  AdminPointSettingsInput,
  AdminProduct,
  AdminProductInput,
  AdminProducts,
  PageQuery,
  RejectExchangeBody,
} from '@lotus/contracts/points';
import { IMAGE_UPLOAD_RULES } from '@lotus/contracts/uploads';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../http/app-error.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import {
  adminExchanges,
  adminPointSettings,
  adminProducts,
  changePointSettings,
  changeProduct,
  createProduct,
  memberPointsStatement,
  type Operator,
  passExchange,
  rejectExchange,
} from './points.admin.service.ts';
import { uploadProductImage } from './product-image.service.ts';

const tags = ['back office: points'];
const IdParams = Type.Object({ id: IdString() });

function operator(request: FastifyRequest): Operator {
  return { id: operatorOf(request).id, brandId: request.brand.id, ip: request.ip };
}

/**
 * The points back office: every operator reads; rates, conversion and products are the admin's or
 * marketing's; passing and rejecting exchanges is finance's (or admin's). Every change is audited.
 */
export function pointsAdminRoutes(api: Api, { db, operators, uploads }: RouteDeps) {
  const read = operators.guard();
  const settings = operators.guard('admin', 'marketing');
  const finance = operators.guard('finance');

  api.get(
    '/bo/v1/points/settings',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Point rates per category and the conversion',
        headers: ApiHeaders,
        response: responses(AdminPointSettings, 401, 403),
      },
    },
    async (request) => ok(await adminPointSettings(db, request.brand)),
  );

  api.put(
    '/bo/v1/points/settings',
    {
      onRequest: settings,
      schema: {
        tags,
        summary: 'Changes point rates (points per 1.00 of turnover) and the conversion (audited)',
        headers: ApiHeaders,
        body: AdminPointSettingsInput,
        response: responses(AdminPointSettings, 401, 403),
      },
    },
    async (request) => ok(await changePointSettings(db, request.brand, operator(request), request.body)),
  );

  api.get(
    '/bo/v1/points/products',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "The mall's products, inactive ones too",
        headers: ApiHeaders,
        response: responses(AdminProducts, 401, 403),
      },
    },
    async (request) => ok(await adminProducts(db, request.brand)),
  );

  api.post(
    '/bo/v1/points/products',
    {
      onRequest: settings,
      schema: {
        tags,
        summary: 'Adds a product (audited)',
        headers: ApiHeaders,
        body: AdminProductInput,
        response: responses(AdminProduct, 401, 403),
      },
    },
    async (request) => ok(await createProduct(db, request.brand, operator(request), request.body)),
  );

  api.put(
    '/bo/v1/points/products/:id',
    {
      onRequest: settings,
      schema: {
        tags,
        summary: 'Changes a product, its stock included (audited)',
        headers: ApiHeaders,
        params: IdParams,
        body: AdminProductInput,
        response: responses(AdminProduct, 401, 403),
      },
    },
    async (request) =>
      ok(await changeProduct(db, request.brand, operator(request), request.params.id, request.body)),
  );

  api.post(
    '/bo/v1/points/products/:id/image',
    {
      onRequest: settings,
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: "Uploads a product's image (multipart/form-data, audited)",
        description:
          'Part `image`: PNG or JPG under 5 MB, checked by its bytes; stored under a random name and served at `/wps/points/images/<name>`.',
        consumes: ['multipart/form-data'],
        headers: ApiHeaders,
        params: IdParams,
        body: Type.Object({ image: Type.String({ format: 'binary' }) }),
        response: responses(Type.Object({ imageUrl: Type.String() }), 401, 403),
      },
      // The body is a stream read below, so its schema above is documentation only.
      validatorCompiler: (route) =>
        route.httpPart === 'body' ? () => true : TypeBoxValidatorCompiler(route),
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('request_param_err');
      const file = await request.file({
        limits: { fileSize: IMAGE_UPLOAD_RULES.maxBytes, files: 1, fields: 1 },
      });
      if (file?.fieldname !== 'image') throw new AppError('request_param_err');
      const bytes = await file.toBuffer();
      if (file.file.truncated) throw new AppError('upload_too_large');
      return ok(await uploadProductImage(db, uploads, operator(request), request.params.id, bytes));
    },
  );

  api.get(
    '/bo/v1/points/exchanges',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'The exchange queue, newest first',
        headers: ApiHeaders,
        querystring: AdminExchangeQuery,
        response: responses(AdminExchangePage, 401, 403),
      },
    },
    async (request) => ok(await adminExchanges(db, request.brand, request.query)),
  );

  api.post(
    '/bo/v1/points/exchanges/:id/pass',
    {
      onRequest: finance,
      schema: {
        tags,
        summary: 'Passes an applying exchange; a cash product is paid into the main wallet once (audited)',
        headers: ApiHeaders,
        params: IdParams,
        response: responses(AdminExchange, 401, 403),
      },
    },
    async (request) => ok(await passExchange(db, request.brand, operator(request), request.params.id)),
  );

  api.post(
    '/bo/v1/points/exchanges/:id/reject',
    {
      onRequest: finance,
      schema: {
        tags,
        summary: 'Rejects an applying exchange with a reason; its points go back once (audited)',
        headers: ApiHeaders,
        params: IdParams,
        body: RejectExchangeBody,
        response: responses(AdminExchange, 401, 403),
      },
    },
    async (request) =>
      ok(await rejectExchange(db, request.brand, operator(request), request.params.id, request.body.reason)),
  );

  api.get(
    '/bo/v1/points/members/:id',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "A member's points balance and statement",
        headers: ApiHeaders,
        params: IdParams,
        querystring: PageQuery,
        response: responses(AdminMemberPoints, 401, 403),
      },
    },
    async (request) => ok(await memberPointsStatement(db, request.brand, request.params.id, request.query)),
  );
}
