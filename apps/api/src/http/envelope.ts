import type { Ok } from '@lotus/contracts/envelope';
import { Envelope, ErrorEnvelope } from '@lotus/contracts/envelope';
import type { TSchema } from 'typebox';

/** A handled success in the wire envelope. */
export function ok<T>(value: T): Ok<T> {
  return { success: true, value, message: '', errorCode: '' };
}

/**
 * The response schemas of a route: the success envelope and the error envelope for every status the
 * central error handler can produce, so OpenAPI and the serialiser know each answer.
 */
export function responses<T extends TSchema>(value: T, ...extraErrorStatuses: number[]) {
  const errors: Record<number, typeof ErrorEnvelope> = {};
  for (const status of [400, 404, 429, 500, ...extraErrorStatuses]) errors[status] = ErrorEnvelope;
  return { 200: Envelope(value), ...errors };
}
