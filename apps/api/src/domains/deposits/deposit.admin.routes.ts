import {
  DepositBankAccountBody,
  DepositIdParams,
  DepositMethodBody,
  DepositMethodSettings,
  NewDepositMethodBody,
  OperatorDeposit,
  OperatorDepositPage,
  OperatorDepositQuery,
  PaymentGateway,
  PaymentGatewayBody,
  RejectDepositBody,
} from '@lotus/contracts/deposits';
import { ApiHeaders } from '@lotus/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import {
  addBankAccount,
  approveDeposit,
  changeBankAccount,
  changeMethod,
  createMethod,
  depositDetail,
  depositQueue,
  depositReceipt,
  methodSettings,
  putGateway,
  type Reviewer,
  rejectDeposit,
} from './deposit.review.service.ts';

const tags = ['back office: deposits'];
const Created = Type.Object({ id: Type.String() });
const Done = Type.Object({ done: Type.Boolean() });
const GatewayCodeParams = Type.Object({ code: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }) });

function reviewer(request: FastifyRequest): Reviewer {
  return { ...operatorOf(request), ip: request.ip };
}

/** The deposit queue and review, and the deposit settings of admins, under /bo/v1. */
export function depositAdminRoutes(api: Api, { db, uploads, operators }: RouteDeps) {
  const { guard } = operators;

  api.get(
    '/bo/v1/deposits',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'The deposit queue of the brand, newest first',
        description:
          'Filters: status, methodId, member username, creation date range (UTC days, inclusive). Paged.',
        headers: ApiHeaders,
        querystring: OperatorDepositQuery,
        response: responses(OperatorDepositPage, 401, 403),
      },
    },
    async (request) => ok(await depositQueue(db, request.brand.id, request.query)),
  );

  api.get(
    '/bo/v1/deposits/:id',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'One deposit of the brand',
        headers: ApiHeaders,
        params: DepositIdParams,
        response: responses(OperatorDeposit, 401, 403),
      },
    },
    async (request) => ok(await depositDetail(db, request.brand.id, request.params.id)),
  );

  api.get(
    '/bo/v1/deposits/:id/receipt',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: "The member's receipt image of a bank transfer (PNG or JPEG; operators only)",
        headers: ApiHeaders,
        params: DepositIdParams,
      },
    },
    async (request, reply) => {
      const receipt = await depositReceipt(db, uploads, request.brand.id, request.params.id);
      return reply
        .type(receipt.mime)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .send(receipt.bytes);
    },
  );

  api.post(
    '/bo/v1/deposits/:id/approve',
    {
      onRequest: guard('finance'),
      schema: {
        tags,
        summary: 'Approves a pending deposit: credits the member once (finance, admin)',
        description:
          'The transition out of pending, the ledger credit `deposit:<id>` and the audit row commit together. A deposit no longer pending (approved, paid, rejected, cancelled) answers `deposit_state_invalid` and moves nothing.',
        headers: ApiHeaders,
        params: DepositIdParams,
        response: responses(OperatorDeposit, 401, 403, 503),
      },
    },
    async (request) => ok(await approveDeposit(db, request.brand.id, reviewer(request), request.params.id)),
  );

  api.post(
    '/bo/v1/deposits/:id/reject',
    {
      onRequest: guard('finance'),
      schema: {
        tags,
        summary: 'Rejects a pending deposit with a reason (finance, admin)',
        headers: ApiHeaders,
        params: DepositIdParams,
        body: RejectDepositBody,
        response: responses(OperatorDeposit, 401, 403),
      },
    },
    async (request) =>
      ok(
        await rejectDeposit(db, request.brand.id, reviewer(request), request.params.id, request.body.reason),
      ),
  );

  api.get(
    '/bo/v1/deposit-methods',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'Deposit methods (enabled or not), their bank accounts, and the payment gateways',
        description: 'Gateway secrets are never returned.',
        headers: ApiHeaders,
        response: responses(DepositMethodSettings, 401, 403),
      },
    },
    async (request) => ok(await methodSettings(db, request.brand)),
  );

  api.post(
    '/bo/v1/deposit-methods',
    {
      onRequest: guard('admin'),
      schema: {
        tags,
        summary: 'Adds a deposit method (admin)',
        description:
          'Refused with `deposit_method_invalid`: code in use, minimum not above zero or above the maximum, a gateway method without a gateway.',
        headers: ApiHeaders,
        body: NewDepositMethodBody,
        response: responses(Created, 401, 403),
      },
    },
    async (request) => ok({ id: await createMethod(db, request.brand, reviewer(request), request.body) }),
  );

  api.put(
    '/bo/v1/deposit-methods/:id',
    {
      onRequest: guard('admin'),
      schema: {
        tags,
        summary: "Changes a deposit method's name, limits, enabled flag, order and gateway (admin)",
        headers: ApiHeaders,
        params: DepositIdParams,
        body: DepositMethodBody,
        response: responses(Done, 401, 403),
      },
    },
    async (request) => {
      await changeMethod(db, request.brand, reviewer(request), request.params.id, request.body);
      return ok({ done: true });
    },
  );

  api.post(
    '/bo/v1/deposit-methods/:id/bank-accounts',
    {
      onRequest: guard('admin'),
      schema: {
        tags,
        summary: 'Adds a receiving bank account to a bank transfer method (admin)',
        headers: ApiHeaders,
        params: DepositIdParams,
        body: DepositBankAccountBody,
        response: responses(Created, 401, 403),
      },
    },
    async (request) =>
      ok({
        id: await addBankAccount(db, request.brand.id, reviewer(request), request.params.id, request.body),
      }),
  );

  api.put(
    '/bo/v1/deposit-bank-accounts/:id',
    {
      onRequest: guard('admin'),
      schema: {
        tags,
        summary: 'Changes a receiving bank account (admin)',
        headers: ApiHeaders,
        params: DepositIdParams,
        body: DepositBankAccountBody,
        response: responses(Done, 401, 403),
      },
    },
    async (request) => {
      await changeBankAccount(db, request.brand.id, reviewer(request), request.params.id, request.body);
      return ok({ done: true });
    },
  );

  api.put(
    '/bo/v1/payment-gateways/:code',
    {
      onRequest: guard('admin'),
      schema: {
        tags,
        summary: 'Creates or replaces a payment gateway and its callback secret (admin)',
        description:
          'The secret is stored encrypted and never returned; the audit log records only that it changed.',
        headers: ApiHeaders,
        params: GatewayCodeParams,
        body: PaymentGatewayBody,
        response: responses(PaymentGateway, 401, 403),
      },
    },
    async (request) =>
      ok(await putGateway(db, request.brand.id, reviewer(request), request.params.code, request.body)),
  );
}
