import {
  EncryptedApiHeaders,
  FreePlayBody,
  LoginBody,
  LoginResult,
  LoginVerificationBody,
} from '@lotus/contracts/accounts';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { Type } from 'typebox';
import { callerOf } from '../../http/caller.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { freePlay, login, markFirstLogin, verifyLogin } from './login.service.ts';

const tags = ['members'];

export function sessionRoutes(api: Api, { members }: RouteDeps) {
  const { guards } = members;

  api.post(
    '/wps/session/login',
    {
      config: { encrypted: true },
      schema: {
        tags,
        summary: 'Logs in by username and password, or by mobile and SMS code (E)',
        headers: EncryptedApiHeaders,
        body: LoginBody,
        response: responses(LoginResult, 401, 403),
      },
    },
    async (request) => ok(await login(members, callerOf(request), request.body)),
  );

  api.post(
    '/wps/session/login/verification',
    {
      config: { encrypted: true },
      schema: {
        tags,
        summary: 'Completes a login from a new IP with the code sent to the bound mobile (E)',
        headers: EncryptedApiHeaders,
        body: LoginVerificationBody,
        response: responses(LoginResult, 401, 403),
      },
    },
    async (request) => ok(await verifyLogin(members, callerOf(request), request.body)),
  );

  api.post(
    '/wps/session/login/freeplay',
    {
      schema: {
        tags,
        summary: 'Free demo play: a new trial account (isAgent 4), logged in',
        headers: ApiHeaders,
        body: Type.Optional(FreePlayBody),
        response: responses(LoginResult),
      },
    },
    async (request) => ok(await freePlay(members, callerOf(request), request.body ?? {})),
  );

  api.post(
    '/wps/session/logout',
    {
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary: 'Ends the session of the token',
        headers: ApiHeaders,
        response: responses(Type.Boolean(), 401),
      },
    },
    async (request) => {
      if (request.member) await members.sessions.end(request.member.sessionId, 'logout');
      return ok(true);
    },
  );

  api.post(
    '/wps/member/firstLogin',
    {
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary: "Marks the member's first login (the web app calls it when firstTimeLogin is true)",
        headers: ApiHeaders,
        response: responses(Type.Object({ firstTimeLogin: Type.Boolean() }), 401),
      },
    },
    async (request) => ok(await markFirstLogin(members, request.member!.member)),
  );
}
