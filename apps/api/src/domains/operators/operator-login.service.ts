import type { OperatorLoginBody, OperatorLoginResult } from '@lotus/contracts/backoffice';
import { AppError, isAppError } from '../../http/app-error.ts';
import { throttleKey } from '../../http/throttle.ts';
import { hashPassword, type PasswordHashing, randomToken, verifyPassword } from '../../lib/hashing.ts';
import type { Brand } from '../brands/brand.ts';
import { recordAudit } from './audit.repository.ts';
import {
  claimTotpStep,
  enableTotp,
  findOperatorByUsername,
  markLoggedIn,
  setPendingTotpSecret,
} from './operator.repository.ts';
import { type Operator, operatorInfo } from './operator.ts';
import type { OperatorServices } from './operator-services.ts';
import { decryptTotpSecret, encryptTotpSecret, enrolment, matchTotpStep, newTotpSecret } from './totp.ts';

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

/**
 * A failed password or code of an existing operator: counted account-wide (never a lock: past
 * `operatorFailuresPerAccount` every login of the name needs the captcha) and audited.
 */
async function fail(
  services: OperatorServices,
  caller: LoginCaller,
  operator: Operator,
  code: 'operator_login_failed' | 'operator_totp_invalid',
): Promise<never> {
  await countFailure(services, caller, operator.username);
  await recordAudit(services.db, {
    brandId: caller.brand.id,
    operatorId: operator.id,
    action: 'operator.login_failed',
    targetType: 'operator',
    targetId: operator.id,
    after: { reason: code },
    ip: caller.ip,
  });
  throw new AppError(code);
}

/** One more failure of a user name, existing or not (so both answer alike from then on). */
async function countFailure(services: OperatorServices, caller: LoginCaller, username: string) {
  await services.throttle.record('operatorFailuresPerAccount', throttleKey(caller.brand, username));
}

/**
 * Operator login: password (argon2id), then the authenticator code. An operator without TOTP yet
 * gets an enrolment step (a pending secret as otpauth URI and QR image) and completes the login by
 * sending the same credentials with a code from the newly set-up app.
 *
 * Refused (TOO_MANY_REQUESTS) per address and per (user name, address) only, so a stranger cannot
 * lock an operator out. Failed passwords and codes of a user name from anywhere are counted; past
 * `operatorFailuresPerAccount` every login of that name, from any address, must bring the image
 * captcha of GET /bo/v1/session/captcha (operator_captcha_required, operator_captcha_invalid; 401
 * like the other login answers) until the window ends
 * or the operator logs in. Unknown names are counted and answered exactly like existing ones.
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
    ['operatorLoginPerAccountIp', throttleKey(brand, username, ip)],
  ]);
  if (await services.throttle.reached('operatorFailuresPerAccount', throttleKey(brand, username))) {
    try {
      await services.captcha.check(brand.id, body.captchaId, body.captcha);
    } catch (error) {
      if (!isAppError(error)) throw error;
      throw new AppError(
        error.code === 'captcha_required' ? 'operator_captcha_required' : 'operator_captcha_invalid',
        { cause: error },
      );
    }
  }
  const operator = await findOperatorByUsername(services.db, brand.id, username);
  if (!operator?.active) {
    await verifyPassword(await dummyHash(services.hashing), body.password);
    await countFailure(services, caller, username);
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
  if (!(await verifyPassword(operator.passwordHash, body.password))) {
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
  await services.throttle.reset('operatorLoginPerAccountIp', throttleKey(brand, username, ip));
  await services.throttle.reset('operatorFailuresPerAccount', throttleKey(brand, username));
  return {
    step: 'done',
    token,
    operator: operatorInfo(operator),
  };
}
