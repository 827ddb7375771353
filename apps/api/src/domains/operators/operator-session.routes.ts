import { CaptchaImage } from '@lotus/contracts/accounts';
import {
  ChangeOwnPasswordBody,
  OperatorInfo,
  OperatorLoginBody,
  OperatorLoginResult,
} from '@lotus/contracts/backoffice';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import { throttleKey } from '../../http/throttle.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { recordAudit } from './audit.repository.ts';
import { operatorOf } from './operator.guard.ts';
import { operatorInfo } from './operator.ts';
import { operatorLogin } from './operator-login.service.ts';
import { changeOwnPassword } from './operator-password.service.ts';
import { revokeOperatorSession } from './operator-session.repository.ts';

const tags = ['back office'];

/** Operator sessions of the back office: login with password and TOTP (or TOTP enrolment), me, logout. */
export function operatorSessionRoutes(api: Api, { operators }: RouteDeps) {
  api.post(
    '/bo/v1/session/login',
    {
      schema: {
        tags,
        summary: 'Operator login: username, password and authenticator code',
        description:
          'Without `totpCode` an operator who has TOTP answers operator_totp_required; one without TOTP yet ' +
          'gets `step: "enrol"` with the otpauth URI and its QR image and logs in by sending the same ' +
          'credentials with a code from the app. A code is accepted once. Attempts are refused ' +
          '(TOO_MANY_REQUESTS) per IP and per (username, IP) only; no account is ever locked. After 5 failed ' +
          'passwords or codes of a username from anywhere within 15 minutes, every login of that username ' +
          'answers operator_captcha_required until it brings `captchaId` and `captcha` from GET /bo/v1/session/captcha ' +
          '(unknown usernames are answered alike).',
        headers: ApiHeaders,
        body: OperatorLoginBody,
        response: responses(OperatorLoginResult, 401, 403),
      },
    },
    async (request) =>
      ok(await operatorLogin(operators, { brand: request.brand, ip: request.ip }, request.body)),
  );

  api.get(
    '/bo/v1/session/captcha',
    {
      schema: {
        tags,
        summary: 'An image captcha (base64 PNG) for the login form; at most one per second per client',
        description:
          'Asked for by the login once a username had too many failures (operator_captcha_required); open during ' +
          'maintenance like the rest of the back office.',
        headers: ApiHeaders,
        response: responses(CaptchaImage, 429),
      },
    },
    async (request) => {
      await operators.throttle.consume([['captchaPerClient', throttleKey(request.brand, 'bo', request.ip)]]);
      const { captchaId, image } = await operators.captcha.create(request.brand.id, request.ip);
      return ok({ captchaId, image });
    },
  );

  api.get(
    '/bo/v1/session/me',
    {
      onRequest: operators.selfGuard,
      schema: {
        tags,
        summary: 'The logged-in operator',
        description: 'Also answers while the password must be changed first (`mustChangePassword`).',
        headers: ApiHeaders,
        response: responses(OperatorInfo, 401),
      },
    },
    async (request) => ok(operatorInfo(operatorOf(request))),
  );

  api.put(
    '/bo/v1/me/password',
    {
      onRequest: operators.selfGuard,
      schema: {
        tags,
        summary: "Changes the operator's own password (ends the operator's other sessions)",
        description:
          'Needs the current password (operator_password_wrong; 10 tries per 15 minutes). The new one: 8 to ' +
          '128 characters with letters and digits, not containing the username (operator_password_weak), ' +
          'not the current one (operator_password_reused). Clears a forced change after an admin reset; ' +
          'audited. Answers the operator as `me` does.',
        headers: ApiHeaders,
        body: ChangeOwnPasswordBody,
        response: responses(OperatorInfo, 401),
      },
    },
    async (request) =>
      ok(
        await changeOwnPassword(
          operators,
          operatorOf(request),
          { brand: request.brand, ip: request.ip },
          request.body,
        ),
      ),
  );

  api.post(
    '/bo/v1/session/logout',
    {
      onRequest: operators.selfGuard,
      schema: {
        tags,
        summary: "Ends the operator's session of this token",
        headers: ApiHeaders,
        response: responses(Type.Boolean(), 401),
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      await operators.db.transaction().execute(async (trx) => {
        await revokeOperatorSession(trx, operator.sessionId);
        await recordAudit(trx, {
          brandId: operator.brandId,
          operatorId: operator.id,
          action: 'operator.logout',
          targetType: 'operator',
          targetId: operator.id,
          ip: request.ip,
        });
      });
      return ok(true);
    },
  );
}
