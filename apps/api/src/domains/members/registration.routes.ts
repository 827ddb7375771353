import {
  AffiliateCheck,
  EncryptedApiHeaders,
  LoginResult,
  RegisterByMobileBody,
  RegisterByUsernameBody,
  RegisterSettings,
} from '@lotus/contracts/accounts';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { Type } from 'typebox';
import { callerOf } from '../../http/caller.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { flagOn } from '../brands/brand.ts';
import { findAgentByAffiliateCode } from './member.repository.ts';
import { register } from './registration.service.ts';

const tags = ['members'];

export function registrationRoutes(api: Api, { members }: RouteDeps) {
  api.get(
    '/wps/system/setting/register',
    {
      schema: {
        tags,
        summary: 'Registration settings: the rule of each field and the registration flags (cached)',
        headers: ApiHeaders,
        response: responses(RegisterSettings),
      },
    },
    async (request) => {
      const { brand } = request;
      const policy = await members.policies.get(brand.id);
      return ok({
        fields: policy.fields,
        usernameRegistration: flagOn(brand, 'USERNAMEREG3'),
        mobileRegistration: flagOn(brand, 'MOBILENUMREG3'),
        smsVerification: flagOn(brand, 'REGMOBVERF3'),
        mobilePassword: flagOn(brand, 'MOBILENUMPASSREG3'),
        directRegistration: flagOn(brand, 'DIRECTREG3'),
        smsExpiredMinutes: members.sms.codeMinutes,
      });
    },
  );

  api.get(
    '/wps/agent/affiliate',
    {
      schema: {
        tags,
        summary: "Checks an agent's affiliate (invitation) code",
        headers: ApiHeaders,
        querystring: Type.Object({
          code: Type.String({ minLength: 1, maxLength: 64 }),
          domain: Type.Optional(Type.String({ maxLength: 255 })),
        }),
        response: responses(AffiliateCheck),
      },
    },
    async (request) => {
      const code = request.query.code.trim();
      const agent = await findAgentByAffiliateCode(members.db, request.brand.id, code);
      return ok({ valid: agent !== null, code });
    },
  );

  api.put(
    '/wps/member/register',
    {
      config: { encrypted: true },
      schema: {
        tags,
        summary: 'Registers by username (E: body sealed with crypto-envelope); logs the new member in',
        headers: EncryptedApiHeaders,
        body: RegisterByUsernameBody,
        response: responses(LoginResult, 401, 403),
      },
    },
    async (request) => ok(await register(members, callerOf(request), 'username', request.body)),
  );

  api.put(
    '/wps/member/register/mobile',
    {
      config: { encrypted: true },
      schema: {
        tags,
        summary: 'Registers by mobile number with its SMS code (E); logs the new member in',
        headers: EncryptedApiHeaders,
        body: RegisterByMobileBody,
        response: responses(LoginResult, 401, 403),
      },
    },
    async (request) => ok(await register(members, callerOf(request), 'mobile', request.body)),
  );
}
