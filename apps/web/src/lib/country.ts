import type { CountryCode } from '@lotus/contracts/system';

/** The market of the platform's brands until a brand carries its own country (the demo is Malaysian). */
export const BRAND_COUNTRY = 'MY';

/**
 * The dialing code a phone-number field starts on: the preferred country's (the visitor's, when
 * known), else the brand's country, else the first of the list, never an arbitrary first entry
 * such as +247 when the brand's country is listed.
 */
export function defaultDialCode(countryCodes: readonly CountryCode[], preferred?: string): string {
  return (
    (preferred ? countryCodes.find((c) => c.countryCode === preferred)?.countryDialingCode : undefined) ??
    countryCodes.find((c) => c.countryCode === BRAND_COUNTRY)?.countryDialingCode ??
    countryCodes[0]?.countryDialingCode ??
    '60'
  );
}
