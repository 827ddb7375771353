import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { ApiHeaders } from '@lotus/contracts/envelope';
import {
  OperatorWithdrawal,
  OperatorWithdrawalPage,
  OperatorWithdrawalQuery,
  RejectBody,
  ResolveBody,
  WithdrawSettings,
  WithdrawSettingsInput,
} from '@lotus/contracts/withdrawals';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { ok, responses } from '../../http/envelope.ts';
import { sendError } from '../../http/error-handler.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { recordAudit } from '../operators/audit.service.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import {
  approveWithdrawal,
  markWithdrawalPaid,
  operatorWithdrawal,
  proofImageOf,
  type Reviewer,
  rejectWithdrawal,
  resolveWithdrawal,
  updateWithdrawSettings,
  withdrawalQueue,
} from './review.service.ts';
import { IdParams } from './withdrawal.routes.ts';
import { toWireSettings, withdrawSettingsOf } from './withdrawal.service.ts';

const tags = ['back office: withdrawals'];

function reviewerOf(request: FastifyRequest): Reviewer {
  const operator = operatorOf(request);
  return { id: operator.id, brandId: request.brand.id, ip: request.ip };
}

/**
 * The back office's withdrawal queue (spec §4): every operator reads it; approving, rejecting,
 * paying and resolving need the finance role (or admin). Each action answers the withdrawal as it
 * is now; a second action on the same state answers withdrawal_state_invalid and changes nothing.
 */
export function withdrawalAdminRoutes(api: Api, { db, uploads, operators }: RouteDeps) {
  const read = operators.guard();
  const finance = operators.guard('finance');

  api.get(
    '/bo/v1/withdrawals',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'The withdrawal queue, newest first: filter by status, member username and dates',
        headers: ApiHeaders,
        querystring: OperatorWithdrawalQuery,
        response: responses(OperatorWithdrawalPage, 401, 403),
      },
    },
    async (request) => ok(await withdrawalQueue(db, request.brand.id, request.query)),
  );

  api.get(
    '/bo/v1/withdrawals/settings',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "The brand's withdrawal settings",
        headers: ApiHeaders,
        response: responses(WithdrawSettings, 401, 403),
      },
    },
    async (request) => ok(toWireSettings(await withdrawSettingsOf(db, request.brand.id), request.brand)),
  );

  api.put(
    '/bo/v1/withdrawals/settings',
    {
      onRequest: finance,
      schema: {
        tags,
        summary: "Changes the brand's withdrawal settings (finance or admin; audited)",
        headers: ApiHeaders,
        body: WithdrawSettingsInput,
        response: responses(WithdrawSettings, 401, 403),
      },
    },
    async (request) =>
      ok(await updateWithdrawSettings(db, recordAudit, reviewerOf(request), request.brand, request.body)),
  );

  api.get(
    '/bo/v1/withdrawals/:id',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'One withdrawal of the brand',
        headers: ApiHeaders,
        params: IdParams,
        response: responses(OperatorWithdrawal, 401, 403),
      },
    },
    async (request) => ok(await operatorWithdrawal(db, request.brand.id, request.params.id)),
  );

  const action = (
    url: string,
    summary: string,
    run: (request: FastifyRequest<{ Params: { id: string } }>) => Promise<unknown>,
  ) =>
    api.post(
      `/bo/v1/withdrawals/:id/${url}`,
      {
        onRequest: finance,
        schema: {
          tags,
          summary,
          headers: ApiHeaders,
          params: IdParams,
          response: responses(OperatorWithdrawal, 401, 403),
        },
      },
      async (request) => {
        await run(request);
        return ok(await operatorWithdrawal(db, request.brand.id, request.params.id));
      },
    );

  action('approve', 'Approves a pending withdrawal (finance or admin; audited)', (request) =>
    approveWithdrawal(db, recordAudit, reviewerOf(request), request.params.id),
  );
  action(
    'pay',
    'Marks an approved withdrawal paid: the held amount leaves for the bank payout account (finance or admin; audited)',
    (request) => markWithdrawalPaid(db, recordAudit, reviewerOf(request), request.brand, request.params.id),
  );

  api.post(
    '/bo/v1/withdrawals/:id/reject',
    {
      onRequest: finance,
      schema: {
        tags,
        summary:
          'Rejects a pending or approved withdrawal with a reason; the held amount returns to the member',
        headers: ApiHeaders,
        params: IdParams,
        body: RejectBody,
        response: responses(OperatorWithdrawal, 401, 403),
      },
    },
    async (request) => {
      await rejectWithdrawal(
        db,
        recordAudit,
        reviewerOf(request),
        request.brand,
        request.params.id,
        request.body.reason,
      );
      return ok(await operatorWithdrawal(db, request.brand.id, request.params.id));
    },
  );

  api.post(
    '/bo/v1/withdrawals/:id/resolve',
    {
      onRequest: finance,
      schema: {
        tags,
        summary: 'Resolves a disputed (not received) or partial withdrawal: forced receipt or refund',
        description:
          'forced_receipt: counts as received; no security deposit is modelled, so nothing is returned. refund: what the member did not receive goes back to the main wallet (the whole amount for not received, the rest for a partial receipt).',
        headers: ApiHeaders,
        params: IdParams,
        body: ResolveBody,
        response: responses(OperatorWithdrawal, 401, 403),
      },
    },
    async (request) => {
      await resolveWithdrawal(
        db,
        recordAudit,
        reviewerOf(request),
        request.brand,
        request.params.id,
        request.body.outcome,
      );
      return ok(await operatorWithdrawal(db, request.brand.id, request.params.id));
    },
  );

  api.get(
    '/bo/v1/withdrawals/:id/proof',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "The member's proof image of a disputed withdrawal (PNG or JPG)",
        headers: ApiHeaders,
        params: IdParams,
        description:
          'Answers the image bytes (image/png or image/jpeg) with `cache-control: private, no-store`; failures answer the error envelope (withdrawal_not_found, not_found).',
      },
    },
    async (request, reply) => {
      const stored = await proofImageOf(db, request.brand.id, request.params.id);
      const path = uploads.finalPath(stored);
      const info = await stat(path).catch(() => null);
      if (!info) return sendError(request, reply, new AppError('not_found'));
      return reply
        .type(stored.endsWith('.png') ? 'image/png' : 'image/jpeg')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(path));
    },
  );
}
