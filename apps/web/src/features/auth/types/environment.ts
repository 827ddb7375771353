import type { CountryCode } from '@lotus/contracts/system';

/** What the account modals need to know about the brand; the app's modal host supplies it. */
export type AuthEnvironment = {
  brandName: string;
  smsLogin: boolean;
  directRegistration: boolean;
  freePlay: boolean;
  usernameRegistration: boolean;
  mobileRegistration: boolean;
  /** CHNGPASSVERIF3: forgot password by phone. */
  phonePasswordReset: boolean;
  countryCodes: CountryCode[];
  /** The visitor's country (GeoIP of the status call), preselected in dialing-code lists. */
  defaultCountry?: string;
};
