import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers. The CSP allows what the built React app needs (its own scripts and styles,
 * inline style attributes, images from the brand's CDNs, analytics, vendors' game pages in the game frame) and nothing
 * inline for scripts; the Swagger UI pages set their own stricter CSP (staticCSP).
 */
const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'", 'https://www.googletagmanager.com'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'https://www.google-analytics.com', 'https://*.google-analytics.com'],
      // Game pages of vendors (game-launch.ts): any https origin, and local vendors on loopback
      // (the house vendor of `npm start` answers on http://localhost:8081).
      frameSrc: ["'self'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
      // The altcha proof-of-work widget solves in web workers it may create from blob: URLs.
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets for these options, computed once: they do not depend on the request
 * (no nonces), and rebuilding helmet's middleware on every request, as @fastify/helmet does, cost
 * measurable CPU on the hottest calls.
 */
export function securityHeaders(options: HelmetOptions = OPTIONS): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return response;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/** Whether an answer must never be stored by a browser or a proxy: a token was sent, or back office. */
export function isPrivateCall(request: FastifyRequest): boolean {
  const token = request.headers.authorization;
  if (typeof token === 'string' ? token.trim() !== '' : token !== undefined) return true;
  return request.url === '/bo' || request.url.startsWith('/bo/');
}

export async function registerSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders();
  // On the raw response, as helmet does: a route's own header (the docs' CSP) still wins.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  // An answer to a call carrying a member or operator token, and every back-office answer, is
  // personal: `no-store` whatever the route set, errors included, so no shared cache or back
  // button shows it to someone else.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isPrivateCall(request)) {
      const current = reply.getHeader('cache-control');
      if (typeof current !== 'string' || !current.includes('no-store'))
        reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
