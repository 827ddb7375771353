import type { CountryCode } from '@lotus/contracts/system';
import type { ExternalProvider } from '../api/external-login.ts';

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
  /** External sign-in providers the brand's flags switch on (GOOGLELOGIN3, FACEBOOKLOGIN3). */
  externalProviders?: readonly ExternalProvider[];
};
