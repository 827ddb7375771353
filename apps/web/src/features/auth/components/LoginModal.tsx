import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { closeModal, openModal } from '../../../lib/modals.ts';
import type { AuthEnvironment } from '../types/environment.ts';
import { LoginPanel } from './LoginPanel.tsx';
import './auth.css';

/** loginPopupModal (spec §2): banner, username / SMS tabs, register link, captcha, free play. */
export function LoginModal({
  env,
  notice,
  captcha,
  tab,
}: {
  env: AuthEnvironment;
  notice?: string;
  captcha?: boolean;
  tab?: 'username' | 'sms';
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) closeModal('login');
      }}
      title={t('auth.loginTitle', { brand: env.brandName })}
      size="sm"
      testId="login-modal"
    >
      <div className="register-banner" aria-hidden="true">
        <span className="register-banner__brand">{env.brandName}</span>
        <span className="register-banner__tag">{t('auth.loginLead')}</span>
      </div>
      <LoginPanel env={env} initialTab={tab} captcha={captcha} notice={notice} />
      {env.directRegistration ? (
        <p className="register-form__login">
          {t('auth.noAccount')}{' '}
          <button type="button" className="link-button" onClick={() => openModal({ name: 'register' })}>
            {t('auth.register')}
          </button>
        </p>
      ) : null}
    </Dialog>
  );
}
