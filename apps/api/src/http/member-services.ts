import type { Db } from '../db/database.ts';
import type { PolicyCache } from '../domains/members/registration-settings.ts';
import type { SessionService } from '../domains/members/session.service.ts';
import type { ServerKeyring } from '../domains/security/server-keys.ts';
import type { ImageCaptcha } from '../domains/verification/captcha.service.ts';
import type { EmailProvider } from '../domains/verification/email.ts';
import type { HumanCheck } from '../domains/verification/human-check.service.ts';
import type { SmsCodes } from '../domains/verification/sms.service.ts';
import type { PasswordHashing } from '../lib/hashing.ts';
import type { Guards } from './auth.ts';
import type { Throttle } from './throttle.ts';

/** Everything the account calls need, built once per app and passed to the route modules. */
export type MemberServices = {
  db: Db;
  keyring: ServerKeyring;
  policies: PolicyCache;
  sessions: SessionService;
  guards: Guards;
  sms: SmsCodes;
  email: EmailProvider;
  humanCheck: HumanCheck;
  captcha: ImageCaptcha;
  throttle: Throttle;
  hashing: PasswordHashing;
};
