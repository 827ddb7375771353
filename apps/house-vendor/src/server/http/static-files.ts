import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Game pages not built</title></head>
<body><h1>The game pages are not built yet</h1>
<p>Run <code>npm run build -w @lotus/house-vendor</code>, then reload this page.</p></body></html>`;

type Encoding = 'br' | 'gzip' | 'identity';

function chooseEncoding(header: string | string[] | undefined): Encoding {
  if (typeof header !== 'string' || header.trim() === '') return 'identity';
  return (negotiate(header.toLowerCase(), ['br', 'gzip', 'identity']) as Encoding | null) ?? 'identity';
}

/**
 * The built game pages (web/dist): files under /assets/ carry their content hash in their name and
 * are cached for a year (immutable), sent as the build's brotli or gzip sibling when the request
 * accepts it (@fastify/static preCompressed, the same as the platform's static files); the one HTML
 * page (both routes, /play/:game and /verify) is compressed once in memory and revalidated on every
 * load.
 */
export async function registerGamePages(app: FastifyInstance, dist: string) {
  const indexFile = path.join(dist, 'index.html');
  const html = existsSync(indexFile) ? await readFile(indexFile) : null;
  const variants = html
    ? {
        identity: html,
        br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(html, { level: 9 }),
      }
    : null;

  if (html && existsSync(path.join(dist, 'assets'))) {
    await app.register(fastifyStatic, {
      root: path.join(dist, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      wildcard: false,
      cacheControl: false,
      preCompressed: true,
      allowedPath: (pathname) => !/\.(br|gz)$/i.test(pathname),
      setHeaders: (res) => res.header('cache-control', IMMUTABLE),
    });
  }

  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    if (!variants) {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT_PAGE);
    }
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(variants[encoding]);
  };
  app.get('/play/:game', sendPage);
  app.get('/verify', sendPage);
}
