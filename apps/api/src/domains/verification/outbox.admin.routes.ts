import { EmailOutboxPage, OutboxQuery, OutboxRetryParams, SmsOutboxPage } from '@lotus/contracts/backoffice';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { Type } from 'typebox';
import { DEMO_MERCHANT_CODE } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { maskSecrets } from '../../lib/masking.ts';
import { auditChange } from '../operators/audit.service.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import { requeueDead } from './delivery.repository.ts';
import { deliveryOf, emailOutboxPage, smsOutboxPage } from './outbox.repository.ts';

const tags = ['back office'];

/** The demo's "messages sent" page is on: see RouteDeps.demoMessages. */
const DemoMessagesStatus = Type.Object({ enabled: Type.Boolean() });

/**
 * The SMS and e-mail outboxes with each message's delivery state (kept, pending, sending, sent,
 * dead), for customer service, codes and links masked; the dead letters sent again; and, in the demo
 * brand outside production only, the same messages in full ("messages sent").
 */
export function outboxAdminRoutes(api: Api, { db, operators, demoMessages }: RouteDeps) {
  const smsItems = async (brandId: string, query: OutboxQuery, full: boolean) => {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 20;
    const { rows, total } = await smsOutboxPage(db, brandId, page, pageSize, query.status);
    return {
      items: rows.map((r) => ({
        id: r.id,
        phone: r.phone,
        body: full ? r.body : maskSecrets(r.body),
        createdAt: r.created_at.toISOString(),
        ...deliveryOf(r),
      })),
      total,
      page,
      pageSize,
    };
  };
  const emailItems = async (brandId: string, query: OutboxQuery, full: boolean) => {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 20;
    const { rows, total } = await emailOutboxPage(db, brandId, page, pageSize, query.status);
    return {
      items: rows.map((r) => ({
        id: r.id,
        to: r.to_address,
        subject: full ? r.subject : maskSecrets(r.subject),
        body: full ? r.body : maskSecrets(r.body),
        createdAt: r.created_at.toISOString(),
        ...deliveryOf(r),
      })),
      total,
      page,
      pageSize,
    };
  };
  const demoFor = (merchantCode: string) => demoMessages && merchantCode === DEMO_MERCHANT_CODE;

  api.get(
    '/bo/v1/outbox/sms',
    {
      onRequest: operators.guard('cs'),
      schema: {
        tags,
        summary: 'SMS of the brand and their delivery state, newest first (codes masked)',
        description: "`status=dead` lists the dead letters (each with the last attempt's error).",
        headers: ApiHeaders,
        querystring: OutboxQuery,
        response: responses(SmsOutboxPage, 401, 403),
      },
    },
    async (request) => ok(await smsItems(request.brand.id, request.query, false)),
  );

  api.get(
    '/bo/v1/outbox/email',
    {
      onRequest: operators.guard('cs'),
      schema: {
        tags,
        summary: 'E-mails of the brand and their delivery state, newest first (codes and links masked)',
        headers: ApiHeaders,
        querystring: OutboxQuery,
        response: responses(EmailOutboxPage, 401, 403),
      },
    },
    async (request) => ok(await emailItems(request.brand.id, request.query, false)),
  );

  api.post(
    '/bo/v1/outbox/:channel/:id/retry',
    {
      onRequest: operators.guard('cs'),
      schema: {
        tags,
        summary: 'Sends a dead letter again (pending at once, attempts counted from zero); audited',
        description: 'Only a dead row of the brand: any other answers `outbox_message_not_dead`.',
        headers: ApiHeaders,
        params: OutboxRetryParams,
        response: responses(Type.Null(), 401, 403),
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const { channel, id } = request.params;
      await db.transaction().execute(async (trx) => {
        if (!(await requeueDead(trx, channel, request.brand.id, id)))
          throw new AppError('outbox_message_not_dead');
        await auditChange(
          trx,
          { id: operator.id, brandId: request.brand.id, ip: request.ip },
          'outbox.retry',
          { type: `${channel}_outbox`, id },
          { status: 'dead' },
          { status: 'pending' },
        );
      });
      return ok(null);
    },
  );

  api.get(
    '/bo/v1/demo-messages',
    {
      onRequest: operators.guard('cs'),
      schema: {
        tags,
        summary: 'Whether the demo\'s "messages sent" page is on (the demo brand outside production)',
        headers: ApiHeaders,
        response: responses(DemoMessagesStatus, 401, 403),
      },
    },
    async (request) => ok({ enabled: demoFor(request.brand.merchantCode) }),
  );

  api.get(
    '/bo/v1/demo-messages/sms',
    {
      onRequest: operators.guard('cs'),
      schema: {
        tags,
        summary: "The demo brand's SMS in full, codes included, newest first",
        description:
          'Only in the demo brand with SEED_DEMO_BRAND outside production; anywhere else `feature_disabled`.',
        headers: ApiHeaders,
        querystring: OutboxQuery,
        response: responses(SmsOutboxPage, 401, 403),
      },
    },
    async (request) => {
      if (!demoFor(request.brand.merchantCode)) throw new AppError('feature_disabled');
      return ok(await smsItems(request.brand.id, request.query, true));
    },
  );

  api.get(
    '/bo/v1/demo-messages/email',
    {
      onRequest: operators.guard('cs'),
      schema: {
        tags,
        summary: "The demo brand's e-mails in full, links included, newest first",
        description:
          'Only in the demo brand with SEED_DEMO_BRAND outside production; anywhere else `feature_disabled`.',
        headers: ApiHeaders,
        querystring: OutboxQuery,
        response: responses(EmailOutboxPage, 401, 403),
      },
    },
    async (request) => {
      if (!demoFor(request.brand.merchantCode)) throw new AppError('feature_disabled');
      return ok(await emailItems(request.brand.id, request.query, true));
    },
  );
}
