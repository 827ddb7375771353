import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { MemberServices } from '../../http/member-services.ts';
import { throttleKey } from '../../http/throttle.ts';
import { verifyPassword } from '../../lib/hashing.ts';
import type { Brand } from '../brands/brand.ts';
import type { Member } from './member.ts';

/** Relays that move money behind the member's funds password (wire-protocol.md). */
export const PASSWORD_CHECK_PREFIX = '/wps/relay/passwordCheck/';

export function passwordCheckUrl(relayName: string): string {
  return `${PASSWORD_CHECK_PREFIX}${relayName}`;
}

/**
 * Verifies the member's funds password before a money-moving relay runs. Every attempt counts
 * against the member and the address (a success clears the member's counter), so guessing stops
 * after a few tries; a member who never set one is told to set it.
 */
export async function checkFundsPassword(
  members: Pick<MemberServices, 'throttle'>,
  caller: { brand: Brand; ip: string },
  member: Member,
  password: string,
): Promise<void> {
  if (!member.fundsPasswordHash) throw new AppError('funds_password_required');
  const accountKey = throttleKey(caller.brand, member.id);
  await members.throttle.consume([
    ['fundsPasswordPerIp', throttleKey(caller.brand, caller.ip)],
    ['fundsPasswordPerAccount', accountKey],
  ]);
  if (!(await verifyPassword(member.fundsPasswordHash, password.trim()))) {
    throw new AppError('funds_password_wrong');
  }
  await members.throttle.reset('fundsPasswordPerAccount', accountKey);
}

/**
 * The preHandler of every `/wps/relay/passwordCheck/<NAME>` route: runs after the guard (the member
 * is known) and after the sealed body is opened and validated, before the relay's handler. The
 * password travels inside the encrypted body as `fundsPassword`, never in a header (headers end up
 * in proxy and access logs).
 */
export function requireFundsPassword(members: Pick<MemberServices, 'throttle'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const auth = request.member;
    if (!auth) throw new AppError('CUSTOMER_NOT_LOGIN');
    const body = request.body as { fundsPassword?: unknown } | null;
    const password = typeof body?.fundsPassword === 'string' ? body.fundsPassword : '';
    await checkFundsPassword(members, { brand: request.brand, ip: request.ip }, auth.member, password);
  };
}
