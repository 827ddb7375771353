import { TRIAL_TYPE } from '@lotus/contracts/accounts';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { UpdateLanguageBody, UpdateLanguageResult } from '@lotus/contracts/system';
import { callerOf } from '../../http/caller.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { storeLanguage } from './member.service.ts';

const LANGUAGE_LIMIT = { max: 30, timeWindow: 60_000 };

export function languageRoutes(api: Api, { rateLimits, members }: RouteDeps) {
  api.put(
    '/wps/member/language',
    {
      config: { rateLimit: rateLimits.language ?? LANGUAGE_LIMIT },
      onRequest: members.guards.optionalMember,
      schema: {
        tags: ['member'],
        summary:
          "Records the language choice (one of the brand's UI languages); stored on a member's account",
        headers: ApiHeaders,
        body: UpdateLanguageBody,
        response: responses(UpdateLanguageResult, 401),
      },
    },
    async (request) => {
      const account = request.member?.member ?? null;
      // Trial accounts keep the choice in the browser only.
      const member = account && account.isAgent !== TRIAL_TYPE ? account : null;
      return ok(await storeLanguage(members, callerOf(request), member, request.body.language));
    },
  );
}
