import type { CountryCode } from '@lotus/contracts/system';
import { currentBrandCountry } from './system-status.ts';

/**
 * The dialing code a phone-number field starts on: the preferred country's (the visitor's, when
 * known), else the brand's country's (its configuration, from /wps/system/status), else the first
 * of the list, never an arbitrary first entry such as +247 when the brand's country is listed.
 */
export function defaultDialCode(
  countryCodes: readonly CountryCode[],
  preferred?: string,
  brandCountry: string | undefined = currentBrandCountry(),
): string {
  return (
    (preferred ? countryCodes.find((c) => c.countryCode === preferred)?.countryDialingCode : undefined) ??
    (brandCountry
      ? countryCodes.find((c) => c.countryCode === brandCountry)?.countryDialingCode
      : undefined) ??
    countryCodes[0]?.countryDialingCode ??
    '60'
  );
}
