import { randomInt } from 'node:crypto';
import {
  type ChangeOwnPasswordBody,
  type OperatorInfo,
  type OperatorPasswordReset,
  operatorPasswordProblem,
} from '@lotus/contracts/backoffice';
import { AppError } from '../../http/app-error.ts';
import { throttleKey } from '../../http/throttle.ts';
import { hashPassword, verifyPassword } from '../../lib/hashing.ts';
import type { Brand } from '../brands/brand.ts';
import { recordAudit } from './audit.repository.ts';
import { summaryOf } from './operator.admin.service.ts';
import { findOperatorById, setOperatorPassword } from './operator.repository.ts';
import { operatorInfo } from './operator.ts';
import type { OperatorServices } from './operator-services.ts';
import { revokeOperatorSessions, revokeOtherOperatorSessions } from './operator-session.repository.ts';
import type { OperatorContext } from './operator-session.service.ts';

/** Letters and digits that cannot be mistaken for each other when read out or copied by hand. */
const TEMPORARY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const TEMPORARY_LENGTH = 16;

/** A random temporary password that meets the operator rule (about 93 bits). */
export function temporaryPassword(username: string): string {
  for (;;) {
    let out = '';
    for (let i = 0; i < TEMPORARY_LENGTH; i += 1)
      out += TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)];
    if (operatorPasswordProblem(out, username) === null) return out;
  }
}

/**
 * PUT /bo/v1/me/password: the operator's own change. The current password is checked (tries are
 * throttled per operator, so a stolen session cannot guess it at will), the new one must meet the
 * rule and differ from it; then, in one transaction, the hash changes, a forced change is cleared,
 * every other session of the operator ends (this browser stays in) and the audit row is written.
 */
export async function changeOwnPassword(
  services: OperatorServices,
  me: OperatorContext,
  caller: { brand: Brand; ip: string },
  body: ChangeOwnPasswordBody,
): Promise<OperatorInfo> {
  const { ip } = caller;
  const key = throttleKey(caller.brand, me.id);
  await services.throttle.consume([['operatorPasswordChangePerAccount', key]]);
  const operator = await findOperatorById(services.db, me.brandId, me.id);
  if (!operator?.active) throw new AppError('operator_not_login');
  if (!(await verifyPassword(operator.passwordHash, body.currentPassword))) {
    await recordAudit(services.db, {
      brandId: me.brandId,
      operatorId: me.id,
      action: 'operator.password_change_failed',
      targetType: 'operator',
      targetId: me.id,
      after: { reason: 'operator_password_wrong' },
      ip,
    });
    throw new AppError('operator_password_wrong');
  }
  const problem = operatorPasswordProblem(body.newPassword, operator.username);
  if (problem) throw new AppError(problem);
  if (await verifyPassword(operator.passwordHash, body.newPassword))
    throw new AppError('operator_password_reused');
  const passwordHash = await hashPassword(body.newPassword, services.hashing);
  await services.db.transaction().execute(async (trx) => {
    await setOperatorPassword(trx, me.brandId, me.id, passwordHash, false);
    await revokeOtherOperatorSessions(trx, me.id, me.sessionId);
    await recordAudit(trx, {
      brandId: me.brandId,
      operatorId: me.id,
      action: 'operator.password_change',
      targetType: 'operator',
      targetId: me.id,
      before: { mustChangePassword: operator.mustChangePassword },
      after: { mustChangePassword: false, otherSessionsEnded: true },
      ip,
    });
  });
  await services.throttle.reset('operatorPasswordChangePerAccount', key);
  return operatorInfo({ ...operator, mustChangePassword: false });
}

/**
 * POST /bo/v1/operators/:id/password (admins): a random temporary password for another operator of
 * the brand, answered this once. In one transaction the hash changes, the operator must change it
 * at the next login, every session of the operator ends and the audit row is written (without the
 * password). An admin changes their own password with PUT /bo/v1/me/password instead.
 */
export async function resetOperatorPassword(
  services: OperatorServices,
  admin: OperatorContext,
  ip: string,
  id: string,
): Promise<OperatorPasswordReset> {
  if (id === admin.id) throw new AppError('operator_forbidden');
  const target = await findOperatorById(services.db, admin.brandId, id);
  if (!target) throw new AppError('operator_not_found');
  const password = temporaryPassword(target.username);
  const passwordHash = await hashPassword(password, services.hashing);
  const after = await services.db.transaction().execute(async (trx) => {
    await setOperatorPassword(trx, admin.brandId, id, passwordHash, true);
    await revokeOperatorSessions(trx, id);
    await recordAudit(trx, {
      brandId: admin.brandId,
      operatorId: admin.id,
      action: 'operator.password_reset',
      targetType: 'operator',
      targetId: id,
      before: { mustChangePassword: target.mustChangePassword },
      after: { mustChangePassword: true, sessionsEnded: true },
      ip,
    });
    const changed = await findOperatorById(trx, admin.brandId, id);
    if (!changed) throw new AppError('operator_not_found');
    return changed;
  });
  return { operator: summaryOf(after), temporaryPassword: password };
}
