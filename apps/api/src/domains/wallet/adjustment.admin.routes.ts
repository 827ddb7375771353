import {
  AdjustmentBody,
  AdjustmentListQuery,
  AdjustmentPage,
  AdjustmentRow,
  BackofficeSettings,
  BackofficeSettingsBody,
  DecisionBody,
  IdParams,
} from '@lotus/contracts/backoffice';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import {
  adjustmentPage,
  approveAdjustment,
  backofficeSettings,
  rejectAdjustment,
  requestAdjustment,
  updateBackofficeSettings,
} from './adjustment.service.ts';

const tags = ['back office'];

/** Manual balance adjustments with the second-operator approval above the brand's threshold. */
export function adjustmentAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  const finance = operators.guard('finance');

  api.post(
    '/bo/v1/adjustments',
    {
      onRequest: finance,
      schema: {
        tags,
        summary: "Credits or debits a member's main wallet against the house account",
        description:
          'Idempotent by `requestId`. Up to the brand threshold (default 1,000.00) the entry posts at once ' +
          '(status approved); above it the request stays pending until another finance or admin operator ' +
          'approves it. A debit beyond the balance answers insufficient_balance.',
        headers: ApiHeaders,
        body: AdjustmentBody,
        response: responses(AdjustmentRow, 401, 403),
      },
    },
    async (request) =>
      ok(await requestAdjustment(db, request.brand, operatorOf(request), request.ip, request.body)),
  );

  api.get(
    '/bo/v1/adjustments',
    {
      onRequest: operators.guard(),
      schema: {
        tags,
        summary: 'Adjustment requests, newest first (filter by status)',
        headers: ApiHeaders,
        querystring: AdjustmentListQuery,
        response: responses(AdjustmentPage, 401, 403),
      },
    },
    async (request) => ok(await adjustmentPage(db, request.brand, request.query)),
  );

  api.post(
    '/bo/v1/adjustments/:id/approve',
    {
      onRequest: finance,
      schema: {
        tags,
        summary: 'Approves a pending adjustment (a second operator): the entry posts exactly once',
        headers: ApiHeaders,
        params: IdParams,
        response: responses(AdjustmentRow, 401, 403),
      },
    },
    async (request) =>
      ok(await approveAdjustment(db, request.brand, operatorOf(request), request.ip, request.params.id)),
  );

  api.post(
    '/bo/v1/adjustments/:id/reject',
    {
      onRequest: finance,
      schema: {
        tags,
        summary: 'Rejects a pending adjustment (a second operator); nothing is posted',
        headers: ApiHeaders,
        params: IdParams,
        body: Type.Optional(DecisionBody),
        response: responses(AdjustmentRow, 401, 403),
      },
    },
    async (request) =>
      ok(
        await rejectAdjustment(
          db,
          request.brand,
          operatorOf(request),
          request.ip,
          request.params.id,
          request.body?.note?.trim() ?? '',
        ),
      ),
  );

  api.get(
    '/bo/v1/settings/backoffice',
    {
      onRequest: operators.guard(),
      schema: {
        tags,
        summary: 'Back-office settings of the brand (the adjustment approval threshold)',
        headers: ApiHeaders,
        response: responses(BackofficeSettings, 401, 403),
      },
    },
    async (request) => ok(await backofficeSettings(db, request.brand)),
  );

  api.put(
    '/bo/v1/settings/backoffice',
    {
      onRequest: operators.guard('admin'),
      schema: {
        tags,
        summary: 'Changes the adjustment approval threshold',
        headers: ApiHeaders,
        body: BackofficeSettingsBody,
        response: responses(BackofficeSettings, 401, 403),
      },
    },
    async (request) =>
      ok(
        await updateBackofficeSettings(
          db,
          request.brand,
          operatorOf(request),
          request.ip,
          request.body.adjustmentApprovalThreshold,
        ),
      ),
  );
}
