import { useLayoutEffect, useRef } from 'react';
import { renderSafeHtml } from '../../lib/sanitize-html.ts';

/**
 * Announcement and help HTML is sanitised by the server; it is sanitised again here (lib/
 * sanitize-html.ts: the browser's HTML Sanitizer API, else DOMPurify) so a compromised or mistaken
 * server answer still cannot run script in the page. Nodes are inserted, never an HTML string.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const target = ref.current;
    if (!target) return;
    // A detached copy takes the content, so a slower earlier render can never overwrite a later one.
    const staging = document.createElement('div');
    let current = true;
    void renderSafeHtml(staging, html).then(() => {
      if (current) target.replaceChildren(...Array.from(staging.childNodes));
    });
    return () => {
      current = false;
    };
  }, [html]);
  return <div ref={ref} className={className} />;
}
