import { SYSTEM_STATUS } from '@lotus/contracts/system-values';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { paths } from '../../config/paths.ts';
import { LoginGuard } from '../../features/auth/components/LoginGuard.tsx';
import { openCustomerWindow } from '../../features/customer-service/lib/open-customer-window.ts';
import { LanguagePicker } from '../../features/language/components/LanguagePicker.tsx';
import { ThemeToggle } from '../../features/theme/components/ThemeToggle.tsx';
import { ApiError, catalogueText, errorText } from '../../lib/api-error.ts';
import { withChunkTimeout } from '../../lib/chunk-load.ts';
import { useErrorCatalogue } from '../../lib/error-catalogue.ts';
import { applyLanguage, initialLanguage } from '../../lib/i18n.ts';
import { resolveMerchant } from '../../lib/merchant.ts';
import { storage } from '../../lib/storage.ts';
import { useSystemStatus } from '../../lib/system-status.ts';
import { applyBrandColours } from '../../lib/theme.ts';
import { LoadFailureBanner } from './LoadFailureBanner.tsx';
import { Splash } from './Splash.tsx';

// The status pages replace the whole site only in maintenance, region blocks or start-up failures.
const statusPages = () => withChunkTimeout(() => import('../../features/system/components/StatusPages.tsx'));
const MaintenancePage = lazy(() => statusPages().then((m) => ({ default: m.MaintenancePage })));
const RegionPage = lazy(() => statusPages().then((m) => ({ default: m.RegionPage })));
const StartupErrorPage = lazy(() => statusPages().then((m) => ({ default: m.StartupErrorPage })));

const DOMAIN_ERRORS = ['domain_invalid', 'function.not.available'];

/** Unknown domain (no brand) or a failed status call: nothing else can show. */
function StartupError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  useErrorCatalogue();
  const domain = error instanceof ApiError && DOMAIN_ERRORS.includes(error.errorCode);
  return (
    <StartupErrorPage
      message={domain ? catalogueText('domain_invalid') : errorText(error)}
      onRetry={domain ? undefined : onRetry}
    />
  );
}

/** A new page starts at its top; back and forward leave the browser's own scroll restoration. */
function ScrollToTop({ pathname }: { pathname: string }) {
  const type = useNavigationType();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}

/**
 * Everything waits for the brand's status: it decides between the maintenance page, the region
 * page and the site, supplies the brand colours and default language, and the login guard.
 */
export function RootGate() {
  const merchant = resolveMerchant();
  const { pathname } = useLocation();
  const status = useSystemStatus();
  const info = status.data?.info;

  useEffect(() => {
    if (!info) return;
    applyBrandColours(info.whitelabel.theme);
    document.title = info.whitelabel.brandName;
    // The brand default applies until the visitor has chosen a language.
    if (!storage.lang()) void applyLanguage(initialLanguage(info.whitelabel.defaultLanguage));
  }, [info]);

  const splash = <Splash />;
  if (!merchant)
    return (
      <Suspense fallback={splash}>
        <StartupError error={new ApiError('domain_invalid', '')} />
      </Suspense>
    );
  if (status.isPending) return splash;
  if (status.isError)
    return (
      <Suspense fallback={splash}>
        <StartupError error={status.error} onRetry={() => status.refetch()} />
      </Suspense>
    );

  const { whitelabel, customerService } = status.data.info;
  const contactItem =
    customerService.find((item) => item.csType === 'LIVECHAT') ??
    customerService.find((item) => item.csType !== 'VIP');
  const onContact = contactItem ? () => openCustomerWindow(contactItem.path) : undefined;
  const toolbar = (
    <>
      <LanguagePicker brandCodes={whitelabel.uiLanguages} />
      <ThemeToggle />
    </>
  );

  // The contact form stays reachable: it is what the status pages' contact button opens.
  const closable = pathname !== paths.contact.path;
  if (closable && status.data.systemStatus === SYSTEM_STATUS.maintenance)
    return (
      <Suspense fallback={splash}>
        <MaintenancePage
          brandName={whitelabel.brandName}
          endTime={status.data.maintenance?.endTime ?? null}
          toolbar={toolbar}
          onContact={onContact}
        />
      </Suspense>
    );
  if (closable && status.data.systemStatus === SYSTEM_STATUS.regionRestricted)
    return (
      <Suspense fallback={splash}>
        <RegionPage
          brandName={whitelabel.brandName}
          ip={status.data.location.ip}
          country={status.data.location.country}
          toolbar={toolbar}
          onContact={onContact}
        />
      </Suspense>
    );

  return (
    <LoginGuard loginedToHomePage={whitelabel.loginedToHomePage}>
      <LoadFailureBanner />
      <Outlet />
      <ScrollToTop pathname={pathname} />
    </LoginGuard>
  );
}
