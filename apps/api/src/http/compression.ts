import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** API answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers of at least 1 KiB on the fly (brotli at quality 4, then gzip, by the
 * request's Accept-Encoding; text/event-stream never). Request bodies are not decompressed: the
 * seamless wallet and payment callbacks verify a signature over the raw bytes they receive.
 * Routes of the built apps are left out: their files are compressed once at build time and sent as
 * they are (static-files.ts), and index.html carries its own encoding.
 *
 * Must be registered before the routes it applies to (it hooks route creation).
 */
export async function registerCompression(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (isBuiltFileRoute(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}

/** The routes @fastify/static creates for the web app (its wildcard) and the back office's files. */
function isBuiltFileRoute(url: string | undefined): boolean {
  return url === '/*' || (url?.startsWith('/backoffice/assets/') ?? false);
}
