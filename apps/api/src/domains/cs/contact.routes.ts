import { ContactBody, ContactCreated, ContactIdParams, MemberContactRequest } from '@lotus/contracts/cs';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import { submitterOf } from '../../http/submitter.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { memberContactRequest, memberContactRequests, submitContact } from './contact.service.ts';

const tags = ['cs'];

/** One address may leave 5 messages per 10 minutes (each also costs a solved human check). */
const CONTACT_LIMIT = { max: 5, timeWindow: 10 * 60_000 };

/** The contact form (live chat until the chat room exists) and a member's own requests. */
export function contactRoutes(api: Api, { members, rateLimits }: RouteDeps) {
  api.post(
    '/wps/cs/contact',
    {
      config: { rateLimit: rateLimits.csContact ?? CONTACT_LIMIT },
      onRequest: members.guards.optionalMember,
      schema: {
        tags,
        summary: 'Leaves a message for customer service (visitors and members; human check required)',
        description:
          "Name (1-60 characters), one way to be reached (`channel` mobile, email, whatsapp or telegram and its `contact` value; phone numbers without a country code are read in the brand's country and kept as E.164), a category and the message (1-500 characters). Sent with a member token the request is linked to the member. Refused without a solved human check (`captcha_check_failed`); field problems answer their code with `fieldErrors`. 5 per 10 minutes per address.",
        headers: ApiHeaders,
        body: ContactBody,
        response: responses(ContactCreated, 401),
      },
    },
    async (request) =>
      ok(await submitContact(members.db, members.humanCheck, submitterOf(request), request.body)),
  );

  api.get(
    '/wps/cs/contact',
    {
      onRequest: members.guards.requireToken,
      schema: {
        tags,
        summary: "The logged-in member's latest contact requests with their status",
        headers: ApiHeaders,
        response: responses(Type.Array(MemberContactRequest), 401),
      },
    },
    async (request) =>
      ok(await memberContactRequests(members.db, request.brand.id, request.member!.member.id)),
  );

  api.get(
    '/wps/cs/contact/:id',
    {
      onRequest: members.guards.requireToken,
      schema: {
        tags,
        summary: "One of the member's own contact requests (another's is contact_request_not_found)",
        headers: ApiHeaders,
        params: ContactIdParams,
        response: responses(MemberContactRequest, 401),
      },
    },
    async (request) =>
      ok(
        await memberContactRequest(
          members.db,
          request.brand.id,
          request.member!.member.id,
          request.params.id,
        ),
      ),
  );
}
