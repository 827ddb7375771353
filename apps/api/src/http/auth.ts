import { isAgentType, TRIAL_TYPE } from '@lotus/contracts/accounts';
import { HEADER } from '@lotus/contracts/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext, SessionService } from '../domains/members/session.service.ts';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in member of a call that passed one of the guards below (null otherwise). */
    member: AuthContext | null;
  }
}

export function decorateAuth(app: FastifyInstance) {
  app.decorateRequest('member', null);
}

function tokenOf(request: FastifyRequest): string | null {
  const value = request.headers[HEADER.authorization];
  if (typeof value !== 'string') return null;
  const token = value.trim();
  return token === '' ? null : token;
}

export type Guard = (request: FastifyRequest) => Promise<void>;

/**
 * Route guards (use as the route's `onRequest`, after the brand is known). Each one resolves the
 * Authorization token into `request.member`:
 * - requireToken: any logged-in account, trial included (info, balance, logout);
 * - requireMember: refuses trial accounts with trial_account_restricted;
 * - requireAgent: refuses non-agents with error_not_agent;
 * - optionalMember: resolves a token when one is sent, never refuses a visitor.
 */
export function guards(sessions: SessionService) {
  const authenticate = async (request: FastifyRequest): Promise<AuthContext> => {
    if (request.member) return request.member;
    const token = tokenOf(request);
    if (!token) throw new AppError('CUSTOMER_NOT_LOGIN');
    request.member = await sessions.resolve(token, request.brand.id);
    return request.member;
  };
  const requireToken: Guard = async (request) => {
    await authenticate(request);
  };
  const requireMember: Guard = async (request) => {
    const { member } = await authenticate(request);
    if (member.isAgent === TRIAL_TYPE) throw new AppError('trial_account_restricted');
  };
  const requireAgent: Guard = async (request) => {
    const { member } = await authenticate(request);
    if (!isAgentType(member.isAgent)) throw new AppError('error_not_agent');
  };
  const optionalMember: Guard = async (request) => {
    if (tokenOf(request)) await authenticate(request);
  };
  return { authenticate, requireToken, requireMember, requireAgent, optionalMember };
}
export type Guards = ReturnType<typeof guards>;
