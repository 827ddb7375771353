import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Announcement and help HTML is sanitised by the server; it is sanitised again here so a
 * compromised or mistaken server answer still cannot run script in the page.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(
    () => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] }),
    [html],
  );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
