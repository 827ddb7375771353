import {
  AnnouncementBody,
  BannerBody,
  ContentAnnouncement,
  ContentAnnouncementList,
  ContentBanner,
  ContentBannerList,
  ContentIdParams,
  ContentPreview,
  ContentPreviewBody,
} from '@lotus/contracts/content';
import { ApiHeaders } from '@lotus/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import type { AuditOperator } from '../operators/audit.service.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import {
  addAnnouncement,
  addBanner,
  announcementsForOperator,
  bannersForOperator,
  changeAnnouncement,
  changeBanner,
  removeAnnouncement,
  removeBanner,
} from './announcement.admin.service.ts';

const tags = ['back office: content'];
const Removed = Type.Object({ id: Type.String() });

/** Who changes content: the operator, its brand (the request's) and its address. */
export function contentOperator(request: FastifyRequest): AuditOperator {
  const operator = operatorOf(request);
  return { id: operator.id, brandId: request.brand.id, ip: request.ip };
}

/**
 * Announcements, notices and banners under /bo/v1/content: every role reads, marketing (and admin)
 * change them; each change is audited and seen by the member site at once.
 */
export function announcementAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  const { guard } = operators;
  const editors = guard('marketing');

  api.get(
    '/bo/v1/content/announcements',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'Every announcement of the brand (active or not) with its EN, MS and CN texts',
        headers: ApiHeaders,
        response: responses(ContentAnnouncementList, 401, 403),
      },
    },
    async (request) => ok(await announcementsForOperator(db, request.brand.id)),
  );

  api.post(
    '/bo/v1/content/announcements',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Adds an announcement (marketing, admin); HTML sanitised; audited',
        description:
          'Types B (bulletin), PL (player notice), PU (popup), PR (promotion), H; execution A (members), B (visitors), F (first login); promotionType links it to that promotion.',
        headers: ApiHeaders,
        body: AnnouncementBody,
        response: responses(ContentAnnouncement, 401, 403),
      },
    },
    async (request) => ok(await addAnnouncement(db, contentOperator(request), request.body)),
  );

  api.put(
    '/bo/v1/content/announcements/:id',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Changes an announcement of the brand (marketing, admin); audited',
        headers: ApiHeaders,
        params: ContentIdParams,
        body: AnnouncementBody,
        response: responses(ContentAnnouncement, 401, 403),
      },
    },
    async (request) =>
      ok(await changeAnnouncement(db, contentOperator(request), request.params.id, request.body)),
  );

  api.delete(
    '/bo/v1/content/announcements/:id',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Deletes an announcement of the brand (marketing, admin); audited',
        headers: ApiHeaders,
        params: ContentIdParams,
        response: responses(Removed, 401, 403),
      },
    },
    async (request) => ok(await removeAnnouncement(db, contentOperator(request), request.params.id)),
  );

  api.get(
    '/bo/v1/content/banners',
    {
      onRequest: guard(),
      schema: {
        tags,
        summary: 'Every banner of the brand by group: home (carousel) and w_reg (login and register modals)',
        headers: ApiHeaders,
        response: responses(ContentBannerList, 401, 403),
      },
    },
    async (request) => ok(await bannersForOperator(db, request.brand.id)),
  );

  api.post(
    '/bo/v1/content/banners',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Adds a banner (marketing, admin); audited',
        headers: ApiHeaders,
        body: BannerBody,
        response: responses(ContentBanner, 401, 403),
      },
    },
    async (request) => ok(await addBanner(db, contentOperator(request), request.body)),
  );

  api.put(
    '/bo/v1/content/banners/:id',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Changes a banner of the brand (marketing, admin); audited',
        headers: ApiHeaders,
        params: ContentIdParams,
        body: BannerBody,
        response: responses(ContentBanner, 401, 403),
      },
    },
    async (request) => ok(await changeBanner(db, contentOperator(request), request.params.id, request.body)),
  );

  api.delete(
    '/bo/v1/content/banners/:id',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Deletes a banner of the brand (marketing, admin); audited',
        headers: ApiHeaders,
        params: ContentIdParams,
        response: responses(Removed, 401, 403),
      },
    },
    async (request) => ok(await removeBanner(db, contentOperator(request), request.params.id)),
  );

  api.post(
    '/bo/v1/content/preview',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'Rich text as the member site will show it (the same sanitiser); changes nothing',
        headers: ApiHeaders,
        body: ContentPreviewBody,
        response: responses(ContentPreview, 401, 403),
      },
    },
    async (request) => ok({ html: sanitizeRichText(request.body.html) }),
  );
}
