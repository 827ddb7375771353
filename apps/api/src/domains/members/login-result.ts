import type { LoginResult } from '@lotus/contracts/accounts';
import { isAgentType, TRIAL_TYPE } from '@lotus/contracts/accounts';
import type { Member } from './member.ts';

export function customerType(isAgent: number): string {
  return isAgent === TRIAL_TYPE ? 'TRIAL' : isAgentType(isAgent) ? 'AGENT' : 'MEMBER';
}

export function loginResult(
  member: Member,
  token: string,
  options: { passwordExpired: boolean; firstTimeLogin?: boolean },
): LoginResult {
  return {
    token,
    id: member.id,
    userName: member.username,
    customerType: customerType(member.isAgent),
    isAgent: member.isAgent,
    firstTimeLogin: options.firstTimeLogin ?? member.firstLoginAt === null,
    passwordExpired: options.passwordExpired,
    mustChangePassword: member.mustChangePassword,
    language: member.language ?? '',
  };
}
