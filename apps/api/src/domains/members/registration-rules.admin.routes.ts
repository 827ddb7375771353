import { RegistrationRules, RegistrationRulesBody } from '@lotus/contracts/content';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import { registrationRules, saveRegistrationRules } from './registration-rules.admin.service.ts';

const tags = ['back office: content'];

/** The registration field rules (spec §5) under /bo/v1/content/registration: every role reads, admins change. */
export function registrationRulesAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  api.get(
    '/bo/v1/content/registration',
    {
      onRequest: operators.guard(),
      schema: {
        tags,
        summary:
          'The rule of each register form field: enabled, required, pattern, minimum and maximum length',
        headers: ApiHeaders,
        response: responses(RegistrationRules, 401, 403),
      },
    },
    async (request) => ok(await registrationRules(db, request.brand.id)),
  );

  api.put(
    '/bo/v1/content/registration',
    {
      onRequest: operators.guard('admin'),
      schema: {
        tags,
        summary:
          'Replaces the rules of the fields sent (admin); checked, audited, used by the next registration',
        description:
          'A pattern must be `*` or a valid regular expression (at most 200 characters), 0 <= minLength <= maxLength <= 254, and username and password stay enabled and required; otherwise registration_rule_invalid with the field in fieldErrors.',
        headers: ApiHeaders,
        body: RegistrationRulesBody,
        response: responses(RegistrationRules, 401, 403),
      },
    },
    async (request) =>
      ok(
        await saveRegistrationRules(
          db,
          { id: operatorOf(request).id, brandId: request.brand.id, ip: request.ip },
          request.body,
        ),
      ),
  );
}
