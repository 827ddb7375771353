import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type LoginOutcome =
  | 'success'
  | 'wrong_password'
  | 'unknown_account'
  | 'locked'
  | 'captcha_failed'
  | 'verify_required'
  | 'verify_failed'
  | 'code_failed'
  | 'registered'
  | 'throttled';

export type LoginAttempt = {
  brandId: string;
  memberId: string | null;
  username: string;
  method: 'username' | 'sms' | 'verification' | 'register' | 'freeplay' | 'reset' | 'external';
  ip: string;
  country: string;
  device: string;
  outcome: LoginOutcome;
};

export async function recordLoginAttempt(db: Db, attempt: LoginAttempt): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values({
      brand_id: attempt.brandId,
      member_id: attempt.memberId,
      username: attempt.username.slice(0, 64),
      method: attempt.method,
      ip: attempt.ip,
      country: attempt.country,
      device: attempt.device.slice(0, 32),
      outcome: attempt.outcome,
    })
    .execute();
}

/** Failed logins from an address in the window, counted since its last success. */
export async function recentFailuresFromIp(
  db: Db,
  brandId: string,
  ip: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select(sql<string>`count(*)`.as('n'))
    .where('brand_id', '=', brandId)
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .where('outcome', 'in', ['wrong_password', 'unknown_account', 'captcha_failed'])
    .where(({ eb, selectFrom }) =>
      eb(
        'id',
        '>',
        selectFrom('login_attempts as ok')
          .select(sql<string>`coalesce(max(ok.id), 0)`.as('last'))
          .where('ok.brand_id', '=', brandId)
          .where('ok.ip', '=', ip)
          .where('ok.outcome', '=', 'success'),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function isKnownIp(db: Db, memberId: string, ip: string): Promise<boolean> {
  const row = await db
    .selectFrom('member_ips')
    .select('ip')
    .where('member_id', '=', memberId)
    .where('ip', '=', ip)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasAnyKnownIp(db: Db, memberId: string): Promise<boolean> {
  const row = await db
    .selectFrom('member_ips')
    .select('ip')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function rememberIp(db: Db, memberId: string, ip: string): Promise<void> {
  await db
    .insertInto('member_ips')
    .values({ member_id: memberId, ip })
    .onConflict((oc) => oc.columns(['member_id', 'ip']).doUpdateSet({ last_seen_at: new Date() }))
    .execute();
}

export async function forgetIp(db: Db, memberId: string, ip: string): Promise<void> {
  await db.deleteFrom('member_ips').where('member_id', '=', memberId).where('ip', '=', ip).execute();
}
