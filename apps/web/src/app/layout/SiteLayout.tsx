import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { paths } from '../../config/paths.ts';
import { AnnouncementPopupHost } from '../../features/announcements/components/AnnouncementPopupHost.tsx';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { RightBar } from '../../features/customer-service/components/RightBar.tsx';
import { withChunkTimeout } from '../../lib/chunk-load.ts';
import { useModal } from '../../lib/modals.ts';
import { usePageLoading } from '../lazy-page.tsx';
import { Header } from './Header.tsx';
import { ModalHost } from './ModalHost.tsx';
import { SkipLink } from './SkipLink.tsx';

// A logged-in member's reality checks and session limit (player protection), on every page.
const ProtectionWatch = lazy(() =>
  withChunkTimeout(() => import('../../features/protection/components/ProtectionWatch.tsx')).then((m) => ({
    default: m.ProtectionWatch,
  })),
);

// Below the fold: loaded right after the first paint instead of before it.
const Footer = lazy(() =>
  withChunkTimeout(() => import('./Footer.tsx')).then((m) => ({ default: m.Footer })),
);

type SiteLayoutProps = { header?: boolean; footer?: boolean; rightBar?: boolean; popup?: boolean };

/** The page frame: header, main content, footer, customer-service bar and the announcement popup. */
export function SiteLayout({ header = true, footer = true, rightBar = true, popup = true }: SiteLayoutProps) {
  const pageLoading = usePageLoading();
  const { loggedIn, firstLogin } = useSession();
  // Popup audiences (spec §4): members A (F on their first login), visitors B; refetched on change.
  const execution = loggedIn ? (firstLogin ? 'F' : 'A') : 'B';
  // An account modal (or the register route) has the stage; the popup waits until it closes.
  const modal = useModal();
  const { pathname } = useLocation();
  const accountModalOpen =
    modal !== null || pathname === paths.register.path || pathname === paths.registerHtml.path;
  return (
    <div className="site">
      <SkipLink />
      {pageLoading ? <div className="route-progress" aria-hidden="true" /> : null}
      {header ? <Header /> : null}
      <main id="main" className="site__main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      {footer ? (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      ) : null}
      {rightBar ? <RightBar /> : null}
      {popup && !accountModalOpen ? <AnnouncementPopupHost key={execution} execution={execution} /> : null}
      <ModalHost />
      {loggedIn ? (
        <Suspense fallback={null}>
          <ProtectionWatch />
        </Suspense>
      ) : null}
    </div>
  );
}
