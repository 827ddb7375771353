import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlertDialog } from '../../../components/ui/AlertDialog.tsx';
import { paths } from '../../../config/paths.ts';
import { logger } from '../../../lib/logger.ts';
import { MEMBER_KEY } from '../../../lib/member-data.ts';
import { closeModal } from '../../../lib/modals.ts';
import { endSession } from '../../../lib/session.ts';
import { logout } from '../api/logout.ts';

/**
 * Logout with its confirm dialog (spec §4): call logout, clear session storage except the
 * merchant, go to /, and forget everything cached about the member.
 */
export async function performLogout(
  queryClient: ReturnType<typeof useQueryClient>,
  navigate: (to: string) => void,
  call: () => Promise<unknown> = logout,
): Promise<void> {
  try {
    await call();
  } catch (error) {
    // The session ends locally either way; the server's ends with its expiry.
    logger.warn('logout call failed', error);
  }
  endSession();
  queryClient.removeQueries({ queryKey: MEMBER_KEY });
  closeModal();
  navigate(paths.root.to());
}

export function LogoutConfirm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  return (
    <AlertDialog
      open
      onOpenChange={(open) => {
        if (!open && !pending) closeModal('logoutConfirm');
      }}
      title={t('auth.logoutTitle')}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('auth.logout')}
      confirmTestId="logout-confirm"
      testId="logout-dialog"
      onConfirm={() => {
        setPending(true);
        void performLogout(queryClient, navigate);
      }}
    >
      {t('auth.logoutMessage')}
    </AlertDialog>
  );
}
