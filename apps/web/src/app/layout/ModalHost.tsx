import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { ApiError, errorText } from '../../lib/api-error.ts';
import { withChunkTimeout } from '../../lib/chunk-load.ts';
import { loadErrorCatalogue } from '../../lib/error-catalogue.ts';
import { MEMBER_KEY } from '../../lib/member-data.ts';
import { openModal, useModal } from '../../lib/modals.ts';
import { onSessionEnded } from '../../lib/session.ts';
import { storage } from '../../lib/storage.ts';

// The switch and every modal load on first use: the first page pays for this small host only.
const ModalSwitch = lazy(() =>
  withChunkTimeout(() => import('./ModalSwitch.tsx')).then((m) => ({ default: m.ModalSwitch })),
);

/**
 * Opens the account modals by name (lib/modals.ts) and the register modal on /register and
 * /register.html. An ended session (401 login.not.session / user.or.token.invalid) shows its
 * message in the login modal.
 */
export function ModalHost() {
  const modal = useModal();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { loggedIn } = useSession();
  const registerRoute =
    location.pathname === paths.register.path || location.pathname === paths.registerHtml.path;

  useEffect(
    () =>
      onSessionEnded((code) => {
        queryClient.removeQueries({ queryKey: MEMBER_KEY });
        void loadErrorCatalogue().then(() =>
          openModal({ name: 'login', notice: errorText(new ApiError(code, '')) }),
        );
      }),
    [queryClient],
  );

  useEffect(() => {
    // A forced password change survives a reload (flag cpw): the member cannot skip it.
    if (storage.token() && storage.mustChangePassword()) openModal({ name: 'changePass', forced: true });
  }, []);

  useEffect(() => {
    // Registered (or logged in) on /register: the home page is where the member lands.
    if (registerRoute && loggedIn && !modal) navigate(paths.home.to(), { replace: true });
  }, [registerRoute, loggedIn, modal, navigate]);

  if (!modal && !(registerRoute && !loggedIn)) return null;
  return (
    <Suspense fallback={null}>
      <ModalSwitch modal={modal} registerRoute={registerRoute} />
    </Suspense>
  );
}
