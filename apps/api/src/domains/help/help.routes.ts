import { ApiHeaders } from '@lotus/contracts/envelope';
import { HelpCenter } from '@lotus/contracts/system';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { helpCenter } from './help.service.ts';

export function helpRoutes(api: Api, { db }: RouteDeps) {
  api.get(
    '/wps/system/helpCenter',
    {
      schema: {
        tags: ['help'],
        summary: 'Help centre categories and articles (sanitised HTML) in the request language',
        headers: ApiHeaders,
        response: responses(HelpCenter),
      },
    },
    async (request) => ok(await helpCenter(db, request.brand.id, request.language)),
  );
}
