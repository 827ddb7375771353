import type { Db } from '../../db/database.ts';
import type { Throttle } from '../../http/throttle.ts';
import type { PasswordHashing } from '../../lib/hashing.ts';
import { type OperatorGuard, operatorGuard, operatorSelfGuard } from './operator.guard.ts';
import type { OperatorRole } from './operator.ts';
import { OperatorSessions } from './operator-session.service.ts';

/**
 * The image captcha of the login forms (verification's ImageCaptcha, given by app.ts; named by its
 * shape so that operators do not depend on the verification domain).
 */
export type LoginCaptcha = {
  create(brandId: string, clientKey: string): Promise<{ captchaId: string; image: string }>;
  /** captcha_required when nothing was sent, captcha_invalid when wrong, used or expired. */
  check(brandId: string, captchaId: string | undefined, answer: string | undefined): Promise<void>;
};

/** What the back-office routes need, built once per app (RouteDeps.operators). */
export type OperatorServices = {
  db: Db;
  sessions: OperatorSessions;
  guard: (...roles: OperatorRole[]) => OperatorGuard;
  /** Any logged-in operator, also one whose password must change first (me, logout, the change). */
  selfGuard: OperatorGuard;
  throttle: Throttle;
  hashing: PasswordHashing;
  captcha: LoginCaptcha;
};

export function createOperatorServices(options: {
  db: Db;
  throttle: Throttle;
  hashing: PasswordHashing;
  captcha: LoginCaptcha;
  idleMinutes: number;
}): OperatorServices {
  const sessions = new OperatorSessions(options.db, options.idleMinutes);
  return {
    db: options.db,
    sessions,
    guard: operatorGuard(sessions),
    selfGuard: operatorSelfGuard(sessions),
    throttle: options.throttle,
    hashing: options.hashing,
    captcha: options.captcha,
  };
}
