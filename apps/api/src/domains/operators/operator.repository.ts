import type { Executor } from '../../db/executor.ts';
import { isOperatorRole, type Operator, type OperatorRole } from './operator.ts';

const COLUMNS = [
  'id',
  'brand_id',
  'username',
  'password_hash',
  'role',
  'totp_secret_encrypted',
  'totp_enabled',
  'active',
  'must_change_password',
  'last_login_at',
  'created_at',
] as const;

type OperatorRow = {
  id: string;
  brand_id: string;
  username: string;
  password_hash: string;
  role: string;
  totp_secret_encrypted: string | null;
  totp_enabled: boolean;
  active: boolean;
  must_change_password: boolean;
  last_login_at: Date | null;
  created_at: Date;
};

function toOperator(row: OperatorRow): Operator {
  if (!isOperatorRole(row.role)) throw new Error(`operator ${row.id}: unknown role ${row.role}`);
  return {
    id: row.id,
    brandId: row.brand_id,
    username: row.username,
    role: row.role,
    passwordHash: row.password_hash,
    totpSecretEncrypted: row.totp_secret_encrypted,
    totpEnabled: row.totp_enabled,
    active: row.active,
    mustChangePassword: row.must_change_password,
    lastLoginAt: row.last_login_at,
    createdAt: row.created_at,
  };
}

export async function findOperatorByUsername(
  executor: Executor,
  brandId: string,
  username: string,
): Promise<Operator | null> {
  const row = await executor
    .selectFrom('operators')
    .select(COLUMNS)
    .where('brand_id', '=', brandId)
    .where('username', '=', username.toLowerCase())
    .executeTakeFirst();
  return row ? toOperator(row) : null;
}

export async function findOperatorById(
  executor: Executor,
  brandId: string,
  id: string,
): Promise<Operator | null> {
  const row = await executor
    .selectFrom('operators')
    .select(COLUMNS)
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toOperator(row) : null;
}

export async function listOperators(executor: Executor, brandId: string): Promise<Operator[]> {
  const rows = await executor
    .selectFrom('operators')
    .select(COLUMNS)
    .where('brand_id', '=', brandId)
    .orderBy('username')
    .execute();
  return rows.map(toOperator);
}

export async function insertOperator(
  executor: Executor,
  input: {
    brandId: string;
    username: string;
    passwordHash: string;
    role: OperatorRole;
    totpSecretEncrypted?: string | null;
    totpEnabled?: boolean;
    createdBy?: string | null;
  },
): Promise<Operator> {
  const row = await executor
    .insertInto('operators')
    .values({
      brand_id: input.brandId,
      username: input.username.toLowerCase(),
      password_hash: input.passwordHash,
      role: input.role,
      totp_secret_encrypted: input.totpSecretEncrypted ?? null,
      totp_enabled: input.totpEnabled ?? false,
      created_by: input.createdBy ?? null,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toOperator(row);
}

/**
 * Accepts a TOTP step once: the update only matches while the stored last step is older, so two
 * requests racing with the same code cannot both pass.
 */
export async function claimTotpStep(executor: Executor, id: string, step: number): Promise<boolean> {
  const row = await executor
    .updateTable('operators')
    .set({ totp_last_step: String(step) })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
    .returning(['id'])
    .executeTakeFirst();
  return row !== undefined;
}

export async function markLoggedIn(executor: Executor, id: string): Promise<void> {
  await executor.updateTable('operators').set({ last_login_at: new Date() }).where('id', '=', id).execute();
}

/** Stores a new, not yet confirmed secret (enrolment); the operator's TOTP stays off until a code proves it. */
export async function setPendingTotpSecret(executor: Executor, id: string, encrypted: string): Promise<void> {
  await executor
    .updateTable('operators')
    .set({ totp_secret_encrypted: encrypted, totp_enabled: false, totp_last_step: null })
    .where('id', '=', id)
    .execute();
}

export async function enableTotp(executor: Executor, id: string): Promise<void> {
  await executor.updateTable('operators').set({ totp_enabled: true }).where('id', '=', id).execute();
}

/** Clears the secret: the next login enrols a new authenticator. */
export async function resetTotp(executor: Executor, brandId: string, id: string): Promise<void> {
  await executor
    .updateTable('operators')
    .set({ totp_secret_encrypted: null, totp_enabled: false, totp_last_step: null })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .execute();
}

export async function setOperatorActive(
  executor: Executor,
  brandId: string,
  id: string,
  active: boolean,
): Promise<void> {
  await executor
    .updateTable('operators')
    .set({ active })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .execute();
}

/**
 * Sets an operator's password hash; `mustChange` marks a temporary one (an admin's reset) that the
 * operator has to replace at the next login.
 */
export async function setOperatorPassword(
  executor: Executor,
  brandId: string,
  id: string,
  passwordHash: string,
  mustChange: boolean,
): Promise<void> {
  await executor
    .updateTable('operators')
    .set({ password_hash: passwordHash, must_change_password: mustChange, password_changed_at: new Date() })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .execute();
}
