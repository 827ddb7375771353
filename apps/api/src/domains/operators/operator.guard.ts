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

async function resolveOperator(sessions: OperatorSessions, request: FastifyRequest) {
  const value = request.headers[HEADER.authorization];
  const token = typeof value === 'string' ? value.trim() : '';
  if (token === '') throw new AppError('operator_not_login');
  const operator = await sessions.resolve(token, request.brand.id);
  request.operator = operator;
  return operator;
}

/**
 * `guard(...roles)` is a route's `onRequest` hook (inside the brand scope): 401 operator_not_login
 * without a valid operator token of the request's brand, 403 operator_password_change_required while
 * the operator's password is a temporary one (an admin's reset), operator_forbidden when the role is
 * neither admin nor one of `roles`. `guard()` lets any logged-in operator in (reads).
 */
export function operatorGuard(sessions: OperatorSessions) {
  return (...roles: OperatorRole[]): OperatorGuard =>
    async (request) => {
      const operator = await resolveOperator(sessions, request);
      if (operator.mustChangePassword) throw new AppError('operator_password_change_required');
      if (roles.length > 0 && operator.role !== 'admin' && !roles.includes(operator.role)) {
        throw new AppError('operator_forbidden');
      }
    };
}

/**
 * Any logged-in operator, also one who must change a temporary password first: only for `me`,
 * logout and the password change itself.
 */
export function operatorSelfGuard(sessions: OperatorSessions): OperatorGuard {
  return async (request) => {
    await resolveOperator(sessions, request);
  };
}

/** The operator of a guarded route (the guard has run, so it is set). */
export function operatorOf(request: FastifyRequest): OperatorContext {
  if (!request.operator) throw new AppError('operator_not_login');
  return request.operator;
}
