import { session } from './session.ts';

/**
 * The brand, as on the member site: the server fills `<meta name="merchant">` for the request's
 * host when it serves the back office's index.html; Vite dev mode falls back to VITE_MERCHANT or DEMO.
 */
export function resolveMerchant(doc: Document = document): string | null {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="merchant"]')?.content.trim();
  if (meta) {
    session.setMerchant(meta);
    return meta;
  }
  const stored = session.merchant();
  if (stored) return stored;
  if (import.meta.env.DEV) return import.meta.env.VITE_MERCHANT || 'DEMO';
  return null;
}
