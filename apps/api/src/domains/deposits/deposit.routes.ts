import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import {
  BankTransferForm,
  Deposit,
  DepositCreated,
  DepositIdParams,
  DepositPage,
  DepositPageQuery,
  DepositRequestBody,
  DepositSettings,
  RECEIPT_RULES,
} from '@lotus/contracts/deposits';
import { ApiHeaders } from '@lotus/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { uploadThrottle } from '../../lib/uploads/uploads.ts';
import { brandOrigin } from '../brands/brand-origin.ts';
import {
  cancelDeposit,
  type DepositFormPart,
  depositSettings,
  memberDeposit,
  memberDeposits,
  type PayLinks,
  requestDeposit,
  submitBankTransfer,
} from './deposit.service.ts';

const tags = ['deposits'];

/** Gateway and QR links point back at one of the brand's configured domains (never the call's Host). */
async function linksOf(db: Db, request: FastifyRequest): Promise<PayLinks> {
  return { origin: await brandOrigin(db, request.brand, request.host) };
}

// Bank transfer receipts: uploads of up to 5 MB each, so a member's address gets a few a minute.
const DEPOSIT_UPLOAD_LIMIT = { max: 6, timeWindow: 60_000 };

export function depositRoutes(api: Api, { db, uploads, members, rateLimits }: RouteDeps) {
  const { guards } = members;

  for (const method of ['GET', 'POST'] as const) {
    api.route({
      method,
      url: '/wps/relay/MCSFE_getDepositSettings',
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: "The brand's deposit methods for this member, with their limits",
        description:
          '`allowDeposit` is "N" when the brand offers no usable method. Each method carries its kind (`bank_transfer`, `gateway`, `qr`), `minAmount`/`maxAmount` as decimal strings of the currency scale (both inclusive), and for bank transfers the receiving bank accounts. Trial accounts are refused (`trial_account_restricted`).',
        headers: ApiHeaders,
        response: responses(DepositSettings, 401, 403),
      },
      handler: async (request) => ok(await depositSettings(db, request.brand)),
    });
  }

  api.post(
    '/wps/deposits',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: 'Starts a deposit by hosted payment gateway (redirect) or QR payment',
        description:
          "Creates a pending deposit; no money moves until the gateway's signed callback or an operator confirms it. A `gateway` method answers `redirectUrl` (the hosted payment page to open), a `qr` method answers `qrImage` (PNG data URL) and `qrPayload`. `clientRequestId` is the idempotency key: a repeat answers the same deposit (a double click creates one); the same id with another amount or method is `idempotency_mismatch`. Refusals create nothing: `deposit_method_unavailable`, `amount_invalid`, `deposit_amount_below_minimum`, `deposit_amount_above_maximum`.",
        headers: ApiHeaders,
        body: DepositRequestBody,
        response: responses(DepositCreated, 401, 403),
      },
    },
    async (request) => {
      const { member } = request.member!;
      return ok(await requestDeposit(db, request.brand, member, request.body, await linksOf(db, request)));
    },
  );

  api.post(
    '/wps/deposits/bank-transfer',
    {
      config: { rateLimit: rateLimits.depositUpload ?? DEPOSIT_UPLOAD_LIMIT },
      onRequest: guards.requireMember,
      preHandler: uploadThrottle(members.throttle),
      schema: {
        tags,
        summary: 'Declares a manual bank transfer with its receipt image (multipart/form-data)',
        description:
          "Fields `methodId`, `bankAccountId` (one of the method's receiving accounts), `amount`, `transferReference`, `clientRequestId` and the file `receipt` (PNG or JPG under 5 MB, checked by its bytes: `upload_type_invalid`, `upload_too_large`). The deposit stays pending until an operator approves or rejects it. A repeated `clientRequestId` answers the first deposit and stores no second image.",
        consumes: ['multipart/form-data'],
        headers: ApiHeaders,
        body: BankTransferForm,
        response: responses(DepositCreated, 401, 403, 429),
      },
      // The body is a stream read by the service, so the schema above is documentation only.
      validatorCompiler: (route) =>
        route.httpPart === 'body' ? () => true : TypeBoxValidatorCompiler(route),
    },
    async (request) => {
      const { member } = request.member!;
      const parts = request.parts({
        limits: { fileSize: RECEIPT_RULES.maxBytes, files: 1, fields: 8, fieldSize: 256, parts: 9 },
      }) as AsyncIterable<DepositFormPart>;
      return ok(await submitBankTransfer(db, uploads, request.brand, member, parts));
    },
  );

  api.get(
    '/wps/deposits',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: "The member's deposits, newest first",
        headers: ApiHeaders,
        querystring: DepositPageQuery,
        response: responses(DepositPage, 401, 403),
      },
    },
    async (request) => {
      const { member } = request.member!;
      const { page = 1, size = 20 } = request.query;
      return ok(await memberDeposits(db, request.brand, member, page, size));
    },
  );

  api.get(
    '/wps/deposits/:id',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: "One of the member's deposits, with where to pay while it is pending",
        description: "Another member's deposit answers `deposit_not_found`.",
        headers: ApiHeaders,
        params: DepositIdParams,
        response: responses(DepositCreated, 401, 403),
      },
    },
    async (request) => {
      const { member } = request.member!;
      return ok(
        await memberDeposit(db, request.brand, member, request.params.id, await linksOf(db, request)),
      );
    },
  );

  api.post(
    '/wps/deposits/:id/cancel',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: "Cancels one of the member's pending deposits",
        description:
          'Only a pending deposit can be cancelled (`deposit_state_invalid` otherwise); no money moves.',
        headers: ApiHeaders,
        params: DepositIdParams,
        response: responses(Deposit, 401, 403),
      },
    },
    async (request) => {
      const { member } = request.member!;
      return ok(await cancelDeposit(db, request.brand, member, request.params.id));
    },
  );
}
