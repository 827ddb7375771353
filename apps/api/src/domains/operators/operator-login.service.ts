import type { OperatorLoginBody, OperatorLoginResult } from '@lotus/contracts/backoffice';
import { AppError } from '../../http/app-error.ts';
import { throttleKey } from '../../http/throttle.ts';
import { hashPassword, type PasswordHashing, randomToken, verifyPassword } from '../../lib/hashing.ts';
import type { Brand } from '../brands/brand.ts';
import { recordAudit } from './audit.repository.ts';
import {
  claimTotpStep,
  enableTotp,
  findOperatorByUsername,
  markLoggedIn,
  recordFailedAttempt,
  setPendingTotpSecret,
} from './operator.repository.ts';
import type { Operator } from './operator.ts';
import type { OperatorServices } from './operator-services.ts';
import { decryptTotpSecret, encryptTotpSecret, enrolment, matchTotpStep, newTotpSecret } from './totp.ts';

/** Failed passwords or codes in a row that lock an operator, and for how long. */
export const OPERATOR_MAX_FAILURES = 5;
export const OPERATOR_LOCK_MINUTES = 15;

type LoginCaller = { brand: Brand; ip: string };

/**
 * A hash of a random password at the configured cost: an unknown username is checked against it,
 * so its answer takes as long as a wrong password and does not tell which usernames exist.
 */
const dummyHashes = new Map<string, Promise<string>>();
function dummyHash(cost: PasswordHashing): Promise<string> {
  const key = JSON.stringify(cost);
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword(randomToken(), cost);
    dummyHashes.set(key, hash);
  }
  return hash;
}

async function fail(
  services: OperatorServices,
  caller: LoginCaller,
  operator: Operator,
  code: 'operator_login_failed' | 'operator_totp_invalid',
): Promise<never> {
  const lockUntil = new Date(Date.now() + OPERATOR_LOCK_MINUTES * 60_000);
  await services.db.transaction().execute(async (trx) => {
    const result = await recordFailedAttempt(trx, operator.id, OPERATOR_MAX_FAILURES, lockUntil);
    await recordAudit(trx, {
      brandId: caller.brand.id,
      operatorId: operator.id,
      action: result.locked ? 'operator.locked' : 'operator.login_failed',
      targetType: 'operator',
      targetId: operator.id,
      after: { reason: code },
      ip: caller.ip,
    });
    return result;
  });
  // The failure that locks answers like any other: a stranger cannot tell an operator name that
  // exists (and is now locked) from one that does not (the audit records the lock).
  throw new AppError(code);
}

/**
 * Operator login: password (argon2id), then the authenticator code. An operator without TOTP yet
 * gets an enrolment step (a pending secret as otpauth URI and QR image) and completes the login by
 * sending the same credentials with a code from the newly set-up app.
 * Throttled per IP and per account; failures are counted on the account (lock after 5) and audited.
 */
export async function operatorLogin(
  services: OperatorServices,
  caller: LoginCaller,
  body: OperatorLoginBody,
): Promise<OperatorLoginResult> {
  const { brand, ip } = caller;
  const username = body.username.trim().toLowerCase();
  await services.throttle.consume([
    ['operatorLoginPerIp', throttleKey(brand, ip)],
    ['operatorLoginPerAccount', throttleKey(brand, username)],
  ]);
  const operator = await findOperatorByUsername(services.db, brand.id, username);
  if (!operator?.active) {
    await verifyPassword(await dummyHash(services.hashing), body.password);
    await recordAudit(services.db, {
      brandId: brand.id,
      operatorId: null,
      action: 'operator.login_failed',
      targetType: 'operator',
      targetId: username.slice(0, 32),
      after: { reason: 'unknown_or_inactive' },
      ip,
    });
    throw new AppError('operator_login_failed');
  }
  const passwordMatches = await verifyPassword(operator.passwordHash, body.password);
  // Only the right password learns of a lock; a wrong one gets the unknown-user answer.
  if (operator.lockedUntil && operator.lockedUntil.getTime() > Date.now()) {
    throw new AppError(passwordMatches ? 'operator_locked' : 'operator_login_failed');
  }
  if (!passwordMatches) {
    return fail(services, caller, operator, 'operator_login_failed');
  }

  if (!operator.totpEnabled && !body.totpCode) {
    let secret: string;
    if (operator.totpSecretEncrypted) {
      secret = await decryptTotpSecret(services.db, operator.totpSecretEncrypted);
    } else {
      secret = newTotpSecret();
      await setPendingTotpSecret(services.db, operator.id, await encryptTotpSecret(services.db, secret));
    }
    return { step: 'enrol', ...(await enrolment(secret, { brandName: brand.name, username })) };
  }
  if (!body.totpCode) throw new AppError('operator_totp_required');
  if (!operator.totpSecretEncrypted) throw new AppError('operator_totp_invalid');
  const secret = await decryptTotpSecret(services.db, operator.totpSecretEncrypted);
  const step = matchTotpStep(secret, body.totpCode);
  if (step === null || !(await claimTotpStep(services.db, operator.id, step))) {
    return fail(services, caller, operator, 'operator_totp_invalid');
  }

  const token = await services.db.transaction().execute(async (trx) => {
    if (!operator.totpEnabled) await enableTotp(trx, operator.id);
    await markLoggedIn(trx, operator.id);
    await recordAudit(trx, {
      brandId: brand.id,
      operatorId: operator.id,
      action: operator.totpEnabled ? 'operator.login' : 'operator.totp_enrolled',
      targetType: 'operator',
      targetId: operator.id,
      ip,
    });
    return services.sessions.start(operator, ip, trx);
  });
  await services.throttle.reset('operatorLoginPerAccount', throttleKey(brand, username));
  return {
    step: 'done',
    token,
    operator: { id: operator.id, username: operator.username, role: operator.role },
  };
}
