import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../components/ui/AlertDialog.tsx';
import { closeModal } from '../../../lib/modals.ts';

/** Trial accounts (isAgent 4) on a member feature (spec §4, §8): a real account is needed. */
export function TrialWarning() {
  const { t } = useTranslation();
  return (
    <AlertDialog
      open
      onOpenChange={(open) => {
        if (!open) closeModal('trialWarning');
      }}
      title={t('auth.trialTitle')}
      testId="trial-warning"
      confirmTestId="trial-warning-confirm"
      onConfirm={() => closeModal('trialWarning')}
    >
      {t('auth.trialMessage')}
    </AlertDialog>
  );
}
