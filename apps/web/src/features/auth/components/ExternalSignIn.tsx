import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-error.ts';
import { type ExternalProvider, startExternalLogin } from '../api/external-login.ts';

/**
 * "Continue with Google / Facebook" of the login and register modals, shown for the providers the
 * brand's flags switch on (GOOGLELOGIN3, FACEBOOKLOGIN3): the browser goes to the provider and
 * comes back to /oauth/callback/<provider>, which logs the member in (a first sign-in registers).
 */
export function ExternalSignIn({ providers }: { providers: readonly ExternalProvider[] }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<ExternalProvider | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (providers.length === 0) return null;
  const go = async (provider: ExternalProvider) => {
    setPending(provider);
    setProblem(null);
    try {
      const { authorizationUrl } = await startExternalLogin(provider);
      window.location.assign(authorizationUrl);
    } catch (error) {
      setProblem(errorText(error));
      setPending(null);
    }
  };
  return (
    <div className="external-sign-in" data-testid="external-sign-in">
      <p className="external-sign-in__or">{t('auth.externalOr')}</p>
      {providers.map((provider) => (
        <button
          key={provider}
          type="button"
          className="button button--ghost external-sign-in__button"
          disabled={pending !== null}
          onClick={() => void go(provider)}
        >
          {provider === 'google' ? t('auth.continueWithGoogle') : t('auth.continueWithFacebook')}
        </button>
      ))}
      {problem ? (
        <p className="login-form__note" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
