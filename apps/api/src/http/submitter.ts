import type { FastifyRequest } from 'fastify';
import type { Brand } from '../domains/brands/brand.ts';

/** Who sent a public form (the contact form, the affiliate application). */
export type Submitter = {
  brand: Brand;
  ip: string;
  language: string;
  /** The logged-in member, when the form was sent with a token. */
  memberId: string | null;
};

/** The submitter of a call to a public form's route (guarded by optionalMember). */
export function submitterOf(request: FastifyRequest): Submitter {
  return {
    brand: request.brand,
    ip: request.ip,
    language: request.language,
    memberId: request.member?.member.id ?? null,
  };
}
