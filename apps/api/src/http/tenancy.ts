import { HEADER } from '@lotus/contracts/envelope';
import { type SupportedLanguage, textLanguage } from '@lotus/contracts/languages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { resolveBrand } from '../domains/brands/brand.service.ts';
import type { Brand } from '../domains/brands/brand.ts';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant of an API call, resolved from the Merchant header before any handler runs. */
    brand: Brand;
    /** The text language of the call (Language header; EN when absent or not shipped). */
    language: SupportedLanguage;
  }
}

const MERCHANT_CODE = /^[A-Za-z0-9_-]{1,32}$/;

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? undefined : value;
}

export function decorateTenancy(app: FastifyInstance) {
  app.decorateRequest('brand', null as unknown as Brand);
  app.decorateRequest('language', 'EN');
}

/**
 * Adds the brand resolution to every route of an API scope: a missing, repeated or unknown Merchant
 * header is refused with function.not.available before validation or any handler.
 */
export function requireBrand(scope: FastifyInstance, db: Db) {
  scope.addHook('onRequest', async (request) => {
    request.language = textLanguage(headerValue(request, HEADER.language));
    const merchant = headerValue(request, HEADER.merchant)?.trim();
    if (!merchant || !MERCHANT_CODE.test(merchant)) throw new AppError('function.not.available');
    const brand = await resolveBrand(db, merchant);
    if (!brand) throw new AppError('function.not.available');
    request.brand = brand;
  });
}
