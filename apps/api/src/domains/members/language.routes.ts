import { ApiHeaders } from '@lotus/contracts/envelope';
import { UpdateLanguageBody, UpdateLanguageResult } from '@lotus/contracts/system';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { updateLanguage } from './language.service.ts';

export function languageRoutes(api: Api, { rateLimits }: RouteDeps) {
  api.put(
    '/wps/member/language',
    {
      config: { rateLimit: rateLimits.language },
      schema: {
        tags: ['member'],
        summary: "Records the visitor's language choice (one of the brand's UI languages)",
        headers: ApiHeaders,
        body: UpdateLanguageBody,
        response: responses(UpdateLanguageResult),
      },
    },
    async (request) => ok(updateLanguage(request.brand, request.body.language)),
  );
}
