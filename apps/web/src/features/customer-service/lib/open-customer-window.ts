/** Spec §9: the customer-service popup window is 440 x 750. */
export const CUSTOMER_WINDOW = { width: 440, height: 750 } as const;

/**
 * Opens a customer-service URL in its own small window, centred on the current one. Returns false
 * when the browser blocked it, so the caller can show the popup_blocked message.
 */
export function openCustomerWindow(url: string, target: Window = window): boolean {
  const { width, height } = CUSTOMER_WINDOW;
  const left = Math.max(0, Math.round(target.screenX + (target.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(target.screenY + (target.outerHeight - height) / 2));
  const features = `width=${width},height=${height},left=${left},top=${top},noopener=no,resizable=yes,scrollbars=yes`;
  const opened = target.open(url, 'customerService', features);
  if (!opened) return false;
  try {
    opened.opener = null;
  } catch {
    // Cross-origin windows may refuse; the window still opened.
  }
  return true;
}
