import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.tsx';
import './dialog.css';
import './native-dialog.css';

type NativeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
};

/**
 * A modal on the browser's own `<dialog>` (showModal: top layer, inert page behind, focus inside,
 * Escape), with the skin of the site's Radix Dialog. A click outside leaves it open: it closes by
 * its button or Escape, as spec §4 asks of the announcement popup, the modal of the first screen it
 * was made for (it costs the first load none of Radix's 27 KB).
 */
export function NativeDialog({
  open,
  onOpenChange,
  title,
  children,
  size = 'md',
  testId,
}: NativeDialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`dialog dialog--native dialog--${size}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        // Escape: the parent decides (it unmounts or closes the dialog through `open`).
        event.preventDefault();
        onOpenChange(false);
      }}
    >
      <header className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label={t('common.close')}
          onClick={() => onOpenChange(false)}
        >
          <CloseIcon />
        </button>
      </header>
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}
