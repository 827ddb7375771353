import { LoginResult } from '@lotus/contracts/accounts';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { Type } from 'typebox';
import { callerOf } from '../../http/caller.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { EXTERNAL_PROVIDERS } from './external.repository.ts';
import { ExternalLogin } from './external-login.service.ts';

const Provider = Type.Object({ provider: Type.Enum(EXTERNAL_PROVIDERS) });
const tags = ['members'];

export function externalRoutes(api: Api, { members }: RouteDeps) {
  const external = new ExternalLogin();

  api.get(
    '/wps/session/external/:provider/start',
    {
      schema: {
        tags,
        summary: "External sign-in, step 1: the provider's authorization URL (GOOGLELOGIN3 / FACEBOOKLOGIN3)",
        headers: ApiHeaders,
        params: Provider,
        querystring: Type.Object({ redirectUri: Type.String({ minLength: 8, maxLength: 2048 }) }),
        response: responses(Type.Object({ authorizationUrl: Type.String(), state: Type.String() })),
      },
    },
    async (request) =>
      ok(
        await external.start(members, callerOf(request), request.params.provider, request.query.redirectUri),
      ),
  );

  api.post(
    '/wps/session/external/:provider/callback',
    {
      schema: {
        tags,
        summary: 'External sign-in, step 2: the full callback URL the provider sent the browser to; logs in',
        headers: ApiHeaders,
        params: Provider,
        body: Type.Object({ callbackUrl: Type.String({ minLength: 8, maxLength: 4096 }) }),
        response: responses(LoginResult, 403),
      },
    },
    async (request) =>
      ok(
        await external.finish(members, callerOf(request), request.params.provider, request.body.callbackUrl),
      ),
  );
}
