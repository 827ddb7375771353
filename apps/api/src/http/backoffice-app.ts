import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { findMerchantCodeByDomain } from '../domains/brands/brand.service.ts';
import { AppError } from './app-error.ts';
import { sendError } from './error-handler.ts';
import { HtmlVariants, IMMUTABLE, isCompressedSibling, looksLikeFile } from './static-files.ts';
import { withMerchantMeta } from './web-app.ts';

export const BACKOFFICE_PREFIX = '/backoffice/';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Back office not built</title></head>
<body><h1>The back office is not built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first), then reload this page.</p>
</body></html>`;

/**
 * Serves the built back office (apps/backoffice/dist) under /backoffice/: hashed assets cached for a
 * year, index.html (with the brand of the request's host in `<meta name="merchant">`, like the member
 * site) for every other path under the prefix, so the app's own router handles deep links.
 */
export async function registerBackofficeApp(app: FastifyInstance, options: { db: Db; dist: string }) {
  const indexFile = path.join(options.dist, 'index.html');
  const template = existsSync(indexFile) ? await readFile(indexFile, 'utf8') : null;
  const pages = new HtmlVariants();

  async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '';
    // A missing built file (/backoffice/assets/x.js, /backoffice/favicon.png) is a 404, not the app.
    if (looksLikeFile(`/${pathname.slice(BACKOFFICE_PREFIX.length)}`))
      return sendError(request, reply, new AppError('not_found'));
    if (template === null) {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT_PAGE);
    }
    const merchantCode = (await findMerchantCodeByDomain(options.db, request.hostname)) ?? '';
    return pages.send(request, reply, withMerchantMeta(template, merchantCode));
  }

  if (template !== null && existsSync(path.join(options.dist, 'assets'))) {
    await app.register(fastifyStatic, {
      root: path.join(options.dist, 'assets'),
      prefix: `${BACKOFFICE_PREFIX}assets/`,
      decorateReply: false,
      index: false,
      // One route per built file; every other path under the prefix is the SPA fallback below.
      wildcard: false,
      cacheControl: false,
      // The build's .br/.gz siblings (static-files.ts) are sent in place of their file, by Accept-Encoding.
      preCompressed: true,
      allowedPath: (pathname) => !isCompressedSibling(pathname),
      // Vite names every asset by its content hash: it never changes under the same URL.
      setHeaders: (res) => res.header('cache-control', IMMUTABLE),
    });
  }
  app.get('/backoffice', { schema: { hide: true } }, (_request, reply) =>
    reply.redirect(BACKOFFICE_PREFIX, 301),
  );
  app.get(`${BACKOFFICE_PREFIX}index.html`, { schema: { hide: true } }, sendIndex);
  app.get(`${BACKOFFICE_PREFIX}*`, { schema: { hide: true } }, sendIndex);
}
