import type { FastifyInstance } from 'fastify';

/**
 * Headers of every answer. The game pages live in the platform's iframe, so `frame-ancestors` names
 * the platform's origins (from the configuration, never `*`) and no X-Frame-Options is sent (it
 * would forbid the frame). The page's URL carries the single-use launch token, so no Referer ever
 * leaves the page. PixiJS runs without eval (pixi.js/unsafe-eval is imported), so scripts are 'self'
 * only; textures and sounds made at run time come as data: or blob: URLs.
 */
export function securityHeaders(frameAncestors: readonly string[]): [string, string][] {
  const csp = [
    "default-src 'self'",
    "base-uri 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "connect-src 'self' data: blob:",
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.join(' ')}`,
  ].join('; ');
  return [
    ['content-security-policy', csp],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'no-referrer'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
    ['origin-agent-cluster', '?1'],
  ];
}

export function registerSecurityHeaders(app: FastifyInstance, frameAncestors: readonly string[]) {
  const headers = securityHeaders(frameAncestors);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
