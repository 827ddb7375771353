import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { EncryptedApiHeaders } from '@lotus/contracts/accounts';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { ID_PATTERN } from '@lotus/contracts/ids';
import {
  BankCard,
  BankCardInput,
  BankCardList,
  MemberWithdrawSettings,
  PageQuery,
  PartialReceiptBody,
  PROOF_IMAGE_RULES,
  TRANSFER_UPLINE_RELAY,
  TransferUplineBody,
  TransferUplineResult,
  UplineInfo,
  WITHDRAW_RELAY,
  Withdrawal,
  WithdrawalPage,
  WithdrawRequestBody,
} from '@lotus/contracts/withdrawals';
import { Type } from 'typebox';
import { callerOf } from '../../http/caller.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { uploadThrottle } from '../../lib/uploads/uploads.ts';
import { passwordCheckUrl, requireFundsPassword } from '../members/funds-password.ts';
import { confirmWithPassword, notifyChange } from '../members/sensitive-change.ts';
import {
  confirmPartial,
  confirmReceived,
  type ProofPart,
  reportNotReceived,
} from './confirmation.service.ts';
import { transferToUpline, uplineInfo } from './upline-transfer.service.ts';
import {
  addBankCard,
  listBankCards,
  memberWithdrawals,
  memberWithdrawSettings,
  removeBankCard,
  requestWithdrawal,
} from './withdrawal.service.ts';

const tags = ['withdrawals'];
export const IdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });

const FUNDS_PASSWORD_NOTE =
  'A passwordCheck relay (T, E): the sealed body carries `fundsPassword`, verified (argon2id, throttled per member and address) before the relay runs. No funds password set: `funds_password_required`; wrong: `funds_password_wrong`; either way nothing moves.';

/** The member's side of withdrawals, bank cards and transferUpline (spec §4). */
export function withdrawalRoutes(api: Api, { db, uploads, members }: RouteDeps) {
  const { guards } = members;
  const fundsPassword = requireFundsPassword(members);

  for (const method of ['GET', 'POST'] as const) {
    api.route({
      method,
      url: '/wps/relay/MCSFE_getWithdrawSettings',
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary:
          "The member's withdrawal limits: the brand's minimum and maximum amount and auto receipt, the daily count and total of the member's VIP level (else the brand's count)",
        headers: ApiHeaders,
        response: responses(MemberWithdrawSettings, 401),
      },
      handler: async (request) =>
        ok(await memberWithdrawSettings(db, request.brand, request.member!.member.id)),
    });
  }

  api.get(
    '/wps/member/bankCards',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: "The member's bank cards (account numbers masked) and the brand's maximum",
        headers: ApiHeaders,
        response: responses(BankCardList, 401, 403),
      },
    },
    async (request) => ok(await listBankCards(db, request.brand.id, request.member!.member.id)),
  );

  api.post(
    '/wps/member/bankCards',
    {
      onRequest: guards.requireMember,
      config: { encrypted: true },
      schema: {
        tags,
        summary: 'Adds a bank card (T, E)',
        description:
          "Bank name and account holder name (letters, digits, spaces and . , ' & ( ) / -), account number of 6 to 24 digits (spaces and dashes ignored). Needs the login password (`password`; wrong or missing: `old_password_wrong`), and the member's e-mail and mobile are told. Refused: more than the brand's maximum cards (`bank_card_limit`), an account number already bound in this brand (`bank_card_duplicate`).",
        headers: EncryptedApiHeaders,
        body: BankCardInput,
        response: responses(BankCard, 401, 403),
      },
    },
    async (request) => {
      const { member } = request.member!;
      const caller = callerOf(request);
      const { password, ...card } = request.body;
      await confirmWithPassword(members, caller, member, password);
      const added = await addBankCard(db, request.brand.id, member.id, card);
      await notifyChange(members, caller, member, 'bank_card');
      return ok(added);
    },
  );

  api.delete(
    '/wps/member/bankCards/:id',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: "Removes (disables) one of the member's bank cards; past withdrawals keep its details",
        headers: ApiHeaders,
        params: IdParams,
        response: responses(Type.Boolean(), 401, 403),
      },
    },
    async (request) => {
      await removeBankCard(db, request.brand.id, request.member!.member.id, request.params.id);
      return ok(true);
    },
  );

  api.post(
    passwordCheckUrl(WITHDRAW_RELAY),
    {
      onRequest: guards.requireMember,
      preHandler: fundsPassword,
      config: { encrypted: true },
      schema: {
        tags,
        summary: "Requests a withdrawal to one of the member's bank cards; the amount is held at once",
        description: `${FUNDS_PASSWORD_NOTE} The amount must be within MCSFE_getWithdrawSettings; it leaves the main wallet for the withdrawal hold at once (insufficient balance: \`insufficient_balance\`, nothing stored). The same clientRequestId again answers the first withdrawal.`,
        headers: EncryptedApiHeaders,
        body: WithdrawRequestBody,
        response: responses(Withdrawal, 401, 403),
      },
    },
    async (request) => {
      const { member } = request.member!;
      return ok(
        await requestWithdrawal(
          db,
          request.brand,
          { id: member.id, brandId: member.brandId, isAgent: member.isAgent },
          request.body,
        ),
      );
    },
  );

  api.get(
    '/wps/member/withdrawals',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: "The member's withdrawals, newest first, with status and confirmation",
        headers: ApiHeaders,
        querystring: PageQuery,
        response: responses(WithdrawalPage, 401, 403),
      },
    },
    async (request) =>
      ok(await memberWithdrawals(db, request.brand.id, request.member!.member.id, request.query)),
  );

  const scopeOf = (
    request: { brand: { id: string }; member: { member: { id: string } } | null },
    id: string,
  ) => ({
    brandId: request.brand.id,
    memberId: request.member!.member.id,
    withdrawalId: id,
  });

  api.post(
    '/wps/member/withdrawals/:id/received',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: 'Confirms that a paid withdrawal was received in full',
        headers: ApiHeaders,
        params: IdParams,
        response: responses(Withdrawal, 401, 403),
      },
    },
    async (request) => ok(await confirmReceived(db, scopeOf(request, request.params.id))),
  );

  api.post(
    '/wps/member/withdrawals/:id/partial',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: 'Reports that only part of a paid withdrawal arrived (an operator resolves it)',
        headers: ApiHeaders,
        params: IdParams,
        body: PartialReceiptBody,
        response: responses(Withdrawal, 401, 403),
      },
    },
    async (request) =>
      ok(await confirmPartial(db, scopeOf(request, request.params.id), request.body.receivedAmount)),
  );

  api.put(
    '/wps/member/withdrawals/:id/notReceived',
    {
      onRequest: guards.requireMember,
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      preHandler: uploadThrottle(members.throttle),
      schema: {
        tags,
        summary: 'Reports a paid withdrawal as not received, with a proof image (multipart/form-data)',
        description:
          'Parts: `image` (PNG or JPG under 5 MB, checked by its bytes) and optional `note`. The withdrawal goes back to operator review as a dispute.',
        consumes: ['multipart/form-data'],
        headers: ApiHeaders,
        params: IdParams,
        body: Type.Object({
          image: Type.String({ format: 'binary' }),
          note: Type.Optional(Type.String({ maxLength: PROOF_IMAGE_RULES.noteMax })),
        }),
        response: responses(Withdrawal, 401, 403),
      },
      // The body is a stream read by the service, so its schema above is documentation only.
      validatorCompiler: (route) =>
        route.httpPart === 'body' ? () => true : TypeBoxValidatorCompiler(route),
    },
    async (request) => {
      const parts = request.parts({
        limits: { fileSize: PROOF_IMAGE_RULES.maxBytes, files: 1, fields: 2, fieldSize: 2048, parts: 3 },
      }) as AsyncIterable<ProofPart>;
      return ok(await reportNotReceived(db, uploads, scopeOf(request, request.params.id), parts));
    },
  );

  api.get(
    '/wps/member/upline',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: 'Whether the member has an upline agent to transfer funds to, and its username',
        headers: ApiHeaders,
        response: responses(UplineInfo, 401, 403),
      },
    },
    async (request) => ok(uplineInfo(request.member!.member)),
  );

  api.post(
    passwordCheckUrl(TRANSFER_UPLINE_RELAY),
    {
      onRequest: guards.requireMember,
      preHandler: fundsPassword,
      config: { encrypted: true },
      schema: {
        tags,
        summary: "Transfers funds from the member's main wallet to its upline agent's main wallet",
        description: `${FUNDS_PASSWORD_NOTE} A member without an upline: \`upline_not_found\`. The same clientRequestId again answers the first transfer.`,
        headers: EncryptedApiHeaders,
        body: TransferUplineBody,
        response: responses(TransferUplineResult, 401, 403),
      },
    },
    async (request) => ok(await transferToUpline(db, request.brand, request.member!.member, request.body)),
  );
}
