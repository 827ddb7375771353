import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import {
  EXTERNAL_PROVIDERS,
  type ExternalProvider,
  finishExternalLogin,
} from '../../features/auth/api/external-login.ts';
import { completeLogin } from '../../features/auth/lib/complete-login.ts';
import { errorText } from '../../lib/api-error.ts';
import './pages.css';

const isProvider = (value: string | undefined): value is ExternalProvider =>
  EXTERNAL_PROVIDERS.some((p) => p.name === value);

/**
 * /oauth/callback/:provider: the provider sent the browser back with a code and the state; the
 * server checks both (once) and logs the member in, then the site goes home.
 */
export function Component() {
  const { t } = useTranslation();
  const { provider } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    // A state is good once: React's development double effect must not spend it twice.
    if (started.current) return;
    started.current = true;
    if (!isProvider(provider)) {
      setProblem(errorText(null));
      return;
    }
    finishExternalLogin(provider, window.location.href)
      .then(async (result) => {
        await completeLogin(result, queryClient, 'external');
        navigate(paths.home.to(), { replace: true });
      })
      .catch((error: unknown) => setProblem(errorText(error)));
  }, [provider, navigate, queryClient]);
  return (
    <section className="page login-page" aria-labelledby="oauth-title" data-testid="oauth-callback-page">
      <div className="login-page__card">
        <h1 id="oauth-title" className="page__title">
          {t('auth.externalTitle')}
        </h1>
        {problem ? (
          <>
            <p role="alert">{problem}</p>
            <Link to={paths.login.to()}>{t('auth.externalBack')}</Link>
          </>
        ) : (
          <p role="status">{t('auth.externalPending')}</p>
        )}
      </div>
    </section>
  );
}
