import { EmailOutboxPage, OutboxQuery, SmsOutboxPage } from '@lotus/contracts/backoffice';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { maskSecrets } from '../../lib/masking.ts';
import { emailOutboxPage, smsOutboxPage } from './outbox.repository.ts';

const tags = ['back office'];

/** The SMS and e-mail outboxes (the demo providers' deliveries), for customer service. */
export function outboxAdminRoutes(api: Api, { db, operators }: RouteDeps) {
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
