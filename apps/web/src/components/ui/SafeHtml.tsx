import { useLayoutEffect, useRef } from 'react';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';

/**
 * Announcement and help HTML is sanitised by the server; it is sanitised again here (lib/
 * sanitize-html.ts) so a compromised or mistaken server answer still cannot run script in the
 * page. The allowed nodes are inserted as nodes, before paint, never as an HTML string.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(sanitizeHtml(html));
  }, [html]);
  return <div ref={ref} className={className} />;
}
