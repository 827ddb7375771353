import { ageOn, DEFAULT_MINIMUM_AGE } from '@lotus/contracts/kyc';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { createDbCache } from '../../lib/db-cache.ts';

/**
 * The brand's minimum age (18 or 21, a setting of the KYC policy) checked on the server for every
 * account the platform creates: form and mobile registration, external sign-in and the free demo
 * (members domain), and any account opened on a member's behalf (members' createCheckedMember).
 */
const minimumAges = createDbCache<number>(3_000);

export function minimumAgeOf(db: Db, brandId: string): Promise<number> {
  return minimumAges.get(db, brandId, async () => {
    const row = await db
      .selectFrom('kyc_settings')
      .select('minimum_age')
      .where('brand_id', '=', brandId)
      .executeTakeFirst();
    return row?.minimum_age ?? DEFAULT_MINIMUM_AGE;
  });
}

/** Today's calendar day in the brand's time zone, as a UTC midnight (UTC's day for an unknown zone). */
export function todayIn(timeZone: string, now: Date): Date {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    }).formatToParts(now);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const day = new Date(Date.UTC(part('year'), part('month') - 1, part('day')));
    if (!Number.isNaN(day.getTime())) return day;
  } catch {
    // An unknown zone: UTC's day below.
  }
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Answers the date of birth (`YYYY-MM-DD`) when the person is at least the brand's minimum age on
 * today's date in the brand's time zone; refuses with `birth_date_invalid` (missing, not a real
 * date, in the future) or `age_below_18` / `age_below_21`, with the field error on `birthday`.
 */
export async function assertOldEnough(
  db: Db,
  brand: { id: string; timeZone: string },
  birthDate: string | null | undefined,
  now: Date = new Date(),
): Promise<string> {
  const text = (birthDate ?? '').trim();
  const age = ageOn(text, todayIn(brand.timeZone, now));
  if (age === null) {
    throw new AppError('birth_date_invalid', { fieldErrors: { birthday: 'errors.birth_date_invalid' } });
  }
  const minimum = await minimumAgeOf(db, brand.id);
  if (age < minimum) {
    const code = minimum >= 21 ? 'age_below_21' : 'age_below_18';
    throw new AppError(code, { fieldErrors: { birthday: `errors.${code}` } });
  }
  return text;
}
