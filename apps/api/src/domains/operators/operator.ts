/** Back-office roles: admin may do everything, every role may read. */
export const OPERATOR_ROLES = ['admin', 'finance', 'cs', 'marketing', 'readonly'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** The logged-in operator of a back-office call (`request.operator`). */
export type OperatorIdentity = { id: string; brandId: string; username: string; role: OperatorRole };

export type Operator = OperatorIdentity & {
  passwordHash: string;
  totpSecretEncrypted: string | null;
  totpEnabled: boolean;
  active: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
};
