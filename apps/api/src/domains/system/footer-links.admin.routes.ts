import { FooterLinkList, FooterLinksBody } from '@lotus/contracts/content';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { ok, responses } from '../../http/envelope.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { operatorOf } from '../operators/operator.guard.ts';
import { footerLinks, saveFooterLinks } from './footer-links.admin.service.ts';

const tags = ['back office: content'];

/** The site footer's links under /bo/v1/content/footer-links: every role reads, marketing changes. */
export function footerLinksAdminRoutes(api: Api, { db, operators }: RouteDeps) {
  api.get(
    '/bo/v1/content/footer-links',
    {
      onRequest: operators.guard(),
      schema: {
        tags,
        summary: "The footer's links with their EN, MS and CN labels, in order",
        headers: ApiHeaders,
        response: responses(FooterLinkList, 401, 403),
      },
    },
    async (request) => ok(await footerLinks(db, request.brand.merchantCode)),
  );

  api.put(
    '/bo/v1/content/footer-links',
    {
      onRequest: operators.guard('marketing'),
      schema: {
        tags,
        summary:
          "Replaces the footer's links (marketing, admin); keys unique; audited; the site sees it at once",
        headers: ApiHeaders,
        body: FooterLinksBody,
        response: responses(FooterLinkList, 401, 403),
      },
    },
    async (request) =>
      ok(
        await saveFooterLinks(
          db,
          {
            id: operatorOf(request).id,
            brandId: request.brand.id,
            merchantCode: request.brand.merchantCode,
            ip: request.ip,
          },
          request.body,
        ),
      ),
  );
}
