import { ApiHeaders } from '@lotus/contracts/envelope';
import {
  BindReferralBody,
  InvitationPage,
  InvitationQuery,
  ReferralDetails,
  ReferralDetailsQuery,
} from '@lotus/contracts/referrals';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { bindReferral, invitations, referralDetails } from './referral.service.ts';

const tags = ['referrals'];

/** Adding a referrer: 10 tries a minute per address (codes are not for guessing). */
const BIND_LIMIT = { max: 10, timeWindow: 60_000 };

/** Invite friends: the member's code and link, its invitations, adding a referrer after registering. */
export function referralRoutes(api: Api, { db, members, rateLimits }: RouteDeps) {
  api.get(
    '/wps/relay/MCSFE_getReferralDetails',
    {
      onRequest: members.guards.requireToken,
      schema: {
        tags,
        summary: "The member's referral code (made on first ask with autoGenerate), invitations and link",
        headers: ApiHeaders,
        querystring: ReferralDetailsQuery,
        response: responses(ReferralDetails, 401),
      },
    },
    async (request) => {
      const member = request.member!.member;
      return ok(
        await referralDetails(
          db,
          request.brand,
          { id: member.id, isAgent: member.isAgent },
          request.host,
          request.query.autoGenerate !== false,
        ),
      );
    },
  );

  api.get(
    '/wps/referrals',
    {
      onRequest: members.guards.requireToken,
      schema: {
        tags,
        summary: "The member's invitations (friends' names masked) and the brand's rule",
        headers: ApiHeaders,
        querystring: InvitationQuery,
        response: responses(InvitationPage, 401),
      },
    },
    async (request) => ok(await invitations(db, request.brand, request.member!.member.id, request.query)),
  );

  api.post(
    '/wps/referrals/bind',
    {
      config: { rateLimit: rateLimits.referralBind ?? BIND_LIMIT },
      onRequest: members.guards.requireToken,
      schema: {
        tags,
        summary: 'Adds a referrer by code to an account registered without one, within the rule’s days',
        description:
          'Own code: `referral_self`; unknown code: `referral_code_invalid`; a referrer already, or too late: `referral_already_bound`.',
        headers: ApiHeaders,
        body: BindReferralBody,
        response: responses(Type.Object({ bound: Type.Literal(true) }), 401),
      },
    },
    async (request) => {
      const member = request.member!.member;
      return ok(
        await bindReferral(
          db,
          request.brand,
          { id: member.id, isAgent: member.isAgent },
          request.body.referralCode,
          request.ip,
        ),
      );
    },
  );
}
