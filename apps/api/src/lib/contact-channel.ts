import { type ContactChannel, contactValueLooksValid } from '@lotus/contracts/cs';
import { type ErrorCode, errorKey } from '@lotus/contracts/errors';
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import { AppError } from '../http/app-error.ts';

/** A phone number as typed, read in the brand's country when it has no `+code`; E.164 or null. */
function phoneInCountry(value: string, country: string): string | null {
  const digits = value.replace(/[\s().-]/g, '');
  const region = isSupportedCountry(country) ? (country as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(digits, region);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * The value kept for a way of reaching someone (contact form, affiliate application), or null when
 * it is not one: mobile and WhatsApp numbers as E.164 (typed locally, they are read in the brand's
 * country: `012-345 6789` on a Malaysian brand is +60123456789), e-mail in lower case, Telegram as
 * `@name` or an E.164 number.
 */
export function normaliseContact(channel: ContactChannel, value: string, country: string): string | null {
  const v = value.trim();
  if (!contactValueLooksValid(channel, v)) return null;
  switch (channel) {
    case 'email':
      return v.toLowerCase();
    case 'mobile':
    case 'whatsapp':
      return phoneInCountry(v, country);
    case 'telegram':
      return /^@?[A-Za-z]/.test(v) ? `@${v.replace(/^@/, '')}` : phoneInCountry(v, country);
  }
}

/**
 * The refusal of a public form (contact, affiliate application) with problems by field: the first
 * problem's code answers, every field's message key goes in `fieldErrors`.
 */
export function formRefusal(problems: Record<string, string>): AppError {
  const fieldErrors = Object.fromEntries(
    Object.entries(problems).map(([field, code]) => [field, errorKey(code as ErrorCode)]),
  );
  return new AppError(Object.values(problems)[0] as ErrorCode, { fieldErrors });
}
