import { ApiHeaders } from '@lotus/contracts/envelope';
import { InboxMessage, InboxPage, InboxQuery, MessageIdParams } from '@lotus/contracts/messages';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { hideMessage, inboxPage, readAllMessages, readMessage, unreadCount } from './message.service.ts';

const tags = ['messages'];

/** Marking read and deleting: 60 a minute per member's address is plenty for a person. */
const MESSAGE_WRITE_LIMIT = { max: 60, timeWindow: 60_000 };

/** The member's inbox (messageV2, platform information) and its unread count. */
export function messageRoutes(api: Api, { db, members, rateLimits }: RouteDeps) {
  const reader = (request: { brand: { id: string }; member: { member: { id: string } } | null }) => ({
    brandId: request.brand.id,
    memberId: request.member!.member.id,
  });

  for (const url of ['/wps/relay/CSP_unreadCount', '/wps/relay/EMFE_getInboxUnreadCount']) {
    api.get(
      url,
      {
        onRequest: members.guards.requireToken,
        schema: {
          tags,
          summary: "The number of unread messages in the member's inbox",
          description:
            'Broadcasts of the brand and messages sent to the member by name, published and not withdrawn, neither opened nor deleted by the member. The value is a number.',
          headers: ApiHeaders,
          response: responses(Type.Integer(), 401),
        },
      },
      async (request) => ok(await unreadCount(db, reader(request))),
    );
  }

  api.get(
    '/wps/messages',
    {
      onRequest: members.guards.requireToken,
      schema: {
        tags,
        summary: "The member's inbox, newest first (title and sanitised HTML body in the request's language)",
        headers: ApiHeaders,
        querystring: InboxQuery,
        response: responses(InboxPage, 401),
      },
    },
    async (request) => ok(await inboxPage(db, reader(request), request.query, request.language)),
  );

  api.post(
    '/wps/messages/:id/read',
    {
      config: { rateLimit: rateLimits.messageWrite ?? MESSAGE_WRITE_LIMIT },
      onRequest: members.guards.requireToken,
      schema: {
        tags,
        summary: "Opens one message of the member's inbox and marks it read",
        description:
          "A message the member cannot see (another member's, another brand's, withdrawn, deleted) answers `message_not_found`.",
        headers: ApiHeaders,
        params: MessageIdParams,
        response: responses(InboxMessage, 401),
      },
    },
    async (request) => ok(await readMessage(db, reader(request), request.params.id, request.language)),
  );

  api.post(
    '/wps/messages/read-all',
    {
      config: { rateLimit: rateLimits.messageWrite ?? MESSAGE_WRITE_LIMIT },
      onRequest: members.guards.requireToken,
      schema: {
        tags,
        summary: "Marks every message of the member's inbox read; answers the unread count",
        headers: ApiHeaders,
        response: responses(Type.Integer(), 401),
      },
    },
    async (request) => ok(await readAllMessages(db, reader(request))),
  );

  api.delete(
    '/wps/messages/:id',
    {
      config: { rateLimit: rateLimits.messageWrite ?? MESSAGE_WRITE_LIMIT },
      onRequest: members.guards.requireToken,
      schema: {
        tags,
        summary: "Deletes a message from the member's own inbox (others keep theirs)",
        headers: ApiHeaders,
        params: MessageIdParams,
        response: responses(Type.Null(), 401),
      },
    },
    async (request) => {
      await hideMessage(db, reader(request), request.params.id);
      return ok(null);
    },
  );
}
