import { storage } from './storage.ts';

/**
 * The brand's merchant code: the server writes it into `<meta name="merchant">` when it serves
 * index.html for the request's host; Vite dev mode has no server-filled meta and falls back to
 * VITE_MERCHANT or DEMO. Kept in sessionStorage `merchant` for every call of the tab.
 */
export function resolveMerchant(doc: Document = document): string | null {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="merchant"]')?.content.trim();
  if (meta) {
    storage.setMerchant(meta);
    return meta;
  }
  const stored = storage.merchant();
  if (stored) return stored;
  if (import.meta.env.DEV) {
    const dev = import.meta.env.VITE_MERCHANT || 'DEMO';
    storage.setMerchant(dev);
    return dev;
  }
  return null;
}
