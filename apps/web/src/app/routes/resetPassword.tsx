import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../features/auth/components/ResetPasswordForm.tsx';
import './pages.css';

/** /resetPassword?token=...: the page of the e-mailed reset link. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <section className="page login-page" aria-labelledby="reset-title" data-testid="reset-password-page">
      <div className="login-page__card">
        <h1 id="reset-title" className="page__title">
          {t('password.resetTitle')}
        </h1>
        <ResetPasswordForm token={params.get('token') ?? ''} />
      </div>
    </section>
  );
}
