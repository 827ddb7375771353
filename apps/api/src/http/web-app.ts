import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { findMerchantCodeByDomain } from '../domains/brands/brand.service.ts';
import { AppError } from './app-error.ts';
import { sendError } from './error-handler.ts';
import { registerSiteFiles } from './site-files.ts';
import { HtmlVariants, IMMUTABLE, isCompressedSibling, looksLikeFile } from './static-files.ts';

/** Paths that never fall back to the web app. */
const API_PREFIXES = ['/wps/', '/lgw/', '/bo/', '/docs'];

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Web app not built</title></head>
<body><h1>The web app is not built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first), then reload this page.</p>
</body></html>`;

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const MERCHANT_META = /<meta\s+name=["']merchant["'][^>]*>/i;

/** index.html with the brand of the request's host in `<meta name="merchant">` (empty when unknown). */
export function withMerchantMeta(html: string, merchantCode: string): string {
  const tag = `<meta name="merchant" content="${escapeAttribute(merchantCode)}">`;
  if (MERCHANT_META.test(html)) return html.replace(MERCHANT_META, tag);
  return html.replace(/<\/head>/i, `  ${tag}\n</head>`);
}

function isApiPath(url: string): boolean {
  return API_PREFIXES.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));
}

function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  // A missing file (/assets/x.js, /favicon.png, /x.map) is a 404, not the app's HTML.
  if (isApiPath(pathname) || looksLikeFile(pathname)) return false;
  const accept = request.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}

/**
 * Serves the built member web app from WEB_DIST: hashed files under /assets cached for a year,
 * other files revalidated, each file as its precompressed brotli or gzip sibling when the request
 * accepts one (static-files.ts), index.html for every page route with the brand's merchant code
 * filled in (compressed once per brand), robots.txt and sitemap.xml per brand (site-files.ts), and
 * 404 for any other path that names a file. Without a build, page routes answer 503 with instructions.
 */
export async function registerWebApp(app: FastifyInstance, options: { db: Db; webDist: string }) {
  const indexFile = path.join(options.webDist, 'index.html');
  const built = existsSync(indexFile);
  const template = built ? await readFile(indexFile, 'utf8') : null;
  const pages = new HtmlVariants();

  async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
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

  registerSiteFiles(app, { db: options.db });
  if (built) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      index: false,
      wildcard: true,
      cacheControl: false,
      preCompressed: true,
      // index.html goes through sendIndex; the .br/.gz siblings only ever stand in for their file.
      allowedPath: (pathname) => !isCompressedSibling(pathname) && pathname !== '/index.html',
      setHeaders: (res, filePath) => {
        const relative = path.relative(options.webDist, filePath).split(path.sep).join('/');
        res.header(
          'cache-control',
          relative.startsWith('assets/') ? IMMUTABLE : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }
  app.get('/', { schema: { hide: true } }, sendIndex);
  app.get('/index.html', { schema: { hide: true } }, sendIndex);

  app.setNotFoundHandler(async (request, reply) => {
    if (wantsPage(request)) return sendIndex(request, reply);
    return sendError(request, reply, new AppError('not_found'));
  });
}
