import {
  CreateVendorBody,
  IdParams,
  OperatorActiveBody,
  VendorRow,
  VendorWithSecret,
} from '@lotus/contracts/backoffice';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import { changeVendorActive, createVendor, rotateVendorSecret, vendorList } from './vendor.admin.service.ts';

const tags = ['back office'];

/** Game vendors of the brand (admins). */
export function vendorAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  const admin = operators.guard('admin');

  api.get(
    '/bo/v1/vendors',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "The brand's game vendors",
        headers: ApiHeaders,
        response: responses(Type.Array(VendorRow), 401, 403),
      },
    },
    async (request) => ok(await vendorList(db, request.brand)),
  );

  api.post(
    '/bo/v1/vendors',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Creates a vendor; its signing secret is in this answer only',
        headers: ApiHeaders,
        body: CreateVendorBody,
        response: responses(VendorWithSecret, 401, 403),
      },
    },
    async (request) =>
      ok(await createVendor(db, request.brand, operatorOf(request), request.ip, request.body)),
  );

  api.post(
    '/bo/v1/vendors/:id/secret',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "Rotates a vendor's signing secret (the old one stops working); shown once",
        headers: ApiHeaders,
        params: IdParams,
        response: responses(VendorWithSecret, 401, 403),
      },
    },
    async (request) =>
      ok(await rotateVendorSecret(db, request.brand, operatorOf(request), request.ip, request.params.id)),
  );

  api.put(
    '/bo/v1/vendors/:id/active',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Activates or deactivates a vendor',
        headers: ApiHeaders,
        params: IdParams,
        body: OperatorActiveBody,
        response: responses(VendorRow, 401, 403),
      },
    },
    async (request) =>
      ok(
        await changeVendorActive(
          db,
          request.brand,
          operatorOf(request),
          request.ip,
          request.params.id,
          request.body.active,
        ),
      ),
  );
}
