import { ApiHeaders } from '@lotus/contracts/envelope';
import {
  MessageIdParams,
  NewMessageBody,
  OperatorMessage,
  OperatorMessagePage,
  OperatorMessageQuery,
} from '@lotus/contracts/messages';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import { messageQueue, sendMessage, withdrawMessageById } from './message.service.ts';

const tags = ['back office: messages'];

/** The brand's messages to members under /bo/v1: every role reads, marketing and cs (and admin) send. */
export function messageAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  const { guard } = operators;

  api.get(
    '/bo/v1/messages',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'Messages of the brand, newest first, with their state, recipients and reads',
        headers: ApiHeaders,
        querystring: OperatorMessageQuery,
        response: responses(OperatorMessagePage, 401, 403),
      },
    },
    async (request) => ok(await messageQueue(db, request.brand.id, request.query)),
  );

  api.post(
    '/bo/v1/messages',
    {
      onRequest: guard('marketing', 'cs'),
      schema: {
        tags,
        summary:
          'Sends or schedules a message to every member (all) or to listed members (marketing, cs, admin)',
        description:
          'Title (1-120 characters) and HTML body (sanitised, 1-20,000 characters) in EN, MS and CN (MS and CN fall back to EN); `usernames` (1-1,000 members of the brand) for audience `members`, an unknown name refuses the message; `publishAt` up to a year ahead schedules it. Audited.',
        headers: ApiHeaders,
        body: NewMessageBody,
        response: responses(OperatorMessage, 401, 403),
      },
    },
    async (request) =>
      ok(await sendMessage(db, request.brand.id, { ...operatorOf(request), ip: request.ip }, request.body)),
  );

  api.post(
    '/bo/v1/messages/:id/withdraw',
    {
      onRequest: guard('marketing', 'cs'),
      schema: {
        tags,
        summary: 'Withdraws a message from every inbox (marketing, cs, admin); audited',
        headers: ApiHeaders,
        params: MessageIdParams,
        response: responses(OperatorMessage, 401, 403),
      },
    },
    async (request) =>
      ok(
        await withdrawMessageById(
          db,
          request.brand.id,
          { ...operatorOf(request), ip: request.ip },
          request.params.id,
        ),
      ),
  );
}
