import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How the built web app and back office are served (see web-app.ts, backoffice-app.ts):
 * - every text file of a build has a brotli (.br) and a gzip (.gz) sibling written once by the Vite
 *   build (vite-plugin-compression2); @fastify/static's `preCompressed` sends the one the request's
 *   Accept-Encoding prefers (br, then gzip, then the file itself) with `Vary: Accept-Encoding`, the
 *   original file's Content-Type and the sent file's Content-Length;
 * - index.html differs per brand (its merchant meta), so each brand's page is compressed once in
 *   memory and sent the same way (HtmlVariants);
 * - files under /assets/ carry their content hash in their name and are cached for a year.
 */

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Encodings the platform sends, in its order of preference when the client accepts several. */
const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];

/**
 * The encoding to send for an Accept-Encoding header: br over gzip over identity, respecting q-values
 * (`br;q=0` refuses brotli; `*` stands for any). No header means identity.
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  if (typeof acceptEncoding !== 'string' || acceptEncoding.trim() === '') return 'identity';
  return negotiate(acceptEncoding.toLowerCase(), [...ENCODINGS]) ?? 'identity';
}

/** The precompressed siblings are served in place of their file, never under their own name. */
export function isCompressedSibling(pathname: string): boolean {
  return /\.(br|gz)$/i.test(pathname);
}

/**
 * A path that names a file (an extension in its last segment, or anything under /assets/) and so
 * must never fall back to the app's HTML when no such file exists (dotfiles such as /.env included).
 * `.html` paths are page routes of the spec (/register.html) and stay pages.
 */
export function looksLikeFile(pathname: string): boolean {
  if (pathname.startsWith('/assets/')) return true;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  if (dot === -1 || dot === last.length - 1) return false;
  return last.slice(dot + 1).toLowerCase() !== 'html';
}

type Variants = { identity: Buffer; br: Buffer; gzip: Buffer };

/**
 * Brotli and gzip of a page, computed once per distinct page (one per brand, as the merchant meta is
 * the only part that varies) and kept; at most `limit` pages are kept, the oldest dropped first.
 */
export class HtmlVariants {
  readonly #cache = new Map<string, Variants>();
  readonly #limit: number;

  constructor(limit = 256) {
    this.#limit = limit;
  }

  get(html: string): Variants {
    let variants = this.#cache.get(html);
    if (variants === undefined) {
      const identity = Buffer.from(html, 'utf8');
      variants = {
        identity,
        br: brotliCompressSync(identity, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          },
        }),
        gzip: gzipSync(identity, { level: 9 }),
      };
      if (this.#cache.size >= this.#limit) {
        const oldest = this.#cache.keys().next().value;
        if (oldest !== undefined) this.#cache.delete(oldest);
      }
      this.#cache.set(html, variants);
    }
    return variants;
  }

  /** Sends the page in the encoding the request prefers, revalidated on every load (no-cache). */
  send(request: FastifyRequest, reply: FastifyReply, html: string) {
    const variants = this.get(html);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const body = variants[encoding];
    reply
      .status(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding')
      .header('content-length', body.length);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(body);
  }
}
