import { HEADER } from '@lotus/contracts/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { OperatorRole } from './operator.ts';
import type { OperatorContext, OperatorSessions } from './operator-session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in operator of a back-office call that passed `operators.guard` (null otherwise). */
    operator: OperatorContext | null;
  }
}

export function decorateOperator(app: FastifyInstance) {
  app.decorateRequest('operator', null);
}

export type OperatorGuard = (request: FastifyRequest) => Promise<void>;

/**
 * `guard(...roles)` is a route's `onRequest` hook (inside the brand scope): 401 operator_not_login
 * without a valid operator token of the request's brand, operator_forbidden when the role is
 * neither admin nor one of `roles`. `guard()` lets any logged-in operator in (reads).
 */
export function operatorGuard(sessions: OperatorSessions) {
  return (...roles: OperatorRole[]): OperatorGuard =>
    async (request) => {
      const value = request.headers[HEADER.authorization];
      const token = typeof value === 'string' ? value.trim() : '';
      if (token === '') throw new AppError('operator_not_login');
      const operator = await sessions.resolve(token, request.brand.id);
      request.operator = operator;
      if (roles.length > 0 && operator.role !== 'admin' && !roles.includes(operator.role)) {
        throw new AppError('operator_forbidden');
      }
    };
}

/** The operator of a guarded route (the guard has run, so it is set). */
export function operatorOf(request: FastifyRequest): OperatorContext {
  if (!request.operator) throw new AppError('operator_not_login');
  return request.operator;
}
