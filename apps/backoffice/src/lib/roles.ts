import type { OperatorRole } from '@lotus/contracts/backoffice';

/** Whether a role may perform actions reserved to `roles` (the server checks again). */
export function canAct(role: OperatorRole, roles: OperatorRole[]): boolean {
  return role === 'admin' || roles.includes(role);
}
