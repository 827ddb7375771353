import { CaptchaImage, HumanCheckChallenge, SmsRequestBody, SmsSent } from '@lotus/contracts/accounts';
import { ApiHeaders } from '@lotus/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { AppError } from '../../http/app-error.ts';
import { callerOf } from '../../http/caller.ts';
import { ok, responses } from '../../http/envelope.ts';
import { throttleKey } from '../../http/throttle.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { toE164 } from '../../lib/phone.ts';
import { flagOn } from '../brands/brand.ts';
import { findMemberByMobile } from '../members/member.service.ts';
import type { SmsPurpose } from './sms.service.ts';

const tags = ['members'];

export function verificationRoutes(api: Api, { members }: RouteDeps) {
  const { throttle, sms, humanCheck, captcha, guards, db } = members;

  api.get(
    '/wps/system/humanCheck',
    {
      schema: {
        tags,
        summary: 'A proof-of-work challenge for the altcha widget (before registration and SMS)',
        headers: ApiHeaders,
        response: responses(HumanCheckChallenge),
      },
    },
    async (request, reply) => {
      await throttle.consume([['humanCheckPerIp', throttleKey(request.brand, request.ip)]]);
      reply.header('cache-control', 'no-store');
      const challenge = await humanCheck.challenge();
      return ok({ parameters: { ...challenge.parameters }, signature: challenge.signature ?? '' });
    },
  );

  api.get(
    '/wps/captcha',
    {
      schema: {
        tags,
        summary: 'An image captcha (base64 PNG) for the login form; at most one per second per client',
        headers: ApiHeaders,
        response: responses(CaptchaImage),
      },
    },
    async (request, reply) => {
      await throttle.consume([['captchaPerClient', throttleKey(request.brand, request.ip)]]);
      reply.header('cache-control', 'no-store');
      const { captchaId, image } = await captcha.create(request.brand.id, request.ip);
      return ok({ captchaId, image });
    },
  );

  /** Common to every SMS send: human check when asked, phone parsed, limits per phone and address. */
  const sendCode = async (
    request: FastifyRequest,
    purpose: SmsPurpose,
    options: { humanCheck: boolean; onlyIf?: (phone: string) => Promise<boolean> },
  ) => {
    const caller = callerOf(request);
    const body = request.body as Static<typeof SmsRequestBody>;
    const phone = toE164(body.mobileNum ?? body.mobileNo, body.countryDialingCode);
    // The human check first: junk checks must not use up a number's budget (a stranger could block it).
    if (options.humanCheck) await humanCheck.verify(body.humanCheck);
    await throttle.consume(
      [
        ['smsPerPhone', throttleKey(caller.brand, phone)],
        ['smsPerIp', throttleKey(caller.brand, caller.ip)],
      ],
      'phone_too_many_requests',
    );
    // Unknown numbers get the same answer, so the call cannot tell who is registered.
    if (options.onlyIf && !(await options.onlyIf(phone))) return ok({ expiredMinutes: 5 });
    return ok(await sms.send(caller.brand, phone, purpose, caller.language));
  };

  api.post(
    '/wps/verification/sms/register',
    {
      schema: {
        tags,
        summary: 'Sends a registration code to a mobile number (human check required)',
        headers: ApiHeaders,
        body: SmsRequestBody,
        response: responses(SmsSent),
      },
    },
    async (request) => {
      if (!flagOn(request.brand, 'MOBILENUMREG3') && !flagOn(request.brand, 'REGMOBVERF3')) {
        throw new AppError('feature_disabled');
      }
      const { brand } = request;
      return sendCode(request, 'register', {
        humanCheck: true,
        // A registered number gets no SMS and the same answer, so the call does not reveal who is
        // registered (registration itself refuses the number later).
        onlyIf: async (phone) => !(await findMemberByMobile(db, brand.id, phone)),
      });
    },
  );

  api.post(
    '/wps/verification/sms/noLogin',
    {
      schema: {
        tags,
        summary:
          'Sends a code to a registered mobile (human check required): SMS login and forgot password by phone',
        headers: ApiHeaders,
        body: SmsRequestBody,
        response: responses(SmsSent),
      },
    },
    async (request) => {
      const { brand } = request;
      if (!flagOn(brand, 'MOBILEVERCODELOGIN3') && !flagOn(brand, 'CHNGPASSVERIF3')) {
        throw new AppError('feature_disabled');
      }
      return sendCode(request, 'login', {
        humanCheck: true,
        onlyIf: async (phone) => (await findMemberByMobile(db, brand.id, phone)) !== null,
      });
    },
  );

  api.post(
    '/wps/verification/sms/bind',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: 'Sends a code to a number the member wants to bind (then PUT /wps/member/mobile)',
        headers: ApiHeaders,
        body: SmsRequestBody,
        response: responses(SmsSent, 401, 403),
      },
    },
    async (request) => sendCode(request, 'bind', { humanCheck: false }),
  );
}
