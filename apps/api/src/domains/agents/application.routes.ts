import { AffiliateApplicationBody, AffiliateApplicationCreated } from '@lotus/contracts/agents';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { ok, responses } from '../../http/envelope.ts';
import { submitterOf } from '../../http/submitter.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { submitApplication } from './application.service.ts';

/** One address may send 3 applications per hour (each also costs a solved human check). */
const APPLICATION_LIMIT = { max: 3, timeWindow: 60 * 60_000 };

/** /join's "become an affiliate": the application form (visitors and members). */
export function applicationRoutes(api: Api, { members, rateLimits }: RouteDeps) {
  api.post(
    '/wps/agents/applications',
    {
      config: { rateLimit: rateLimits.affiliateApplication ?? APPLICATION_LIMIT },
      onRequest: members.guards.optionalMember,
      schema: {
        tags: ['agents'],
        summary: 'Applies to become an affiliate (human check required)',
        description:
          "Name (1-60 characters), 1-4 ways to be reached (distinct channels; phone numbers without a country code are read in the brand's country and kept as E.164), up to 5 websites or social channels (no spaces, up to 200 characters each), the players expected each month (1-1,000,000) and a message (up to 500 characters). Sent with a member token the application is linked to the member. Refused without a solved human check (`captcha_check_failed`). 3 per hour per address.",
        headers: ApiHeaders,
        body: AffiliateApplicationBody,
        response: responses(AffiliateApplicationCreated, 401),
      },
    },
    async (request) =>
      ok(await submitApplication(members.db, members.humanCheck, submitterOf(request), request.body)),
  );
}
