import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

const MAX_DEPTH = 32;

/** The name of the first string (value or key) holding a NUL character, or null. */
export function findNul(value: unknown, at = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at || 'request' : null;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findNul(value[i], `${at}${at ? '.' : ''}${i}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    const name = `${at}${at ? '.' : ''}${key}`;
    if (key.includes('\u0000')) return name;
    const found = findNul(inner, name, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in a call's body, query, path parameters
 * or headers is refused at the edge with 400 request_param_err, before validation or any handler
 * (sealed E bodies are checked once opened: this hook is registered after the one that opens them).
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const parts = {
      body: request.body,
      querystring: request.query,
      params: request.params,
      headers: request.headers,
    };
    for (const [part, value] of Object.entries(parts)) {
      const field = findNul(value);
      if (field) {
        throw new AppError('request_param_err', {
          fieldErrors: {
            [part === 'body' || part === 'querystring' ? field : `${part}.${field}`]:
              'errors.request_param_err',
          },
        });
      }
    }
  });
}
