import type { Tx } from '../../db/executor.ts';
import type { Member } from './member.ts';

/**
 * A check every login runs (password, SMS code, new-address verification, free play), inside the
 * transaction that starts the session, after the member's row is locked. An AppError it throws
 * refuses the login and nothing of it is written.
 */
export type LoginCheck = (trx: Tx, member: Member) => Promise<void>;

const checks: LoginCheck[] = [];

/** Published for other domains (exclusion: time-outs and self-exclusion). Registering twice keeps one. */
export function onLogin(check: LoginCheck): void {
  if (!checks.includes(check)) checks.push(check);
}

export async function runLoginChecks(trx: Tx, member: Member): Promise<void> {
  for (const check of checks) await check(trx, member);
}
