import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { LoginForm } from '../../features/auth/components/LoginForm.tsx';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { BottomNav } from '../../features/games/components/BottomNav.tsx';
import { LanguagePicker } from '../../features/language/components/LanguagePicker.tsx';
import { ThemeToggle } from '../../features/theme/components/ThemeToggle.tsx';
import { withChunkTimeout } from '../../lib/chunk-load.ts';
import { useSystemStatus } from '../../lib/system-status.ts';
import { BrandMark } from './BrandMark.tsx';

// Only members see it: visitors do not download the bar, the balance call or its styles.
const MemberHeaderBar = lazy(() =>
  withChunkTimeout(() => import('./MemberHeaderBar.tsx')).then((m) => ({
    default: m.MemberHeaderBar,
  })),
);

export function Header() {
  const { t } = useTranslation();
  const status = useSystemStatus();
  const { loggedIn } = useSession();
  const [logoFailed, setLogoFailed] = useState(false);
  const whitelabel = status.data?.info.whitelabel;
  const register = status.data?.info.register;
  const brandName = whitelabel?.brandName ?? '';
  const features = {
    smsLogin: !!register?.smsLogin,
    directRegistration: !!register?.directRegistration,
    freePlay: !!register?.freePlay,
  };

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to={paths.home.to()} className="brand" aria-label={t('nav.homeOf', { brand: brandName })}>
          {whitelabel?.logoUrl && !logoFailed ? (
            <img
              className="brand__logo"
              src={whitelabel.logoUrl}
              alt=""
              // The demo logo's proportions reserve its place before it loads; a brand's own logo
              // takes its own width once loaded (CSS: height 36 px, width auto).
              width="43"
              height="36"
              onError={() => setLogoFailed(true)}
            />
          ) : (
            <BrandMark />
          )}
          <span className="brand__name">{brandName}</span>
        </Link>
        <div className={`site-header__tools${loggedIn ? ' site-header__tools--member' : ''}`}>
          {loggedIn ? (
            <Suspense fallback={null}>
              <MemberHeaderBar
                currencySymbol={whitelabel?.currencySymbol ?? ''}
                manualRebate={!!whitelabel?.flags.MANPLAYREB3}
                brandCodes={whitelabel?.uiLanguages}
              />
            </Suspense>
          ) : (
            <>
              <div className="site-header__login" data-testid="login-box">
                <LoginForm features={features} compact />
              </div>
              <Link to={paths.login.to()} className="button button--primary site-header__login-link">
                {t('auth.login')}
              </Link>
            </>
          )}
          <LanguagePicker brandCodes={whitelabel?.uiLanguages} />
          <ThemeToggle />
        </div>
      </div>
      <BottomNav />
    </header>
  );
}
