import { useTranslation } from 'react-i18next';
import { LoginPanel } from '../../features/auth/components/LoginPanel.tsx';
import { useSystemStatus } from '../../features/system/api/get-system-status.ts';
import './pages.css';

/** /login: where the guard sends visitors; hosts the full login box. */
export function Component() {
  const { t } = useTranslation();
  const status = useSystemStatus();
  const register = status.data?.info.register;
  const brand = status.data?.info.whitelabel.brandName ?? '';
  return (
    <section className="page login-page" aria-labelledby="login-title" data-testid="login-page">
      <div className="login-page__card">
        <h1 id="login-title" className="page__title">
          {t('auth.loginTitle', { brand })}
        </h1>
        <p className="page__lead">{t('auth.loginLead')}</p>
        <LoginPanel
          features={{
            smsLogin: !!register?.smsLogin,
            directRegistration: !!register?.directRegistration,
            freePlay: !!register?.freePlay,
          }}
        />
      </div>
    </section>
  );
}
