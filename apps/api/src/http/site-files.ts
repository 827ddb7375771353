import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { findMerchantCodeByDomain, resolveBrand } from '../domains/brands/brand.service.ts';

/**
 * The member site's pages a search engine may index (spec section 2), in the order listed there.
 * Left out: `/` (redirects to /index), /register.html (same page as /register), /promoDetail and
 * /rng (need a query), /game (an iframe of a launched game), /login and /helpmc (no content of
 * their own), and the member's own pages (behind a login).
 */
export const SITEMAP_ROUTES = [
  '/index',
  '/register',
  '/noticePage',
  '/vip',
  '/pointMall',
  '/lottery',
  '/vnlottery',
  '/seaLottery',
  '/elott',
  '/live',
  '/sports',
  '/fish',
  '/pvp',
  '/promotions',
  '/seamless',
  '/help',
  '/down',
  '/join',
] as const;

/** What a visitor without a token still reaches when the brand sends everyone else to /login. */
const LOGIN_WALL_ROUTES = ['/register'] as const;

/** Calls, the back office, docs and launched games are not pages to index. */
const DISALLOWED = ['/wps/', '/lgw/', '/bo/', '/backoffice/', '/docs', '/game'];

const ONE_HOUR = 'public, max-age=3600';

function escapeXml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

/**
 * The site's origin as the request reached it, built only from a host name that is one of a brand's
 * domains (so a forged Host header cannot put another site's address in these files) and a numeric port.
 */
function origin(request: FastifyRequest): string {
  const port = request.port;
  const defaultPort = request.protocol === 'https' ? 443 : 80;
  const hostname = request.hostname.toLowerCase();
  const host = hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
  return `${request.protocol}://${host}${port && port !== defaultPort ? `:${port}` : ''}`;
}

async function brandOfHost(db: Db, request: FastifyRequest) {
  const merchantCode = await findMerchantCodeByDomain(db, request.hostname);
  return merchantCode === null ? null : resolveBrand(db, merchantCode);
}

function notFound(reply: FastifyReply) {
  return reply
    .status(404)
    .type('text/plain; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send('Not found\n');
}

/**
 * /robots.txt and /sitemap.xml per brand: the host's brand domain decides what they list. On a host
 * that serves no brand, robots.txt forbids everything and there is no sitemap.
 */
export function registerSiteFiles(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const brand = await brandOfHost(db, request);
    const lines =
      brand === null
        ? ['User-agent: *', 'Disallow: /']
        : [
            'User-agent: *',
            'Allow: /',
            ...DISALLOWED.map((p) => `Disallow: ${p}`),
            '',
            `Sitemap: ${origin(request)}/sitemap.xml`,
          ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', ONE_HOUR)
      .send(`${lines.join('\n')}\n`);
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const brand = await brandOfHost(db, request);
    if (brand === null) return notFound(reply);
    const base = escapeXml(origin(request));
    const routes = brand.loginedToHomePage ? LOGIN_WALL_ROUTES : SITEMAP_ROUTES;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...routes.map((route) => `  <url><loc>${base}${route}</loc></url>`),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', ONE_HOUR).send(xml);
  });
}
