import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { AppError } from '../http/app-error.ts';

/**
 * A number as typed plus its dialing code -> E.164, validated with libphonenumber-js metadata.
 * Throws phone_number_missing / phone_number_invalid.
 */
export function toE164(mobileNum: string | undefined, countryDialingCode: string | undefined): string {
  const number = (mobileNum ?? '').trim().replace(/[\s-]/g, '');
  if (number === '') throw new AppError('phone_number_missing');
  const code = (countryDialingCode ?? '').trim().replace(/^\+/, '');
  if (!/^\d{1,4}$/.test(code) && !number.startsWith('+')) throw new AppError('phone_number_invalid');
  const parsed = number.startsWith('+')
    ? parsePhoneNumberFromString(number)
    : parsePhoneNumberFromString(number, { defaultCallingCode: code });
  if (!parsed?.isValid()) throw new AppError('phone_number_invalid');
  return parsed.number;
}

/** `+60123456789` -> `+60*****6789`. */
export function maskPhone(e164: string | null): string {
  if (!e164) return '';
  return `${e164.slice(0, 3)}${'*'.repeat(Math.max(0, e164.length - 7))}${e164.slice(-4)}`;
}
