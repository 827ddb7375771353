import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { externalProvidersOf } from '../../features/auth/api/external-login.ts';
import { ExternalSignIn } from '../../features/auth/components/ExternalSignIn.tsx';
import { LoginPanel } from '../../features/auth/components/LoginPanel.tsx';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { useCountryCodes } from '../../features/system/api/get-country-codes.ts';
import { useSystemStatus } from '../../lib/system-status.ts';
import './pages.css';

/** /login: where the guard sends visitors; hosts the full login box; members go home. */
export function Component() {
  const { t } = useTranslation();
  const status = useSystemStatus();
  const { loggedIn } = useSession();
  const register = status.data?.info.register;
  const brand = status.data?.info.whitelabel.brandName ?? '';
  const countryCodes = useCountryCodes(!!register?.smsLogin);
  if (loggedIn) return <Navigate to={paths.home.to()} replace />;
  return (
    <section className="page login-page" aria-labelledby="login-title" data-testid="login-page">
      <div className="login-page__card">
        <h1 id="login-title" className="page__title">
          {t('auth.loginTitle', { brand })}
        </h1>
        <p className="page__lead">{t('auth.loginLead')}</p>
        <LoginPanel
          env={{
            brandName: brand,
            smsLogin: !!register?.smsLogin,
            directRegistration: !!register?.directRegistration,
            freePlay: !!register?.freePlay,
            usernameRegistration: !!register?.usernameRegistration,
            mobileRegistration: !!register?.mobileRegistration,
            phonePasswordReset: !!status.data?.info.whitelabel.flags.CHNGPASSVERIF3,
            countryCodes: countryCodes.data ?? [],
            defaultCountry: status.data?.location.country || undefined,
          }}
        />
        <ExternalSignIn providers={externalProvidersOf(status.data?.info.whitelabel.flags)} />
      </div>
    </section>
  );
}
