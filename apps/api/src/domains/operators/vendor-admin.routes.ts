import {
  CreateVendorBody,
  EmailOutboxPage,
  IdParams,
  OperatorActiveBody,
  OutboxQuery,
  SmsOutboxPage,
  VendorRow,
  VendorWithSecret,
} from '@lotus/contracts/backoffice';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { maskSecrets } from '../../lib/masking.ts';
import { operatorOf } from './operator.guard.ts';
import { emailOutboxPage, smsOutboxPage } from './outbox.repository.ts';
import { changeVendorActive, createVendor, rotateVendorSecret, vendorList } from './vendor-admin.service.ts';

const tags = ['back office'];

/** Game vendors of the brand (admins) and the SMS / e-mail outboxes (customer service). */
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

  api.get(
    '/bo/v1/outbox/sms',
    {
      onRequest: operators.guard('cs'),
      schema: {
        tags,
        summary: 'SMS the platform "sent" (the demo provider writes them here), newest first',
        headers: ApiHeaders,
        querystring: OutboxQuery,
        response: responses(SmsOutboxPage, 401, 403),
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? 20;
      const { rows, total } = await smsOutboxPage(db, request.brand.id, page, pageSize);
      return ok({
        items: rows.map((r) => ({
          id: r.id,
          phone: r.phone,
          body: maskSecrets(r.body),
          createdAt: r.created_at.toISOString(),
        })),
        total,
        page,
        pageSize,
      });
    },
  );

  api.get(
    '/bo/v1/outbox/email',
    {
      onRequest: operators.guard('cs'),
      schema: {
        tags,
        summary: 'E-mails the platform "sent" (the demo provider writes them here), newest first',
        headers: ApiHeaders,
        querystring: OutboxQuery,
        response: responses(EmailOutboxPage, 401, 403),
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? 20;
      const { rows, total } = await emailOutboxPage(db, request.brand.id, page, pageSize);
      return ok({
        items: rows.map((r) => ({
          id: r.id,
          to: r.to_address,
          subject: maskSecrets(r.subject),
          body: maskSecrets(r.body),
          createdAt: r.created_at.toISOString(),
        })),
        total,
        page,
        pageSize,
      });
    },
  );
}
