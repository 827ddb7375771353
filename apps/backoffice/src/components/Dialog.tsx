import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An accessible modal dialog (focus trap, Escape, labelled title) on Radix. `dismissible={false}`
 * keeps it open until the caller closes it (no close button, Escape and outside clicks ignored).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  children,
  dismissible = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  dismissible?: boolean;
}) {
  const { t } = useTranslation();
  const keep = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => (dismissible || next ? onOpenChange(next) : undefined)}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className="dialog"
          aria-describedby={undefined}
          onEscapeKeyDown={keep}
          onInteractOutside={keep}
        >
          <RadixDialog.Title>{title}</RadixDialog.Title>
          {children}
          {dismissible && (
            <RadixDialog.Close className="dialog-close" aria-label={t('common.close')}>
              ×
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
