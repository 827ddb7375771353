import { ApiHeaders } from '@lotus/contracts/envelope';
import {
  EndRequest,
  EndRequestBody,
  Exclusion,
  ExclusionBody,
  ProtectionBlocks,
  ProtectionSettings,
  ProtectionStatus,
} from '@lotus/contracts/protection';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import {
  acknowledgeRealityCheck,
  blocksOf,
  changeSettings,
  excludeMember,
  protectionStatus,
  requestEnd,
  settingsOf,
} from './exclusion.service.ts';

const tags = ['protection'];

/** A request to end an exclusion checks a password: 5 per 15 minutes per address. */
const END_REQUEST_LIMIT = { max: 5, timeWindow: 15 * 60_000 };
/** Exclusions and settings are rare: 20 a minute per address. */
const CHANGE_LIMIT = { max: 20, timeWindow: 60_000 };

/** The member's time and attention controls (docs/exclusion.md). */
export function protectionRoutes(api: Api, { db, members, rateLimits }: RouteDeps) {
  const auth = (request: { member: { member: { id: string }; sessionId: string } | null }) => ({
    memberId: request.member!.member.id,
    sessionId: request.member!.sessionId,
  });

  api.get(
    '/wps/protection/status',
    {
      onRequest: members.guards.requireToken,
      schema: {
        tags,
        summary: 'What a game asks at its round boundary: session limit and reality check',
        description:
          "The session start and the end the member's session limit sets (the member is logged out then), and whether a reality check is due: elapsed time and the net result of play (wins less stakes, slots, live and lottery) since login. While `realityCheck.due` is true play waits for `POST /wps/protection/reality-check/ack`.",
        headers: ApiHeaders,
        response: responses(ProtectionStatus, 401),
      },
    },
    async (request) => ok(await protectionStatus(db, request.brand, auth(request))),
  );

  api.post(
    '/wps/protection/reality-check/ack',
    {
      onRequest: members.guards.requireToken,
      schema: {
        tags,
        summary: 'The member acknowledged the reality check; play continues until the next interval',
        headers: ApiHeaders,
        response: responses(ProtectionStatus, 401),
      },
    },
    async (request) => ok(await acknowledgeRealityCheck(db, request.brand, auth(request))),
  );

  api.get(
    '/wps/protection/settings',
    {
      onRequest: members.guards.requireMember,
      schema: {
        tags,
        summary: "The member's session limit and reality-check interval (minutes, 0 = none)",
        headers: ApiHeaders,
        response: responses(ProtectionSettings, 401),
      },
    },
    async (request) => ok(await settingsOf(db, request.member!.member.id)),
  );

  api.put(
    '/wps/protection/settings',
    {
      config: { rateLimit: rateLimits.protectionChange ?? CHANGE_LIMIT },
      onRequest: members.guards.requireMember,
      schema: {
        tags,
        summary: 'Sets the session limit (15-1440 minutes) and reality-check interval (15-240), 0 = none',
        description: 'Effective at once for the current session; audited.',
        headers: ApiHeaders,
        body: ProtectionSettings,
        response: responses(ProtectionSettings, 401),
      },
    },
    async (request) =>
      ok(
        await changeSettings(db, { id: request.member!.member.id, brandId: request.brand.id }, request.body, {
          kind: 'member',
          id: request.member!.member.id,
          ip: request.ip,
        }),
      ),
  );

  api.post(
    '/wps/protection/exclusions',
    {
      config: { rateLimit: rateLimits.protectionChange ?? CHANGE_LIMIT },
      onRequest: members.guards.requireMember,
      schema: {
        tags,
        summary: 'Takes a time-out (24 hours to 6 weeks) or self-excludes (6 months or more, or indefinite)',
        description:
          "Effective at once: every session of the member ends (this token included), the vendors are told to close the member's game sockets, login is refused until the end (`member_timed_out`, `member_self_excluded` with `value.until`), no deposit or stake, no marketing. A time-out ends by itself; a self-exclusion ends only on the member's request after its term, a 24-hour cooling-off and an operator's approval. Two requests at once make one exclusion (`exclusion_already_active`).",
        headers: ApiHeaders,
        body: ExclusionBody,
        response: responses(Exclusion, 401),
      },
    },
    async (request) =>
      ok(
        await excludeMember(db, { id: request.member!.member.id, brandId: request.brand.id }, request.body, {
          kind: 'member',
          id: request.member!.member.id,
          ip: request.ip,
        }),
      ),
  );

  api.get(
    '/wps/protection/blocks',
    {
      onRequest: members.guards.requireToken,
      schema: {
        tags,
        summary: '"Why am I blocked": every active restriction with its end, one section per domain',
        headers: ApiHeaders,
        response: responses(ProtectionBlocks, 401),
      },
    },
    async (request) => ok(await blocksOf(db, request.brand.id, request.member!.member.id)),
  );

  api.post(
    '/wps/protection/end-requests',
    {
      config: { rateLimit: rateLimits.protectionEndRequest ?? END_REQUEST_LIMIT },
      schema: {
        tags,
        summary: 'A self-excluded member (who cannot log in) asks to end the exclusion after its term',
        description:
          'With the user name and password. Refused while the term runs (`exclusion_term_running`; an indefinite one: for its first 6 months); one pending request per exclusion (`exclusion_request_pending`). An operator decides after the 24-hour cooling-off.',
        headers: ApiHeaders,
        body: EndRequestBody,
        response: responses(EndRequest),
      },
    },
    async (request) => ok(await requestEnd(db, request.brand.id, request.body, request.ip)),
  );
}
