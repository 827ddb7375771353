import type { RegistrationFieldConfig } from '@lotus/contracts/registration';
import type { Db } from '../../db/database.ts';
import { createDbCache, invalidateDbCaches } from '../../lib/db-cache.ts';

export type AccountPolicy = {
  /** Field rules by wire name (username, password, mobileNum, ...). */
  fields: Record<string, RegistrationFieldConfig>;
  /** A password older than this many days is expired (with PWDEXPFORCECHANGE3); 0 = never. */
  passwordMaxAgeDays: number;
  /** The image captcha is required after this many failed logins from an address; 0 = never. */
  loginCaptchaAfterFailures: number;
};

const field = (
  patternId: number,
  minLength: number,
  maxLength: number,
  enabled = true,
  required = true,
): RegistrationFieldConfig => ({ enabled, required, acceptedPattern: '*', patternId, minLength, maxLength });

/** Rules of a brand without its own settings row (and the demo seed's). */
export const DEFAULT_POLICY: AccountPolicy = {
  fields: {
    username: field(1, 6, 16),
    password: field(5, 6, 20),
    mobileNum: field(6, 6, 15, true, false),
    verificationCode: field(6, 6, 6),
    payeeName: field(12, 2, 50, true, false),
    email: field(3, 5, 254, true, false),
    affiliateCode: field(4, 4, 16, true, false),
    qqNum: field(6, 5, 12, false, false),
    line: field(9, 2, 50, false, false),
    whatsapp: field(6, 6, 15, false, false),
    facebook: field(9, 2, 100, false, false),
    wechat: field(9, 2, 50, false, false),
    idNumber: field(4, 6, 30, false, false),
    recommenderId: field(1, 6, 16, false, false),
    paymentPassword: field(6, 6, 6, false, false),
  },
  passwordMaxAgeDays: 0,
  loginCaptchaAfterFailures: 3,
};

export async function findPolicyRow(db: Db, brandId: string): Promise<AccountPolicy | null> {
  const row = await db
    .selectFrom('registration_settings')
    .select(['fields', 'password_max_age_days', 'login_captcha_after_failures'])
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    fields: { ...DEFAULT_POLICY.fields, ...row.fields },
    passwordMaxAgeDays: row.password_max_age_days,
    loginCaptchaAfterFailures: row.login_captcha_after_failures,
  };
}

export async function upsertPolicy(db: Db, brandId: string, policy: Partial<AccountPolicy>): Promise<void> {
  const current = (await findPolicyRow(db, brandId)) ?? DEFAULT_POLICY;
  const next: AccountPolicy = {
    fields: { ...current.fields, ...policy.fields },
    passwordMaxAgeDays: policy.passwordMaxAgeDays ?? current.passwordMaxAgeDays,
    loginCaptchaAfterFailures: policy.loginCaptchaAfterFailures ?? current.loginCaptchaAfterFailures,
  };
  const values = {
    fields: JSON.stringify(next.fields),
    password_max_age_days: next.passwordMaxAgeDays,
    login_captcha_after_failures: next.loginCaptchaAfterFailures,
    updated_at: new Date(),
  };
  await db
    .insertInto('registration_settings')
    .values({ brand_id: brandId, ...values })
    .onConflict((oc) => oc.column('brand_id').doUpdateSet(values))
    .execute();
}

const cachedPolicies = createDbCache<AccountPolicy>(3_000);

/**
 * The settings are read on every registration and login, so they are cached (the shared db cache,
 * 3 s); an operator's change (`saveRegistrationRules`) invalidates every process's entries at once
 * (Redis pub/sub when REDIS_URL is set, this process otherwise).
 */
export class PolicyCache {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  get(brandId: string): Promise<AccountPolicy> {
    return cachedPolicies.get(
      this.db,
      brandId,
      async () => (await findPolicyRow(this.db, brandId)) ?? DEFAULT_POLICY,
    );
  }

  clear(): void {
    invalidateDbCaches(this.db);
  }
}
