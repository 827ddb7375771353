import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.tsx';
import './dialog.css';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Visible description, or a hidden one for screen readers. */
  description?: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
  /** Modals with click-to-close disabled close only by their close button (spec §4). */
  closeOnOutsideClick?: boolean;
};

/** The site's modal: Radix Dialog (focus trap, Escape, aria wiring) with the casino skin. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'md',
  testId,
  closeOnOutsideClick = true,
}: DialogProps) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={`dialog dialog--${size}`}
          data-testid={testId}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onInteractOutside={(event) => {
            // Clicks and focus moves outside (another dialog on top, for one) leave it open.
            if (!closeOnOutsideClick) event.preventDefault();
          }}
        >
          <header className="dialog__header">
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="icon-button" aria-label={t('common.close')}>
              <CloseIcon />
            </RadixDialog.Close>
          </header>
          {description ? (
            <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
          ) : null}
          <div className="dialog__body">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
