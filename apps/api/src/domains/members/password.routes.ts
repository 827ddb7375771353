import {
  ChangePasswordBody,
  EncryptedApiHeaders,
  ForgotByEmailBody,
  ForgotByPhoneBody,
  FundsPasswordBody,
  FundsPasswordResult,
  LoginResult,
  MessageResult,
  ResetPasswordBody,
  successMessage,
} from '@lotus/contracts/accounts';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { Type } from 'typebox';
import { callerOf } from '../../http/caller.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import {
  changePassword,
  forgotByEmail,
  resetByPhone,
  resetWithLink,
  setFundsPassword,
} from './password.service.ts';

const tags = ['members'];

export function passwordRoutes(api: Api, { members }: RouteDeps) {
  const { guards } = members;

  api.post(
    '/wps/member/password',
    {
      onRequest: guards.requireMember,
      config: { encrypted: true },
      schema: {
        tags,
        summary: 'Changes the password (T, E); other sessions end and a new token is returned',
        headers: EncryptedApiHeaders,
        body: ChangePasswordBody,
        response: responses(LoginResult, 401, 403),
      },
    },
    async (request) =>
      ok(await changePassword(members, callerOf(request), request.member!.member, request.body)),
  );

  api.post(
    '/wps/member/password/email',
    {
      schema: {
        tags,
        summary: 'Forgot password: e-mails a single-use reset link when username and e-mail match',
        headers: ApiHeaders,
        body: ForgotByEmailBody,
        response: responses(MessageResult),
      },
    },
    async (request) => {
      await forgotByEmail(members, callerOf(request), request.body);
      const message = successMessage('in_been_out', request.language);
      return { ...ok({ message }), message };
    },
  );

  api.post(
    '/wps/member/password/reset',
    {
      schema: {
        tags,
        summary: "Sets a new password with the e-mailed link's token (single use, 30 minutes)",
        headers: ApiHeaders,
        body: ResetPasswordBody,
        response: responses(Type.Boolean()),
      },
    },
    async (request) => {
      await resetWithLink(members, callerOf(request), request.body);
      return ok(true);
    },
  );

  api.post(
    '/wps/member/password/verification',
    {
      config: { encrypted: true },
      schema: {
        tags,
        summary: 'Forgot password by phone (E, CHNGPASSVERIF3): code from sms/noLogin; logs in',
        headers: EncryptedApiHeaders,
        body: ForgotByPhoneBody,
        response: responses(LoginResult, 403),
      },
    },
    async (request) => ok(await resetByPhone(members, callerOf(request), request.body)),
  );

  api.post(
    '/wps/member/fundsPassword',
    {
      onRequest: guards.requireMember,
      config: { encrypted: true },
      schema: {
        tags,
        summary: 'Sets (with the login password) or changes (with the old one) the funds password (T, E)',
        headers: EncryptedApiHeaders,
        body: FundsPasswordBody,
        response: responses(FundsPasswordResult, 401, 403),
      },
    },
    async (request) =>
      ok(await setFundsPassword(members, callerOf(request), request.member!.member, request.body)),
  );
}
