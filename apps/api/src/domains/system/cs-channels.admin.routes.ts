import { CsChannelList, CsChannelsBody } from '@lotus/contracts/content';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import { csChannels, saveCsChannels } from './cs-channels.admin.service.ts';

const tags = ['back office: content'];

/** The right bar's customer-service channels under /bo/v1/content/cs-channels: every role reads, cs and marketing change. */
export function csChannelsAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  api.get(
    '/bo/v1/content/cs-channels',
    {
      onRequest: operators.guard(),
      schema: {
        tags,
        summary: 'Customer-service channels: live chat, WhatsApp, Telegram, VIP (members above rank 4)',
        headers: ApiHeaders,
        response: responses(CsChannelList, 401, 403),
      },
    },
    async (request) => ok(await csChannels(db, request.brand.id)),
  );

  api.put(
    '/bo/v1/content/cs-channels',
    {
      onRequest: operators.guard('cs', 'marketing'),
      schema: {
        tags,
        summary:
          'Replaces the channels (cs, marketing, admin); at most one of each type; audited; the site sees it at once',
        headers: ApiHeaders,
        body: CsChannelsBody,
        response: responses(CsChannelList, 401, 403),
      },
    },
    async (request) =>
      ok(
        await saveCsChannels(
          db,
          { id: operatorOf(request).id, brandId: request.brand.id, ip: request.ip },
          request.body,
        ),
      ),
  );
}
