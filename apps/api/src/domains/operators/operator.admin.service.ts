import type { CreateOperatorBody, OperatorSummary } from '@lotus/contracts/backoffice';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword } from '../../lib/hashing.ts';
import { recordAudit } from './audit.repository.ts';
import {
  findOperatorById,
  insertOperator,
  listOperators,
  resetTotp,
  setOperatorActive,
} from './operator.repository.ts';
import type { Operator } from './operator.ts';
import type { OperatorServices } from './operator-services.ts';
import { revokeOperatorSessions } from './operator-session.repository.ts';
import type { OperatorContext } from './operator-session.service.ts';

export function summaryOf(operator: Operator): OperatorSummary {
  return {
    id: operator.id,
    username: operator.username,
    role: operator.role,
    active: operator.active,
    totpEnabled: operator.totpEnabled,
    mustChangePassword: operator.mustChangePassword,
    lastLoginAt: operator.lastLoginAt?.toISOString() ?? null,
    createdAt: operator.createdAt.toISOString(),
  };
}

export async function operatorList(services: OperatorServices, brandId: string): Promise<OperatorSummary[]> {
  return (await listOperators(services.db, brandId)).map(summaryOf);
}

/** A new operator of the admin's brand; TOTP is enrolled at the operator's first login. */
export async function createBrandOperator(
  services: OperatorServices,
  admin: OperatorContext,
  ip: string,
  body: CreateOperatorBody,
): Promise<OperatorSummary> {
  const passwordHash = await hashPassword(body.password, services.hashing);
  try {
    return await services.db.transaction().execute(async (trx) => {
      const operator = await insertOperator(trx, {
        brandId: admin.brandId,
        username: body.username,
        passwordHash,
        role: body.role,
        createdBy: admin.id,
      });
      await recordAudit(trx, {
        brandId: admin.brandId,
        operatorId: admin.id,
        action: 'operator.create',
        targetType: 'operator',
        targetId: operator.id,
        after: { username: operator.username, role: operator.role },
        ip,
      });
      return summaryOf(operator);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('operator_username_taken');
    throw error;
  }
}

async function changeOperator(
  services: OperatorServices,
  admin: OperatorContext,
  ip: string,
  id: string,
  action: 'operator.totp_reset' | 'operator.activate' | 'operator.deactivate',
): Promise<OperatorSummary> {
  // An admin who deactivated or reset themselves could leave the brand without any admin.
  if (id === admin.id && action !== 'operator.activate') throw new AppError('operator_forbidden');
  return services.db.transaction().execute(async (trx) => {
    const before = await findOperatorById(trx, admin.brandId, id);
    if (!before) throw new AppError('operator_not_found');
    if (action === 'operator.totp_reset') await resetTotp(trx, admin.brandId, id);
    else await setOperatorActive(trx, admin.brandId, id, action === 'operator.activate');
    // A reset or a deactivation must not leave a logged-in browser behind.
    if (action !== 'operator.activate') await revokeOperatorSessions(trx, id);
    const after = await findOperatorById(trx, admin.brandId, id);
    if (!after) throw new AppError('operator_not_found');
    await recordAudit(trx, {
      brandId: admin.brandId,
      operatorId: admin.id,
      action,
      targetType: 'operator',
      targetId: id,
      before: { active: before.active, totpEnabled: before.totpEnabled },
      after: { active: after.active, totpEnabled: after.totpEnabled },
      ip,
    });
    return summaryOf(after);
  });
}

export const resetOperatorTotp = (s: OperatorServices, admin: OperatorContext, ip: string, id: string) =>
  changeOperator(s, admin, ip, id, 'operator.totp_reset');

export const setBrandOperatorActive = (
  s: OperatorServices,
  admin: OperatorContext,
  ip: string,
  id: string,
  active: boolean,
) => changeOperator(s, admin, ip, id, active ? 'operator.activate' : 'operator.deactivate');
