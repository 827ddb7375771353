import { isAgentType } from '@lotus/contracts/accounts';
import { BANNER_GROUPS } from '@lotus/contracts/content';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { ANNOUNCEMENT_TYPES, AnnouncementList, EXECUTIONS, NoticeBundle } from '@lotus/contracts/system';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { announcementList, noticeBundle } from './announcement.service.ts';

const typeAlternatives = ANNOUNCEMENT_TYPES.join('|');

const AnnouncementQuery = Type.Object({
  types: Type.Optional(
    Type.String({
      pattern: `^(${typeAlternatives})(,(${typeAlternatives}))*$`,
      maxLength: 64,
      description: 'Comma-separated announcement types (B, PL, PU, PR, H); B when absent',
    }),
  ),
  platform: Type.Optional(Type.Literal('W', { description: 'W = web (the only platform served here)' })),
  execution: Type.Optional(
    Type.Enum(EXECUTIONS, { description: 'A members, B visitors (default), F first login, G agents' }),
  ),
  bannerGroup: Type.Optional(
    Type.Enum(BANNER_GROUPS, {
      description: 'The banners returned: home (default, the carousel) or w_reg (login and register modals)',
    }),
  ),
});

const tags = ['announcements'];

const isAgent = (request: { member: { member: { isAgent: number } } | null }) =>
  request.member !== null && isAgentType(request.member.member.isAgent);

export function announcementRoutes(api: Api, { db, members }: RouteDeps) {
  api.get(
    '/wps/system/notice',
    {
      onRequest: members.guards.optionalMember,
      schema: {
        tags,
        summary: 'Home page notices: player (B, PL), banners, popup (PU) and promotion (PR)',
        headers: ApiHeaders,
        querystring: AnnouncementQuery,
        response: responses(NoticeBundle, 401),
      },
    },
    async (request) => {
      const { types, platform = 'W', execution = 'B', bannerGroup = 'home' } = request.query;
      return ok(
        await noticeBundle(
          db,
          request.brand.id,
          {
            types,
            platform,
            execution,
            member: request.member !== null,
            agent: isAgent(request),
            bannerGroup,
          },
          request.language,
        ),
      );
    },
  );

  api.get(
    '/wps/relay/MCSFE_getListAnnouncements',
    {
      onRequest: members.guards.optionalMember,
      schema: {
        tags,
        summary: 'Announcement popup list for an audience (execution A, B or F)',
        headers: ApiHeaders,
        querystring: AnnouncementQuery,
        response: responses(AnnouncementList, 401),
      },
    },
    async (request) => {
      const { types, platform = 'W', execution = 'B' } = request.query;
      return ok(
        await announcementList(
          db,
          request.brand.id,
          { types, platform, execution, member: request.member !== null, agent: isAgent(request) },
          request.language,
        ),
      );
    },
  );
}
