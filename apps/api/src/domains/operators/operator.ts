/** Back-office roles: admin may do everything, every role may read. */
export const OPERATOR_ROLES = ['admin', 'finance', 'cs', 'marketing', 'readonly'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** The logged-in operator of a back-office call (`request.operator`). */
export type OperatorIdentity = {
  id: string;
  brandId: string;
  username: string;
  role: OperatorRole;
  /** A temporary password (an admin's reset) that must be changed before anything else. */
  mustChangePassword: boolean;
};

export type Operator = OperatorIdentity & {
  passwordHash: string;
  totpSecretEncrypted: string | null;
  totpEnabled: boolean;
  active: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
};

/** The wire view of an operator identity (login answer, `me`). */
export function operatorInfo(operator: OperatorIdentity) {
  return {
    id: operator.id,
    username: operator.username,
    role: operator.role,
    mustChangePassword: operator.mustChangePassword,
  };
}
