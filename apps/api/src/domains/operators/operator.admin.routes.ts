import {
  CreateOperatorBody,
  IdParams,
  OperatorActiveBody,
  OperatorPasswordReset,
  OperatorSummary,
} from '@lotus/contracts/backoffice';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import {
  createBrandOperator,
  operatorList,
  resetOperatorTotp,
  setBrandOperatorActive,
} from './operator.admin.service.ts';
import { operatorOf } from './operator.guard.ts';
import { resetOperatorPassword } from './operator-password.service.ts';

const tags = ['back office'];

/** Operator management, for admins only. */
export function operatorAdminRoutes(api: Api, { operators }: RouteDeps) {
  const adminOnly = operators.guard('admin');

  api.get(
    '/bo/v1/operators',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "The brand's operators",
        headers: ApiHeaders,
        response: responses(Type.Array(OperatorSummary), 401, 403),
      },
    },
    async (request) => ok(await operatorList(operators, operatorOf(request).brandId)),
  );

  api.post(
    '/bo/v1/operators',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Creates an operator with a role (TOTP is enrolled at its first login)',
        headers: ApiHeaders,
        body: CreateOperatorBody,
        response: responses(OperatorSummary, 401, 403),
      },
    },
    async (request) =>
      ok(await createBrandOperator(operators, operatorOf(request), request.ip, request.body)),
  );

  api.post(
    '/bo/v1/operators/:id/totp/reset',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Clears an operator's authenticator: the next login enrols a new one",
        headers: ApiHeaders,
        params: IdParams,
        response: responses(OperatorSummary, 401, 403),
      },
    },
    async (request) =>
      ok(await resetOperatorTotp(operators, operatorOf(request), request.ip, request.params.id)),
  );

  api.post(
    '/bo/v1/operators/:id/password',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "Resets another operator's password to a temporary one, shown once",
        description:
          'Ends every session of that operator, who must choose a new password at the next login (until then ' +
          'only `me`, logout and PUT /bo/v1/me/password answer: operator_password_change_required). Audited ' +
          "(without the password). Not for the admin's own account (operator_forbidden): use PUT /bo/v1/me/password.",
        headers: ApiHeaders,
        params: IdParams,
        response: responses(OperatorPasswordReset, 401, 403),
      },
    },
    async (request) =>
      ok(await resetOperatorPassword(operators, operatorOf(request), request.ip, request.params.id)),
  );

  api.put(
    '/bo/v1/operators/:id/active',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Activates or deactivates an operator (deactivation ends its sessions)',
        headers: ApiHeaders,
        params: IdParams,
        body: OperatorActiveBody,
        response: responses(OperatorSummary, 401, 403),
      },
    },
    async (request) =>
      ok(
        await setBrandOperatorActive(
          operators,
          operatorOf(request),
          request.ip,
          request.params.id,
          request.body.active,
        ),
      ),
  );
}
