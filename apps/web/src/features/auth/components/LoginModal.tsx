import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { closeModal, openModal } from '../../../lib/modals.ts';
import type { AuthEnvironment } from '../types/environment.ts';
import { ExternalSignIn } from './ExternalSignIn.tsx';
import { LoginPanel } from './LoginPanel.tsx';
import { ModalBanner } from './ModalBanner.tsx';
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
      <ModalBanner brandName={env.brandName} tag={t('auth.loginLead')} />
      <LoginPanel env={env} initialTab={tab} captcha={captcha} notice={notice} />
      <ExternalSignIn providers={env.externalProviders ?? []} />
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
