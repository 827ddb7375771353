import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog.tsx';

/** A message with a confirm button (and an optional cancel): warnings and confirmations. */
export function AlertDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  cancelLabel,
  testId,
  confirmTestId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  children: ReactNode;
  confirmLabel?: string;
  onConfirm?: () => void;
  cancelLabel?: string;
  testId?: string;
  confirmTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} size="sm" testId={testId}>
      <div className="alert-dialog__body">{children}</div>
      <div className="alert-dialog__actions">
        {cancelLabel ? (
          <button type="button" className="button button--ghost" onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </button>
        ) : null}
        <button
          type="button"
          className="button button--primary"
          data-testid={confirmTestId}
          onClick={() => {
            onConfirm?.();
            if (!onConfirm) onOpenChange(false);
          }}
        >
          {confirmLabel ?? t('common.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
